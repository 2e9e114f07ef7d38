import { acknowledge, api } from '../../api/api'
import type { Acknowledged, ApiError } from '../../api/api'
import type { ContactViewResult, MatchListKind, MatchPage, PageArgs, ReportInput, RequestKind, SavedSearch, SearchFilter, SearchKind, ViewedContactPage } from './types'

/** Spec §9: the default page size. */
export const PAGE_SIZE = 10

/** The path of each match list (spec §7 spells them "-matchs"). */
const MATCH_PATH: Record<MatchListKind, string> = {
  my: 'profile/my-matchs',
  new: 'profile/new-matchs',
  nearby: 'profile/nearby-matchs',
  today: 'profile/today-matchs',
  discovery: 'profile/discovery-matchs',
}

/** The search of each form. */
const SEARCH_API: Record<SearchKind, string> = {
  basic: 'profile/search',
  advance: 'profile/advance-search',
}

/** The one tag every list of members carries: any change to a relation (invite, don't show, block) reloads them. */
const MATCH_LISTS = { type: 'Match' as const, id: 'LIST' }

/** The paging part of a list body: limit, and the cursor when there is one (it wins over skip on the server). */
function pageBody({ cursor, limit = PAGE_SIZE }: PageArgs) {
  return cursor ? { limit, cursor } : { skip: 0, limit }
}

/** Drops the empty fields of a search: the server ignores them, and a shorter body is a better cache key. */
export function compactFilter(filter: SearchFilter): SearchFilter {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(filter)) {
    if (v === undefined || v === null || v === '' || v === false || v === 0) continue
    if (Array.isArray(v) && v.length === 0) continue
    out[k] = v
  }
  return out as SearchFilter
}

/** What a relation change can alter: every member list, the partner view of that member and the dashboard. */
const memberChangedTags = (profileId: string) => [
  { type: 'MemberList' as const, id: 'LIST' },
  MATCH_LISTS,
  { type: 'Partner' as const, id: profileId.toUpperCase() },
  { type: 'DashView' as const },
]

/** A call on one member, POST or DELETE profile/<path>/{id}, that changes the lists and their partner view. */
const onMember = (path: string, method: 'POST' | 'DELETE' = 'POST') => ({
  query: (profileId: string) => ({ url: `profile/${path}/${encodeURIComponent(profileId)}`, method }),
  invalidatesTags: (_r: unknown, _e: unknown, profileId: string) => memberChangedTags(profileId),
})

/** The tag of the inbox's request lists (GET profile/requests/received|sent, served by the lists feature). */
export const REQUEST_LISTS = { type: 'MemberList' as const, id: 'REQUESTS' }

/** What a photo or phone request call changes: the request lists, that member's partner view and the dashboard's counts. */
const requestChangedTags = (profileId: string) => [REQUEST_LISTS, { type: 'Partner' as const, id: profileId.toUpperCase() }, { type: 'DashView' as const }]

/** The tag of Inbox → Contacts' "Viewed with my plan" list (GET list-of-contactview). */
export const CONTACT_VIEWS = { type: 'MemberList' as const, id: 'CONTACT_VIEWS' }

/** Which request, on whom: the kind and the other member's profile id. */
export interface RequestArgs {
  kind: RequestKind
  profileId: string
}

/**
 * A photo or phone request call, POST profile/{kind}-request{verb}/{id}: ask (no verb), or accept, decline, ignore
 * (the owner, on the request {id} sent) or cancel (the requester withdraws). A success changes the request lists,
 * the partner view and the dashboard; so does a 404 or 409, which says this screen's picture was out of date (the
 * request was withdrawn or answered meanwhile, or already stands).
 */
const onRequest = (verb: '' | '-accept' | '-decline' | '-ignore' | '-cancel') => ({
  query: ({ kind, profileId }: RequestArgs) => ({ url: `profile/${kind}-request${verb}/${encodeURIComponent(profileId)}`, method: 'POST' }),
  invalidatesTags: (_r: unknown, error: unknown, { profileId }: RequestArgs) => {
    const status = (error as ApiError | undefined)?.status
    return !error || status === 404 || status === 409 ? requestChangedTags(profileId) : []
  },
})

/**
 * A member as others see them: the match lists (POST profile/my-matchs, new-matchs, nearby-matchs, today-matchs,
 * discovery-matchs; PATCH profile/today-viewed-matchs), the searches (POST profile/search, advance-search,
 * search-matchs/{id}), saved searches (POST profile/search/save, GET profile/search/saved, PATCH
 * profile/search/delete/{id}), and the calls on one member that change who shows where (block, don't show,
 * invitations, photo and phone requests, reports; each {id} is the other member's profile id).
 */
export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMatches: build.query<MatchPage, { kind: MatchListKind } & PageArgs>({
      query: ({ kind, ...page }) => ({ url: MATCH_PATH[kind], method: 'POST', body: pageBody(page) }),
      providesTags: [MATCH_LISTS],
    }),
    // No tag change: today's cards keep their "not seen yet" look for this visit; the next visit loads them afresh.
    markTodayViewed: build.mutation<{ viewed: number }, string[]>({
      query: (profileIDs) => ({ url: 'profile/today-viewed-matchs', method: 'PATCH', body: { profileIDs } }),
    }),
    searchMembers: build.query<MatchPage, { kind: SearchKind; filter: SearchFilter } & PageArgs>({
      query: ({ kind, filter, ...page }) => ({ url: SEARCH_API[kind], method: 'POST', body: { ...compactFilter(filter), ...pageBody(page) } }),
      providesTags: [MATCH_LISTS],
    }),
    runSavedSearch: build.query<MatchPage, { id: number } & PageArgs>({
      query: ({ id, ...page }) => ({ url: `profile/search-matchs/${id}`, method: 'POST', body: pageBody(page) }),
      providesTags: [MATCH_LISTS],
    }),
    getSavedSearches: build.query<SavedSearch[], void>({
      query: () => 'profile/search/saved',
      transformResponse: (data: { items?: SavedSearch[] } | null) => data?.items ?? [],
      providesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
    saveSearch: build.mutation<Acknowledged<SavedSearch>, { name: string; kind: SearchKind; filter: SearchFilter }>({
      query: ({ filter, ...rest }) => ({ url: 'profile/search/save', method: 'POST', body: { ...rest, filter: compactFilter(filter) } }),
      transformResponse: acknowledge<SavedSearch>,
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'SavedSearch', id: 'LIST' }]),
    }),
    deleteSavedSearch: build.mutation<null, number>({
      query: (id) => ({ url: `profile/search/delete/${id}`, method: 'PATCH' }),
      invalidatesTags: [{ type: 'SavedSearch', id: 'LIST' }],
    }),
    blockProfile: build.mutation<null, string>(onMember('block')),
    unblockProfile: build.mutation<null, string>(onMember('block', 'DELETE')),
    dontShowProfile: build.mutation<null, string>(onMember('dont-show')),
    showProfileAgain: build.mutation<null, string>(onMember('dont-show', 'DELETE')),
    inviteProfile: build.mutation<null, string>(onMember('invite')),
    acceptInvitation: build.mutation<null, string>(onMember('accept-invitation')),
    declineInvitation: build.mutation<null, string>(onMember('decline-invitation')),
    cancelInvitation: build.mutation<null, string>(onMember('cancel-invitation')),
    // Photo and phone requests (spec §7): the viewer asks or withdraws; the owner accepts, declines or ignores.
    sendRequest: build.mutation<unknown, RequestArgs>(onRequest('')),
    acceptRequest: build.mutation<unknown, RequestArgs>(onRequest('-accept')),
    declineRequest: build.mutation<unknown, RequestArgs>(onRequest('-decline')),
    ignoreRequest: build.mutation<unknown, RequestArgs>(onRequest('-ignore')),
    withdrawRequest: build.mutation<unknown, RequestArgs>(onRequest('-cancel')),
    // A contact view (spec §7 profile/partner/contact-view/{id}): spends one view of the viewer's plan (not on a
    // second look in the same plan period) and unmasks the member's contact. It changes that member's partner view,
    // the lists, the dashboard's and the profile's views left (entitlements) and the list of viewed contacts.
    viewContact: build.mutation<ContactViewResult, string>({
      query: (profileId) => ({ url: `profile/partner/contact-view/${encodeURIComponent(profileId)}`, method: 'POST' }),
      invalidatesTags: (_r, error, profileId) => (error ? [] : [...memberChangedTags(profileId), CONTACT_VIEWS, { type: 'Profile' as const }]),
    }),
    // The members whose contact the viewer viewed with their plan, newest first (Inbox → Contacts).
    getContactViews: build.query<ViewedContactPage, { skip: number; limit: number }>({
      query: ({ skip, limit }) => ({ url: 'list-of-contactview', params: { skip, limit } }),
      transformResponse: (data: ViewedContactPage | null) => ({ items: data?.items ?? [], total: data?.total ?? 0 }),
      providesTags: [CONTACT_VIEWS, { type: 'MemberList' as const, id: 'LIST' }],
    }),
    // A report also blocks the member and marks them "don't show", so it changes the same lists.
    reportProfile: build.mutation<null, { profileId: string } & ReportInput>({
      query: ({ profileId, ...body }) => ({ url: `profile/report/${encodeURIComponent(profileId)}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { profileId }) => memberChangedTags(profileId),
    }),
  }),
})

export const {
  useGetMatchesQuery,
  useMarkTodayViewedMutation,
  useSearchMembersQuery,
  useRunSavedSearchQuery,
  useGetSavedSearchesQuery,
  useSaveSearchMutation,
  useDeleteSavedSearchMutation,
  useBlockProfileMutation,
  useUnblockProfileMutation,
  useDontShowProfileMutation,
  useShowProfileAgainMutation,
  useInviteProfileMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useCancelInvitationMutation,
  useReportProfileMutation,
  useSendRequestMutation,
  useAcceptRequestMutation,
  useDeclineRequestMutation,
  useIgnoreRequestMutation,
  useWithdrawRequestMutation,
  useViewContactMutation,
  useGetContactViewsQuery,
} = memberApi
