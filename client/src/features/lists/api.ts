import { api } from '../../api/api'
import { REQUEST_LISTS } from '../../entities/member'
import type { MemberCard, RequestCard, RequestKind } from '../../entities/member'

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

/** A page of a request list. */
export interface RequestPage {
  items: RequestCard[]
  total: number
}

/** Which side of the requests: those other members sent the viewer, or the viewer's own. */
export type RequestBox = 'received' | 'sent'

/** The path of each request list (GET, paged by skip and limit, filtered by kind and status). */
export const REQUEST_PATH: Record<RequestBox, string> = {
  received: 'profile/requests/received',
  sent: 'profile/requests/sent',
}

/** One page of a request list: every kind and status unless narrowed ("answered" is accepted, declined or ignored; "accepted" alone feeds Contacts). */
export interface RequestListArgs {
  box: RequestBox
  kind?: RequestKind
  status?: 'pending' | 'answered' | 'accepted'
  skip: number
  limit: number
}

/**
 * The inbox's photo and phone requests (GET profile/requests/received|sent). The answers (accept, decline, ignore)
 * and the requester's calls (ask, withdraw) are the member entity's, which invalidate REQUEST_LISTS; a block, a
 * "don't show" mark or a report (the member lists' tag) can take a member off these lists too.
 */
export const requestListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRequestList: build.query<RequestPage, RequestListArgs>({
      query: ({ box, kind, status, skip, limit }) => ({ url: REQUEST_PATH[box], params: { ...(kind ? { kind } : {}), ...(status ? { status } : {}), skip, limit } }),
      providesTags: [{ type: 'MemberList', id: 'LIST' }, REQUEST_LISTS],
    }),
  }),
})

export const { useGetRequestListQuery } = requestListsApi
