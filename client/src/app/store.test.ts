import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query'
import { injectApiSlice, makeStore } from './store'

/** A stand-in for a lazily loaded chunk's API slice (the admin back office's adminApi in the app). */
const lazyApi = createApi({
  reducerPath: 'lazyTest',
  baseQuery: fakeBaseQuery(),
  endpoints: (build) => ({ ping: build.query<string, void>({ queryFn: () => ({ data: 'pong' }) }) }),
})

type Dispatcher = (action: unknown) => Promise<{ data?: string }> & { unsubscribe: () => void }

describe('injectApiSlice', () => {
  it('mounts a lazily loaded API slice (reducer and middleware) on one store, once', async () => {
    const store = makeStore()
    const state = () => store.getState() as unknown as Record<string, unknown>
    expect(state().lazyTest).toBeUndefined()
    injectApiSlice(store, lazyApi)
    expect(state().lazyTest).toBeDefined()
    // Its middleware runs: a query resolves and lands in the cache.
    const q = (store.dispatch as unknown as Dispatcher)(lazyApi.endpoints.ping.initiate())
    expect((await q).data).toBe('pong')
    q.unsubscribe()
    const before = state().lazyTest
    injectApiSlice(store, lazyApi)
    expect(state().lazyTest).toBe(before)
    // Another store is untouched: what one store was given stays out of the others.
    expect((makeStore().getState() as unknown as Record<string, unknown>).lazyTest).toBeUndefined()
  })
})
