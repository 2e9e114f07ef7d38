import { api } from '../../api/api'
import type { PartnerProfile, ProfileOptions } from './types'

/** The profile another member sees (GET profile/partner/{id}) and the labels of its coded fields. */
export const partnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPartnerProfile: build.query<PartnerProfile, string>({
      query: (profileId) => `profile/partner/${encodeURIComponent(profileId)}`,
      providesTags: (_r, _e, profileId) => [{ type: 'Partner', id: profileId.toUpperCase() }],
      // Photo grants last hours, and every GET records a profile view: do not ask again on every visit.
      keepUnusedDataFor: 120,
    }),
    getPartnerLabels: build.query<ProfileOptions, void>({
      query: () => 'profile/options',
      keepUnusedDataFor: 3600,
    }),
  }),
})

export const { useGetPartnerProfileQuery, useGetPartnerLabelsQuery } = partnerApi
