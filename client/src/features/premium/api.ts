import { api } from '../../api/api'

/** What a visitor may see of a premium member: never a photo or full name. */
export interface PremiumMember {
  profileID: string
  firstName: string
  denomination: string
  city: string
  state: string
  gender: number
}

/** GET profile/premium-members?skip=&limit= */
export const premiumApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPremiumMembers: build.query<{ items: PremiumMember[]; total: number }, { skip: number; limit: number }>({
      query: (params) => ({ url: 'profile/premium-members', params }),
      providesTags: [{ type: 'PremiumMember', id: 'LIST' }],
    }),
  }),
})

export const { useGetPremiumMembersQuery } = premiumApi
