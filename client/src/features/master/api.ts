import { api } from '../../api/api'
import { compactParams } from '../../lib/format'

/** One entry of a master list; some lists carry more fields (code, countryId, lat/lng). */
export interface MasterItem {
  id: number | string
  name: string
  [extra: string]: unknown
}

/** The master lists of spec §7. */
export type MasterKind = 'language' | 'community' | 'religion' | 'degree' | 'college' | 'profession' | 'company' | 'country' | 'state' | 'city' | 'income' | 'height'

export interface MasterFilter {
  kind: MasterKind
  q?: string
  countryId?: number | string
  stateId?: number | string
}

/** GET master/{kind}?q=&countryId=&stateId= */
export const masterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMaster: build.query<MasterItem[], MasterFilter>({
      query: ({ kind, ...rest }) => ({ url: `master/${kind}`, params: compactParams(rest) }),
      providesTags: (_r, _e, arg) => [{ type: 'Master', id: arg.kind }],
    }),
  }),
})

export const { useGetMasterQuery } = masterApi
