import { adminApi, compact } from '../api'
import type { MemberDetail, MemberRow, MemberStatus, Page } from '../types'

/** The member search: q (profile id, name, e-mail or phone), status, paging. */
export interface MemberQuery {
  q?: string
  status?: MemberStatus | ''
  skip: number
  limit: number
}

/** The member actions that take a reason (and days for a suspension). */
export type MemberAction = 'suspend' | 'ban' | 'unban' | 'hide' | 'unhide'

/** Whether an answer is a whole member (suspend answers with one). */
function isMemberDetail(v: unknown): v is MemberDetail {
  return typeof v === 'object' && v !== null && 'profileId' in v && 'photos' in v && 'status' in v
}

const membersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    searchMembers: build.query<Page<MemberRow>, MemberQuery>({
      query: (q) => ({ url: 'members', params: compact(q) }),
      providesTags: [{ type: 'Member', id: 'LIST' }],
    }),
    getMember: build.query<MemberDetail, string>({
      query: (profileId) => `members/${encodeURIComponent(profileId)}`,
      providesTags: (_r, _e, id) => [{ type: 'Member', id }],
      // Opening a member writes an audit row: ask once per visit, not on every focus.
      keepUnusedDataFor: 0,
    }),
    memberAction: build.mutation<unknown, { profileId: string; action: MemberAction; reason: string; days?: number }>({
      query: ({ profileId, action, reason, days }) => ({
        url: `members/${encodeURIComponent(profileId)}/${action}`,
        method: 'POST',
        body: action === 'suspend' ? { days, reason } : { reason },
      }),
      // The page shows the outcome without asking for the member again (each GET is one more audit row).
      async onQueryStarted({ profileId, action, days }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
        if (data === undefined) return
        dispatch(
          membersApi.util.updateQueryData('getMember', profileId, (m) => {
            if (isMemberDetail(data)) return data
            if (action === 'ban') m.status = 'banned'
            else if (action === 'unban') m.status = 'active'
            else if (action === 'hide') m.hidden = true
            else if (action === 'unhide') m.hidden = false
            else if (action === 'suspend') {
              m.status = 'suspended'
              m.suspendedUntil = new Date(Date.now() + (days ?? 0) * 86_400_000).toISOString()
            }
          }),
        )
      },
      invalidatesTags: [{ type: 'Member', id: 'LIST' }],
    }),
    removeMemberPhoto: build.mutation<unknown, { profileId: string; photoId: string | number; reason: string }>({
      query: ({ profileId, photoId, reason }) => ({
        url: `members/${encodeURIComponent(profileId)}/photos/${encodeURIComponent(String(photoId))}`,
        method: 'DELETE',
        body: { reason },
      }),
      async onQueryStarted({ profileId, photoId }, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true).catch(() => false))) return
        dispatch(
          membersApi.util.updateQueryData('getMember', profileId, (m) => {
            m.photos = m.photos.filter((p) => String(p.id) !== String(photoId))
          }),
        )
      },
    }),
  }),
})

export const { useSearchMembersQuery, useGetMemberQuery, useMemberActionMutation, useRemoveMemberPhotoMutation } = membersApi
