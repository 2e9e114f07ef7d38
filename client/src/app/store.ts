import { configureStore, combineReducers, isRejectedWithValue } from '@reduxjs/toolkit'
import type { Middleware } from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { api } from '../api/api'
import type { ApiError } from '../api/api'
import commonReducer from '../features/common/commonSlice'
import { accountReducer } from '../entities/account'
import chatReducer from '../features/chat/chatSlice'
import { chatMiddleware } from '../features/chat/connection'
import { notificationMiddleware, notificationReducer } from '../entities/notification'
import { notifyError } from './notify'

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  common: commonReducer,
  account: accountReducer,
  chat: chatReducer,
  notifications: notificationReducer,
})

export type RootState = ReturnType<typeof rootReducer>

/**
 * Calls whose failure only shows where they are shown: the bell's latest five (loaded on every page); a payment's
 * confirmation and the order checks after it (a failed confirmation is no failed payment: the page checks the order
 * and says what it finds); a coupon (its "Invalid coupon" stands under the field).
 */
const QUIET_ENDPOINTS = new Set(['getDashNotifications', 'confirmPayment', 'getOrder', 'checkCoupon'])

/** Every API error becomes a 2-second toast with meta.message (spec §8); pages also show it inline. */
export const apiErrorToaster: Middleware = () => (next) => (action) => {
  const endpoint = (action as { meta?: { arg?: { endpointName?: string } } }).meta?.arg?.endpointName
  if (isRejectedWithValue(action) && !(endpoint && QUIET_ENDPOINTS.has(endpoint))) {
    const err = action.payload as ApiError | undefined
    if (err?.message) notifyError(err.message)
  }
  return next(action)
}

/** Builds a store; tests pass a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware, apiErrorToaster, chatMiddleware, notificationMiddleware),
  })
  setupListeners(store.dispatch)
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
