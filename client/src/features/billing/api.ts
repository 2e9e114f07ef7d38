import { api } from '../../api/api'
import type { Checkout, Order, OrderPage, Plan, Quote, RazorpayProof } from './types'

/** What a quote is asked for: a plan, and a coupon when one is applied. */
export interface QuoteArgs {
  plan: string
  coupon?: string
}

/** The list of orders and one order. */
const ORDERS = { type: 'Order' as const, id: 'LIST' }
const orderTag = (id: string) => ({ type: 'Order' as const, id })

/**
 * What a granted payment changes: the member's profile (its subscription and entitlements, which the header's plan
 * summary shows, so it refreshes at once), the dashboard, the orders and the partner views (contact access).
 */
const GRANT_TAGS = [{ type: 'Profile' as const }, { type: 'DashView' as const }, { type: 'Partner' as const }, ORDERS]

/** The body of a quote: the coupon only when there is one. */
const quoteBody = ({ plan, coupon }: QuoteArgs) => (coupon ? { plan, coupon } : { plan })

/**
 * Plans and payments (spec §7 "Plans and payments"; /tmp contract of issue 19): GET plans, POST plans/quote,
 * coupon/isValid, create-payment, payment/{id} (confirm) and GET payment/{id}, POST payment/filter. The invoice PDF
 * (GET generate/invoice/{id}) is fetched outside RTK Query, see invoice.ts.
 */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], void>({
      query: () => 'plans',
      transformResponse: (data: Plan[] | null) => data ?? [],
      providesTags: (res) => [{ type: 'Plan' as const, id: 'LIST' }, ...(res ?? []).map((p) => ({ type: 'Plan' as const, id: p.id }))],
    }),
    // The price of a plan (public; a member gets the GST split of their state and what buying now does to their plan).
    getQuote: build.query<Quote, QuoteArgs>({
      query: (args) => ({ url: 'plans/quote', method: 'POST', body: quoteBody(args) }),
      providesTags: [{ type: 'Profile' as const }],
    }),
    // Applying a coupon: the same answer as a quote, or 422 "Invalid coupon". A mutation: it runs on a tap.
    checkCoupon: build.mutation<Quote, Required<QuoteArgs>>({
      query: (args) => ({ url: 'coupon/isValid', method: 'POST', body: args }),
    }),
    createPayment: build.mutation<Checkout, QuoteArgs>({
      query: (args) => ({ url: 'create-payment', method: 'POST', body: quoteBody(args) }),
      invalidatesTags: (_r, error) => (error ? [] : [ORDERS]),
    }),
    // The browser's proof of payment; the server checks the signature and grants the plan (once, however often called).
    confirmPayment: build.mutation<Order, { orderId: string } & RazorpayProof>({
      query: ({ orderId, ...proof }) => ({ url: `payment/${encodeURIComponent(orderId)}`, method: 'POST', body: proof }),
      // The answer is the order itself: it becomes the cached GET payment/{id}, so the success page shows it at once.
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          dispatch(billingApi.util.upsertQueryEntries([{ endpointName: 'getOrder', arg: orderId, value: data }]))
        } catch {
          // The callback page checks the order instead.
        }
      },
      invalidatesTags: (res) => (res?.status === 'paid' ? GRANT_TAGS : [ORDERS]),
    }),
    getOrder: build.query<Order, string>({
      query: (orderId) => `payment/${encodeURIComponent(orderId)}`,
      providesTags: (_r, _e, orderId) => [orderTag(orderId)],
      // An order seen turning paid here (the gateway's webhook granted it while this page waited, or before the
      // callback could) refreshes what the plan changes, the header's plan summary first.
      async onQueryStarted(_orderId, { dispatch, queryFulfilled, getCacheEntry }) {
        const before = getCacheEntry().data?.status
        try {
          const { data } = await queryFulfilled
          if (data.status === 'paid' && before !== 'paid') dispatch(api.util.invalidateTags(GRANT_TAGS))
        } catch {
          // The page shows the error.
        }
      },
    }),
    getOrders: build.query<OrderPage, { skip: number; limit: number; status?: string }>({
      query: (body) => ({ url: 'payment/filter', method: 'POST', body }),
      transformResponse: (data: OrderPage | null) => ({ items: data?.items ?? [], total: data?.total ?? 0 }),
      providesTags: [ORDERS],
    }),
  }),
})

export const { useGetPlansQuery, useGetQuoteQuery, useCheckCouponMutation, useCreatePaymentMutation, useConfirmPaymentMutation, useGetOrderQuery, useGetOrdersQuery } = billingApi
