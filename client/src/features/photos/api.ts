import { acknowledge, api } from '../../api/api'
import type { Acknowledged } from '../../api/api'
import type { PhotoList, PhotoSettings, PhotoVisibility, ProofKind, ProofList } from './types'

/** Waits for a mutation and hands its answer's data (the whole new list) to put; a failure is left to the toaster. */
async function withAnswer<T>(queryFulfilled: Promise<{ data: Acknowledged<T> }>, put: (data: T) => void) {
  const res = await queryFulfilled.catch(() => null)
  if (res) put(res.data.data)
}

/** Tags whose data shows the member's photos elsewhere (own profile, dashboard). */
const PHOTO_DEPENDENTS = ['OwnProfile', 'DashView', 'Partner'] as const

/** Photos, photo visibility and proofs (spec §7 "Photos"); the two uploads go through transport.ts for progress. */
export const photosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyPhotos: build.query<PhotoList, void>({
      query: () => 'profile/images',
      providesTags: ['Photos'],
    }),
    makeDefaultPhoto: build.mutation<Acknowledged<PhotoList>, string>({
      query: (photoId) => ({ url: `profile/images/${encodeURIComponent(photoId)}/default`, method: 'PATCH' }),
      transformResponse: acknowledge<PhotoList>,
      // The answer is the new list: show it at once instead of asking again.
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => withAnswer(queryFulfilled, (d) => dispatch(photosApi.util.upsertQueryData('getMyPhotos', undefined, d))),
      invalidatesTags: (_r, error) => (error ? [] : [...PHOTO_DEPENDENTS]),
    }),
    deletePhoto: build.mutation<Acknowledged<PhotoList>, string>({
      query: (photoId) => ({ url: `profile/images/${encodeURIComponent(photoId)}`, method: 'DELETE' }),
      transformResponse: acknowledge<PhotoList>,
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => withAnswer(queryFulfilled, (d) => dispatch(photosApi.util.upsertQueryData('getMyPhotos', undefined, d))),
      invalidatesTags: (_r, error) => (error ? [] : [...PHOTO_DEPENDENTS]),
    }),
    getPhotoSettings: build.query<PhotoSettings, void>({
      query: () => 'profile/settings',
      providesTags: ['Settings'],
    }),
    setPhotoVisibility: build.mutation<Acknowledged<PhotoSettings>, PhotoVisibility>({
      query: (photoVisibility) => ({ url: 'profile/settings', method: 'PATCH', body: { photoVisibility } }),
      transformResponse: acknowledge<PhotoSettings>,
      // Shown at once, so the choice does not flick back while the settings load again; undone if refused.
      async onQueryStarted(photoVisibility, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          photosApi.util.updateQueryData('getPhotoSettings', undefined, (draft) => {
            draft.photoVisibility = photoVisibility
          }),
        )
        await queryFulfilled.catch(() => patch.undo())
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Settings', 'OwnProfile', 'Partner']),
    }),
    getProofs: build.query<ProofList, void>({
      query: () => 'profile/proof',
      providesTags: ['Proofs'],
    }),
    deleteProof: build.mutation<Acknowledged<ProofList>, ProofKind>({
      query: (kind) => ({ url: `profile/proof/${kind}`, method: 'DELETE' }),
      transformResponse: acknowledge<ProofList>,
      onQueryStarted: (_kind, { dispatch, queryFulfilled }) => withAnswer(queryFulfilled, (d) => dispatch(photosApi.util.upsertQueryData('getProofs', undefined, d))),
    }),
  }),
})

export const {
  useGetMyPhotosQuery,
  useMakeDefaultPhotoMutation,
  useDeletePhotoMutation,
  useGetPhotoSettingsQuery,
  useSetPhotoVisibilityMutation,
  useGetProofsQuery,
  useDeleteProofMutation,
} = photosApi
