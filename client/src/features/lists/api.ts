import { api } from '../../api/api'
import type { MemberCard } from '../../entities/member'

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

/** The path of each list (GET, paged by skip and limit); DELETE on `${path}/{id}` lifts a block or a "don't show" mark. */
export const LIST_PATH: Record<MemberListKind, string> = {
  blocked: 'profile/block',
  'dont-show': 'profile/dont-show',
  'recently-viewed': 'profile/recently-viewed',
  'recent-visitors': 'profile/recent-visitors',
  // Received: pending invitations to the viewer. Sent: the viewer's, any status. Accepted: either way.
  'invitations-received': 'profile/invitations/received',
  'invitations-sent': 'profile/invitations/sent',
  'invitations-accepted': 'profile/invitations/accepted',
}

/**
 * The member lists of spec §2 "Lists" and the inbox (GET profile/block, profile/dont-show, profile/recently-viewed,
 * profile/recent-visitors, profile/invitations/received|sent|accepted). The calls that make or lift a block, a
 * "don't show" mark or an invitation are the member entity's (entities/member), which invalidate these lists.
 */
export const memberListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMemberList: build.query<MemberPage, { kind: MemberListKind; skip: number; limit: number }>({
      query: ({ kind, skip, limit }) => ({ url: LIST_PATH[kind], params: { skip, limit } }),
      providesTags: [{ type: 'MemberList', id: 'LIST' }],
    }),
  }),
})

export const { useGetMemberListQuery } = memberListsApi
