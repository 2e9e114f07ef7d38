import { api } from '../../api/api'
import { memberChangedTags } from '../../entities/member/api'

// The card types live with the member entity; the lists and the partner view import them from here as before.
export type { CardInvitation, MemberCard } from '../../entities/member/types'
import type { MemberCard } from '../../entities/member/types'

/** A page of a member list. */
export interface MemberPage {
  items: MemberCard[]
  total: number
}

/** The member lists of spec §2 "Lists" and the inbox's invitation lists that this API serves. */
export type MemberListKind =
  | 'blocked'
  | 'dont-show'
  | 'recently-viewed'
  | 'recent-visitors'
  | 'invitations-received'
  | 'invitations-sent'
  | 'invitations-accepted'

const LIST_PATH: Record<MemberListKind, string> = {
  blocked: 'profile/block',
  'dont-show': 'profile/dont-show',
  'recently-viewed': 'profile/recently-viewed',
  'recent-visitors': 'profile/recent-visitors',
  // Received: pending invitations to the viewer. Sent: the viewer's, any status. Accepted: either way.
  'invitations-received': 'profile/invitations/received',
  'invitations-sent': 'profile/invitations/sent',
  'invitations-accepted': 'profile/invitations/accepted',
}

/** What a report says (POST profile/report/{id}). */
export interface ReportInput {
  kind: 'profile' | 'chat'
  reason: ReportReason
  details: string
}

/** The reasons the server accepts, with their words. */
export const REPORT_REASONS = [
  { value: 'fake', label: 'Fake profile or false details' },
  { value: 'married', label: 'Already married' },
  { value: 'money', label: 'Asked for money or gifts' },
  { value: 'abusive', label: 'Abusive, rude or indecent' },
  { value: 'other', label: 'Something else' },
] as const

export type ReportReason = (typeof REPORT_REASONS)[number]['value']

/** The longest report text the server takes, in characters. */
export const MAX_REPORT_DETAILS = 1000

/**
 * The member lists of spec §2 "Lists" and the inbox (GET profile/block, profile/dont-show, profile/recently-viewed,
 * profile/recent-visitors, profile/invitations/received|sent|accepted) and reports (POST profile/report/{id}). The
 * calls that make or lift a block, a "don't show" mark or an invitation are the member entity's (entities/member),
 * re-exported below for this feature's screens.
 */
export const relationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMemberList: build.query<MemberPage, { kind: MemberListKind; skip: number; limit: number }>({
      query: ({ kind, skip, limit }) => ({ url: LIST_PATH[kind], params: { skip, limit } }),
      providesTags: [{ type: 'MemberList', id: 'LIST' }],
    }),
    reportProfile: build.mutation<null, { profileId: string } & ReportInput>({
      query: ({ profileId, ...body }) => ({ url: `profile/report/${encodeURIComponent(profileId)}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { profileId }) => memberChangedTags(profileId),
    }),
  }),
})

export const { useGetMemberListQuery, useReportProfileMutation } = relationsApi

// The calls on one member (block, don't show, invitations) belong to the member entity, which the match cards share.
export {
  useBlockProfileMutation,
  useUnblockProfileMutation,
  useDontShowProfileMutation,
  useShowProfileAgainMutation,
  useInviteProfileMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useCancelInvitationMutation,
} from '../../entities/member/api'
