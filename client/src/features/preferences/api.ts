import { acknowledge, api } from '../../api/api'
import type { Acknowledged } from '../../api/api'
import type { Preference } from './types'

/** GET and POST preference (spec §7): the member's partner preferences. */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPreference: build.query<Preference, void>({
      query: () => 'preference',
      providesTags: ['Preference'],
    }),
    savePreference: build.mutation<Acknowledged<Preference>, Preference>({
      query: (body) => ({ url: 'preference', method: 'POST', body }),
      transformResponse: acknowledge<Preference>,
      // The answer is the stored preference: put it in the cache instead of asking again.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          dispatch(preferencesApi.util.upsertQueryData('getPreference', undefined, data.data))
        } catch {
          // Shown by the form and the error toaster.
        }
      },
      // The match lists follow the preferences: load them afresh.
      invalidatesTags: (_r, error) => (error ? [] : ['Match']),
    }),
  }),
})

export const { useGetPreferenceQuery, useSavePreferenceMutation } = preferencesApi
