import { api } from '../../api/api'
import type { PhotoRef } from '../../lib/photos'

/** A member as the viewer's lists show them (server profile.Card). */
export interface MemberCard {
  profileID: string
  userName: string
  /** 10 groom, 20 bride. */
  gender: number
  age: number
  heightCm: number | null
  height: string
  maritalStatus: string
  community: string
  motherTongue: string
  degree: string
  profession: string
  city: string
  state: string
  /** At most the default photo, already signed for this viewer; empty when protected or blocked. */
  photos: PhotoRef[]
  photosProtected: boolean
  /** Verification kinds: mobile, email, id, parish. */
  badges: string[]
  /** Recently viewed / recent visitors: the last view, ISO time. */
  viewedAt?: string
  viewCount?: number
  /** Blocked / don't-show lists: when the mark was made, ISO time. */
  since?: string
  /** Invitation lists: the invitation between the viewer and this member. */
  invitation?: CardInvitation
}

/** An invitation as the lists and the partner view show it. */
export interface CardInvitation {
  status: 'pending' | 'accepted' | 'declined' | 'cancelled'
  /** The viewer sent it (else the member sent it to the viewer). */
  sentByMe: boolean
  /** When it was sent or last answered, ISO time. */
  at: string
}

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

/** The lists every relation change can alter, and the partner view it changes. */
const changed = (_r: unknown, _e: unknown, profileId: string) => [
  { type: 'MemberList' as const, id: 'LIST' },
  { type: 'Partner' as const, id: profileId.toUpperCase() },
  { type: 'DashView' as const },
]

/** A call on one member, POST or DELETE profile/<path>/{id}, that changes the relation lists and their partner view. */
const onMember = (path: string, method: 'POST' | 'DELETE' = 'POST') => ({
  query: (profileId: string) => ({ url: `profile/${path}/${encodeURIComponent(profileId)}`, method }),
  invalidatesTags: changed,
})

/**
 * Blocks and "don't show" marks (spec §7: POST profile/block/{id}, GET profile/block, POST profile/dont-show/{id},
 * GET profile/dont-show; DELETE on the same paths undoes them), reports (POST profile/report/{id}), invitations
 * (spec §7: profile/invite/{id}, accept-invitation, decline-invitation, cancel-invitation; each {id} is the other
 * member's profile id) and the member lists of spec §2 "Lists" and the inbox.
 */
export const relationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMemberList: build.query<MemberPage, { kind: MemberListKind; skip: number; limit: number }>({
      query: ({ kind, skip, limit }) => ({ url: LIST_PATH[kind], params: { skip, limit } }),
      providesTags: [{ type: 'MemberList', id: 'LIST' }],
    }),
    blockProfile: build.mutation<null, string>(onMember('block')),
    unblockProfile: build.mutation<null, string>(onMember('block', 'DELETE')),
    dontShowProfile: build.mutation<null, string>(onMember('dont-show')),
    reportProfile: build.mutation<null, { profileId: string } & ReportInput>({
      query: ({ profileId, ...body }) => ({ url: `profile/report/${encodeURIComponent(profileId)}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { profileId }) => changed(_r, _e, profileId),
    }),
    inviteProfile: build.mutation<null, string>(onMember('invite')),
    acceptInvitation: build.mutation<null, string>(onMember('accept-invitation')),
    declineInvitation: build.mutation<null, string>(onMember('decline-invitation')),
    cancelInvitation: build.mutation<null, string>(onMember('cancel-invitation')),
    showProfileAgain: build.mutation<null, string>(onMember('dont-show', 'DELETE')),
  }),
})

export const {
  useGetMemberListQuery,
  useBlockProfileMutation,
  useUnblockProfileMutation,
  useDontShowProfileMutation,
  useShowProfileAgainMutation,
  useReportProfileMutation,
  useInviteProfileMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useCancelInvitationMutation,
} = relationsApi
