import { api } from '../../api/api'

/** A paid plan as GET plans returns it. */
export interface Plan {
  id: string | number
  name: string
  months: number
  priceInr: number
  contactViews: number
  startChats: boolean
  profileHighlight: boolean
  prioritySupport: boolean
}

/** GET plans */
export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], void>({
      query: () => 'plans',
      providesTags: (res) => [{ type: 'Plan' as const, id: 'LIST' }, ...(res ?? []).map((p) => ({ type: 'Plan' as const, id: p.id }))],
    }),
  }),
})

export const { useGetPlansQuery } = plansApi
