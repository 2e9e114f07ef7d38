import { act, render, screen } from '@testing-library/react'
import { vi } from 'vitest'
import App from './App'
import { makeStore } from './store'
import { api } from '../api/api'
import { MAINTENANCE_EVENT, MAINTENANCE_MESSAGE } from '../api/maintenance'
import { jsonResponse } from '../test/utils'

vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<null, void>({ query: () => 'probe' }) }),
})

afterEach(() => window.history.pushState({}, '', '/'))

describe('maintenance switched on while a page is open', () => {
  it('a member call answered 503 with the maintenance message announces it', async () => {
    const heard = vi.fn()
    window.addEventListener(MAINTENANCE_EVENT, heard)
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ meta: { code: 503, message: MAINTENANCE_MESSAGE }, data: null }, 503))
    const store = makeStore()
    const res = await store.dispatch(probeApi.endpoints.probe.initiate())
    window.removeEventListener(MAINTENANCE_EVENT, heard)
    expect(res.error).toMatchObject({ status: 503, message: MAINTENANCE_MESSAGE })
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it('another 503 (an outage) is not taken for maintenance', async () => {
    const heard = vi.fn()
    window.addEventListener(MAINTENANCE_EVENT, heard)
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ meta: { code: 503, message: 'Service unavailable' }, data: null }, 503))
    await makeStore().dispatch(probeApi.endpoints.probe.initiate())
    window.removeEventListener(MAINTENANCE_EVENT, heard)
    expect(heard).not.toHaveBeenCalled()
  })

  it('the member site swaps to the maintenance screen', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ meta: { code: 200, message: 'OK' }, data: null }))
    window.history.pushState({}, '', '/faq')
    render(<App />)
    expect(screen.queryByText('Site Under Maintenance')).not.toBeInTheDocument()
    act(() => {
      window.dispatchEvent(new Event(MAINTENANCE_EVENT))
    })
    expect(await screen.findByText('Site Under Maintenance')).toBeInTheDocument()
  })
})
