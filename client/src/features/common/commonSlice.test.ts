import { makeStore } from '../../app/store'
import { jsonResponse } from '../../test/utils'
import { loadCommonDataOnce } from './loader'
import { ALL_STATES } from './commonSlice'

const payload = {
  masterData: {
    religion: [{ id: 1, name: 'Christian' }],
    community: [{ id: 1, name: 'Roman Catholic' }, { id: 10, name: 'CSI' }],
    language: [{ id: 1, name: 'Malayalam' }],
    country: [{ id: 1, name: 'India', code: 'IN', phoneCode: '+91' }],
    state: [{ id: 32, name: 'Kerala', code: 'KL', countryId: 1 }],
  },
  settings: { brandName: 'TFM', supportEmail: 'support@example.in', contactNo: ['+91 1', '+91 2', '+91 3'] },
}

async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0))
}

describe('common data loader', () => {
  afterEach(() => vi.restoreAllMocks())

  it('stores master data and settings on meta.code 200', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse({ meta: { code: 200, message: 'Success' }, data: payload })))
    const store = makeStore()
    store.dispatch(loadCommonDataOnce())
    await settle()
    const s = store.getState().common
    expect(s.loaded).toBe(true)
    expect(s.siteSettings?.supportEmail).toBe('support@example.in')
    expect(s.communityData).toEqual([{ value: 1, label: 'Roman Catholic' }, { value: 10, label: 'CSI' }])
    expect(s.statesData[0]).toEqual(ALL_STATES)
    expect(s.statesData[1]).toEqual({ value: 32, label: 'Kerala' })
    // Loaded once: a second dispatch makes no request.
    store.dispatch(loadCommonDataOnce())
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('does nothing when meta.code is not 200, even on HTTP 200', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse({ meta: { code: 500, message: 'Oops' }, data: payload })))
    const store = makeStore()
    store.dispatch(loadCommonDataOnce())
    await settle()
    const s = store.getState().common
    expect(s.loaded).toBe(false)
    expect(s.commonData).toBeNull()
    expect(s.statesData).toEqual([ALL_STATES])
  })
})
