import { adminApi, compact } from '../api'
import type { ContactDetail, ContactRow, ContactStatus, Page } from '../types'

const supportApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listContact: build.query<Page<ContactRow>, { status?: ContactStatus | ''; mine?: boolean; skip: number; limit: number }>({
      query: (q) => ({ url: 'contact', params: compact(q) }),
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    // The admins a message may be handed to: active, and whose roles open the inbox.
    listAssignees: build.query<{ items: { id: number; name: string }[] }, void>({
      query: () => 'contact/assignees',
    }),
    getContact: build.query<ContactDetail, number>({
      query: (id) => `contact/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
      // Opening a message writes an audit row: ask once per visit.
      keepUnusedDataFor: 0,
    }),
    // Both change the open message in place: asking for it again would write one more audit row.
    assignContact: build.mutation<unknown, { id: number; adminId: number | null; assignee: { id: number; name: string } }>({
      query: ({ id, adminId }) => ({ url: `contact/${id}/assign`, method: 'POST', body: { adminId } }),
      async onQueryStarted({ id, assignee }, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true).catch(() => false))) return
        dispatch(
          supportApi.util.updateQueryData('getContact', id, (m) => {
            m.assignedTo = assignee
            if (m.status === 'new') m.status = 'assigned'
          }),
        )
      },
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    answerContact: build.mutation<unknown, { id: number; note: string; by: string }>({
      query: ({ id, note }) => ({ url: `contact/${id}/answered`, method: 'POST', body: { note } }),
      async onQueryStarted({ id, note, by }, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true).catch(() => false))) return
        dispatch(
          supportApi.util.updateQueryData('getContact', id, (m) => {
            m.status = 'answered'
            m.adminNote = note
            m.answeredAt = new Date().toISOString()
            m.answeredBy = by
          }),
        )
      },
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
  }),
})

export const { useListContactQuery, useListAssigneesQuery, useGetContactQuery, useAssignContactMutation, useAnswerContactMutation } = supportApi
