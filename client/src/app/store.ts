import { combineSlices, configureStore, createDynamicMiddleware, isRejectedWithValue } from '@reduxjs/toolkit'
import type { Middleware, Reducer } from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { api } from '../api/api'
import type { ApiError } from '../api/api'
import commonReducer from '../features/common/commonSlice'
import { accountReducer } from '../entities/account'
import chatReducer from '../features/chat/chatSlice'
import { chatMiddleware } from '../features/chat/connection'
import { notificationMiddleware, notificationReducer } from '../entities/notification'
import { notifyError } from './notify'

/**
 * The member app's reducers. combineSlices (not combineReducers) so that a chunk loaded later can add its own slice
 * with inject (see injectApiSlice); each store gets its own, so what one store was given stays out of the others.
 */
const buildRootReducer = () =>
  combineSlices(api, {
    common: commonReducer,
    account: accountReducer,
    chat: chatReducer,
    notifications: notificationReducer,
  })

export type RootState = ReturnType<ReturnType<typeof buildRootReducer>>

/**
 * Calls whose failure only shows where they are shown: the bell's latest five (loaded on every page); a payment's
 * confirmation and the order checks after it (a failed confirmation is no failed payment: the page checks the order
 * and says what it finds); a coupon (its "Invalid coupon" stands under the field); the admin back office's login,
 * second factor and GET me (the login page and the guard say what went wrong).
 */
const QUIET_ENDPOINTS = new Set(['getDashNotifications', 'confirmPayment', 'getOrder', 'checkCoupon', 'adminLogin', 'adminTotp', 'getMe'])

/** Every API error becomes a 2-second toast with meta.message (spec §8); pages also show it inline. */
export const apiErrorToaster: Middleware = () => (next) => (action) => {
  const endpoint = (action as { meta?: { arg?: { endpointName?: string } } }).meta?.arg?.endpointName
  if (isRejectedWithValue(action) && !(endpoint && QUIET_ENDPOINTS.has(endpoint))) {
    const err = action.payload as ApiError | undefined
    if (err?.message) notifyError(err.message)
  }
  return next(action)
}

/** What a lazily loaded chunk needs to mount its RTK Query API slice on a store. */
interface LazyPlumbing {
  reducer: ReturnType<typeof buildRootReducer>
  dynamic: ReturnType<typeof createDynamicMiddleware>
}

/** Each store's own root reducer and dynamic middleware, for injectApiSlice. */
const plumbing = new WeakMap<object, LazyPlumbing>()

/** Builds a store; tests pass a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const reducer = buildRootReducer()
  const dynamic = createDynamicMiddleware()
  const store = configureStore({
    reducer,
    preloadedState,
    // The dynamic middleware comes before the toaster, so the errors of an injected API are toasted too.
    middleware: (getDefault) => getDefault().concat(api.middleware, dynamic.middleware, apiErrorToaster, chatMiddleware, notificationMiddleware),
  })
  setupListeners(store.dispatch)
  plumbing.set(store, { reducer, dynamic })
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']

/** An RTK Query API slice (createApi) that a lazily loaded chunk brings: the admin back office's adminApi. */
export interface LazyApiSlice {
  reducerPath: string
  reducer: Reducer
  middleware: Middleware
}

/** Dispatched once an injected slice is in place: it runs the new reducer once, so its state exists before anything reads it. */
export const apiSliceInjected = (reducerPath: string) => ({ type: 'app/apiSliceInjected', payload: reducerPath })

/**
 * Mounts a lazily loaded API slice on a store (Redux Toolkit's code splitting: combineSlices' inject and a dynamic
 * middleware), so the member bundle holds none of its code. Does nothing when the store has it already.
 */
export function injectApiSlice(store: AppStore, slice: LazyApiSlice) {
  const p = plumbing.get(store)
  if (!p) throw new Error('injectApiSlice: this store was not made by makeStore')
  if ((store.getState() as Record<string, unknown>)[slice.reducerPath] !== undefined) return
  p.reducer.inject({ reducerPath: slice.reducerPath, reducer: slice.reducer })
  p.dynamic.addMiddleware(slice.middleware)
  store.dispatch(apiSliceInjected(slice.reducerPath))
}
