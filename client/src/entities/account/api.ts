import { api } from '../../api/api'
import type { MemberProfile } from './types'

/** GET profile: the signed-in member's profile summary, which the account state keeps (spec §3 "Profile"). */
export const profileSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<MemberProfile, void>({
      query: () => 'profile',
      providesTags: ['Profile'],
    }),
  }),
})

export const { useGetProfileQuery } = profileSummaryApi
