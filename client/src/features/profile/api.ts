import { acknowledge, api } from '../../api/api'
import type { Acknowledged } from '../../api/api'
import type { Dashboard, OwnPhoto, OwnProfile, ProfileOptions, ProfileUpdate, SuggestedPreference } from './types'

/** The member's own profile calls of spec §7: GET profile, PUT profile, GET profile/dash-view and GET profile/options. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnProfile: build.query<OwnProfile, void>({
      query: () => 'profile',
      providesTags: ['OwnProfile'],
    }),
    getDashView: build.query<Dashboard, void>({
      query: () => 'profile/dash-view',
      providesTags: ['DashView'],
    }),
    getProfileOptions: build.query<ProfileOptions, void>({
      query: () => 'profile/options',
      // Fixed lists: they change only with a release.
      keepUnusedDataFor: 3600,
    }),
    updateProfile: build.mutation<Acknowledged<OwnProfile>, ProfileUpdate>({
      query: (body) => ({ url: 'profile', method: 'PUT', body }),
      transformResponse: acknowledge<OwnProfile>,
      // The answer is the whole profile: put it straight into the cache, so completion moves on without a refetch.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          dispatch(profileApi.util.upsertQueryData('getOwnProfile', undefined, data.data))
        } catch {
          // The error is shown by the form and the toaster.
        }
      },
      // Matches read the profile too (age, place for Near Me, what others' preferences meet).
      invalidatesTags: (_r, error) => (error ? [] : ['DashView', 'Preference', 'Match']),
    }),
    // The completion page's own photo step: one upload; managing photos is the My Photos page's job.
    uploadCompletionPhoto: build.mutation<Acknowledged<{ photos: OwnPhoto[] }>, File>({
      query: (file) => {
        const body = new FormData()
        body.append('image', file)
        return { url: 'profile/images', method: 'POST', body }
      },
      transformResponse: acknowledge<{ photos: OwnPhoto[] }>,
      invalidatesTags: (_r, error) => (error ? [] : ['OwnProfile', 'DashView', 'Photos']),
    }),
    // The completion page's preference step: the suggestions derived from the profile, saved as they are.
    getSuggestedPreference: build.query<SuggestedPreference, void>({
      query: () => 'preference',
      providesTags: ['Preference'],
    }),
    saveSuggestedPreference: build.mutation<Acknowledged<SuggestedPreference>, SuggestedPreference>({
      query: (body) => ({ url: 'preference', method: 'POST', body }),
      transformResponse: acknowledge<SuggestedPreference>,
      invalidatesTags: (_r, error) => (error ? [] : ['OwnProfile', 'DashView', 'Preference']),
    }),
  }),
})

export const {
  useGetOwnProfileQuery,
  useGetDashViewQuery,
  useGetProfileOptionsQuery,
  useUpdateProfileMutation,
  useUploadCompletionPhotoMutation,
  useGetSuggestedPreferenceQuery,
  useSaveSuggestedPreferenceMutation,
} = profileApi
