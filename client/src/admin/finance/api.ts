import { adminApi, compact } from '../api'
import type { AdminCoupon, AdminOrder, AdminPlan, CouponInput, OrderStatus, Page, PlanInput } from '../types'

/** The order filters: status, date range (YYYY-MM-DD, India days), q (order id, payment id or member profile id). */
export interface OrderQuery {
  status?: OrderStatus | ''
  q?: string
  from?: string
  to?: string
  skip: number
  limit: number
}

const financeApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listPlans: build.query<{ items: AdminPlan[] }, void>({
      query: () => 'plans',
      providesTags: ['Plan'],
    }),
    updatePlan: build.mutation<AdminPlan, { id: number; body: PlanInput }>({
      query: ({ id, body }) => ({ url: `plans/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Plan'],
    }),
    listCoupons: build.query<Page<AdminCoupon>, { q?: string; skip: number; limit: number }>({
      query: (q) => ({ url: 'coupons', params: compact(q) }),
      providesTags: ['Coupon'],
    }),
    saveCoupon: build.mutation<AdminCoupon, { id?: number; body: CouponInput }>({
      query: ({ id, body }) => (id ? { url: `coupons/${id}`, method: 'PUT', body } : { url: 'coupons', method: 'POST', body }),
      invalidatesTags: ['Coupon'],
    }),
    setCouponActive: build.mutation<unknown, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `coupons/${id}/${active ? 'resume' : 'pause'}`, method: 'POST' }),
      invalidatesTags: ['Coupon'],
    }),
    listOrders: build.query<Page<AdminOrder>, OrderQuery>({
      query: (q) => ({ url: 'orders', params: compact(q) }),
      providesTags: ['Order'],
    }),
  }),
})

export const { useListPlansQuery, useUpdatePlanMutation, useListCouponsQuery, useSaveCouponMutation, useSetCouponActiveMutation, useListOrdersQuery } = financeApi
