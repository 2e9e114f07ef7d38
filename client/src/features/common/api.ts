import { api } from '../../api/api'
import type { CommonResponse } from './types'

/** GET common: master data and site settings (spec §7). */
export const commonApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCommon: build.query<CommonResponse, void>({
      query: () => 'common',
      providesTags: ['Common'],
    }),
  }),
})

export const { useGetCommonQuery } = commonApi
