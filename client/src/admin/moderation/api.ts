import { adminApi, compact } from '../api'
import type { Page, ProofRow, ProofStatus, ReportAction, ReportDetail, ReportRow } from '../types'

const moderationApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listProofs: build.query<Page<ProofRow>, { status: ProofStatus; skip: number; limit: number }>({
      query: (q) => ({ url: 'proofs', params: compact(q) }),
      providesTags: [{ type: 'Proof', id: 'LIST' }],
    }),
    proofVerdict: build.mutation<ProofRow, { id: number; verdict: 'verified' | 'rejected'; reason: string }>({
      query: ({ id, verdict, reason }) => ({ url: `proofs/${id}/verdict`, method: 'POST', body: { verdict, reason } }),
      invalidatesTags: [{ type: 'Proof', id: 'LIST' }],
    }),
    listReports: build.query<Page<ReportRow>, { status: 'open' | 'closed'; skip: number; limit: number }>({
      query: (q) => ({ url: 'reports', params: compact(q) }),
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    getReport: build.query<ReportDetail, number>({
      query: (id) => `reports/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Report', id }],
      // Opening a report writes an audit row: ask once per visit.
      keepUnusedDataFor: 0,
    }),
    reportAction: build.mutation<ReportRow, { id: number; action: ReportAction; note: string; days?: number }>({
      query: ({ id, action, note, days }) => ({ url: `reports/${id}/action`, method: 'POST', body: action === 'suspend' ? { action, note, days } : { action, note } }),
      // The answer updates the open report in place (asking for it again would be one more audit row).
      async onQueryStarted({ id, note }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
        if (!data || typeof data !== 'object') return
        dispatch(moderationApi.util.updateQueryData('getReport', id, (r) => ({ ...r, ...data, outcomeNote: r.outcomeNote || note })))
      },
      invalidatesTags: [{ type: 'Report', id: 'LIST' }, { type: 'Member', id: 'LIST' }],
    }),
  }),
})

export const { useListProofsQuery, useProofVerdictMutation, useListReportsQuery, useGetReportQuery, useReportActionMutation } = moderationApi
