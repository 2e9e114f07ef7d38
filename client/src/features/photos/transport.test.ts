import { api } from '../../api/api'
import { tokenStore } from '../../api/session'
import { makeStore } from '../../app/store'
import { describeFetch, fakeJwt, jsonResponse } from '../../test/utils'
import { fetchPrivateImage, UPLOAD_CANCELLED, uploadWithProgress } from './transport'
import type { UploadProgress } from './transport'

const OLD = fakeJwt({ pid: 'TM1000001', sub: '1', exp: 1 })
const NEW = fakeJwt({ pid: 'TM1000001', sub: '1', exp: 4_102_444_800 })
const PHOTOS = { photos: [{ photoId: 'a'.repeat(32), imagePath: '/media/photos/aa/', images: { small: 's.jpg', large: 'l.jpg' }, isDefault: true }] }

type Reply = { status: number; body: unknown } | 'network-error'

/** A stand-in for XMLHttpRequest: records each request, sends upload progress in quarters, then answers with `reply`. */
class FakeXhr {
  static sent: { url: string; method: string; auth: string | null; body: unknown }[] = []
  static reply: (auth: string | null) => Reply = () => ({ status: 200, body: { meta: { code: 200, message: 'OK' }, data: null } })
  static delayMs = 5
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  private headers: Record<string, string> = {}
  private url = ''
  private method = ''
  private aborted = false
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  send(body: unknown) {
    const auth = this.headers.authorization ?? null
    FakeXhr.sent.push({ url: this.url, method: this.method, auth, body })
    const total = 1000
    void (async () => {
      for (const loaded of [250, 500, 750, 1000]) {
        await new Promise((r) => setTimeout(r, FakeXhr.delayMs))
        if (this.aborted) return
        this.upload.onprogress?.({ loaded, total, lengthComputable: true })
      }
      await new Promise((r) => setTimeout(r, FakeXhr.delayMs))
      if (this.aborted) return
      const reply = FakeXhr.reply(auth)
      if (reply === 'network-error') {
        this.onerror?.()
        return
      }
      this.status = reply.status
      this.responseText = JSON.stringify(reply.body)
      this.onload?.()
    })()
  }
}

const expiredReply: Reply = { status: 400, body: { meta: { code: 1005, message: 'Your session has expired' }, data: null } }
const uploadedReply: Reply = { status: 200, body: { meta: { code: 200, message: 'profile image update successfully' }, data: PHOTOS } }

/** fetch: exchange-token answers `refresh` after a short wait; GET ping/<n> works only with the NEW token. */
function fakeFetch(refresh: () => Response) {
  const calls = { refresh: 0 }
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    if (req.url.endsWith('/auth/exchange-token')) {
      calls.refresh++
      await new Promise((r) => setTimeout(r, 20))
      return refresh()
    }
    if (req.auth !== `Bearer ${NEW}`) return jsonResponse({ meta: { code: 1005, message: 'Your session has expired' }, data: null }, 400)
    if (req.url.includes('/profile/proof/id/image')) return new Response('JPEGDATA', { status: 200, headers: { 'Content-Type': 'image/jpeg' } })
    return jsonResponse({ meta: { code: 200, message: 'OK' }, data: { n: Number(req.url.split('/').pop()) } })
  })
  return calls
}

const pingApi = api.injectEndpoints({
  endpoints: (build) => ({ uploadPing: build.query<{ n: number }, number>({ query: (n) => `ping/${n}` }) }),
})

function photoForm() {
  const form = new FormData()
  form.append('image', new Blob(['x'], { type: 'image/jpeg' }), 'me.jpg')
  return form
}

describe('the photo upload over XMLHttpRequest', () => {
  beforeEach(() => {
    FakeXhr.sent = []
    FakeXhr.delayMs = 5
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('sends the bearer token, reports real upload progress and answers the data with the server message', async () => {
    tokenStore.save({ token: NEW, refreshToken: 'refresh-1' })
    const store = makeStore()
    FakeXhr.reply = () => uploadedReply
    const seen: UploadProgress[] = []
    const res = await uploadWithProgress({ path: 'profile/images', body: photoForm, onProgress: (p) => seen.push(p) }, store.dispatch)
    expect(res.error).toBeUndefined()
    expect(res.data).toEqual(PHOTOS)
    expect(res.data && 'message' in res && res.message).toBe('profile image update successfully')
    expect(FakeXhr.sent).toHaveLength(1)
    expect(FakeXhr.sent[0]).toMatchObject({ method: 'POST', auth: `Bearer ${NEW}` })
    expect(FakeXhr.sent[0].url).toMatch(/\/api\/v1\/profile\/images$/)
    expect(FakeXhr.sent[0].body).toBeInstanceOf(FormData)
    expect(seen.map((p) => p.loaded / p.total)).toEqual([0.25, 0.5, 0.75, 1])
  })

  it('on an expired token refreshes once through the shared refresh, then sends the upload again with the new token', async () => {
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const store = makeStore()
    const calls = fakeFetch(() => jsonResponse({ meta: { code: 200, message: 'OK' }, data: { token: NEW, refreshToken: 'refresh-2', expiresIn: 900 } }))
    FakeXhr.reply = (auth) => (auth === `Bearer ${NEW}` ? uploadedReply : expiredReply)
    let bodies = 0
    const seen: number[] = []
    const res = await uploadWithProgress(
      {
        path: 'profile/images',
        body: () => {
          bodies++
          return photoForm()
        },
        onProgress: (p) => seen.push(p.loaded),
      },
      store.dispatch,
    )
    expect(res.data).toEqual(PHOTOS)
    expect(calls.refresh).toBe(1)
    expect(FakeXhr.sent.map((s) => s.auth)).toEqual([`Bearer ${OLD}`, `Bearer ${NEW}`])
    // The body is built afresh for the retry, and the progress starts again from the beginning.
    expect(bodies).toBe(2)
    expect(seen).toEqual([250, 500, 750, 1000, 250, 500, 750, 1000])
    expect(tokenStore.refreshToken()).toBe('refresh-2')
    expect(store.getState().account.token).toBe(NEW)
  })

  it('shares one refresh with RTK Query calls that expire at the same time', async () => {
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const store = makeStore()
    const calls = fakeFetch(() => jsonResponse({ meta: { code: 200, message: 'OK' }, data: { token: NEW, refreshToken: 'refresh-2', expiresIn: 900 } }))
    FakeXhr.reply = (auth) => (auth === `Bearer ${NEW}` ? uploadedReply : expiredReply)
    const [upload, a, b] = await Promise.all([
      uploadWithProgress({ path: 'profile/images', body: photoForm }, store.dispatch),
      store.dispatch(pingApi.endpoints.uploadPing.initiate(1)),
      store.dispatch(pingApi.endpoints.uploadPing.initiate(2)),
    ])
    expect(calls.refresh).toBe(1)
    expect(upload.data).toEqual(PHOTOS)
    expect(a.data).toEqual({ n: 1 })
    expect(b.data).toEqual({ n: 2 })
  })

  it('ends the session when the refresh is refused', async () => {
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const store = makeStore()
    fakeFetch(() => jsonResponse({ meta: { code: 401, message: 'Your session has ended' }, data: null }, 401))
    FakeXhr.reply = () => expiredReply
    const res = await uploadWithProgress({ path: 'profile/images', body: photoForm }, store.dispatch)
    expect(res.error).toMatchObject({ status: 401, message: 'Your session has expired. Please log in again.' })
    expect(FakeXhr.sent).toHaveLength(1)
    expect(store.getState().account.isLoggedIn).toBe(false)
    expect(tokenStore.token()).toBeNull()
  })

  it('gives the server refusals as ApiErrors with the field message (wrong type, too big, the 10-photo limit)', async () => {
    tokenStore.save({ token: NEW, refreshToken: 'refresh-1' })
    const store = makeStore()
    const refusals: [number, string][] = [
      [422, 'Please upload a JPEG, PNG or WebP image'],
      [413, 'The image must be 10 MB or smaller'],
      [422, 'You can upload up to 10 photos; please delete one first'],
    ]
    for (const [status, message] of refusals) {
      FakeXhr.reply = () => ({ status, body: { meta: { code: status, message }, data: { errors: { image: message } } } })
      const res = await uploadWithProgress({ path: 'profile/images', body: photoForm }, store.dispatch)
      expect(res.error).toMatchObject({ status, message, fieldErrors: { image: message } })
    }
    // A refusal is not a session problem.
    expect(store.getState().account.isLoggedIn).toBe(true)
  })

  it('reports a lost connection and a cancelled upload', async () => {
    tokenStore.save({ token: NEW, refreshToken: 'refresh-1' })
    const store = makeStore()
    FakeXhr.reply = () => 'network-error'
    const lost = await uploadWithProgress({ path: 'profile/images', body: photoForm }, store.dispatch)
    expect(lost.error).toMatchObject({ status: 'FETCH_ERROR', message: 'We could not reach the server. Please check your connection.' })

    FakeXhr.reply = () => uploadedReply
    FakeXhr.delayMs = 20
    const ctl = new AbortController()
    const pending = uploadWithProgress({ path: 'profile/images', body: photoForm, signal: ctl.signal, onProgress: () => ctl.abort() }, store.dispatch)
    const cancelled = await pending
    expect(cancelled.error?.message).toBe(UPLOAD_CANCELLED)
  })
})

describe('the private proof image download', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sends the bearer token and renews an expired one the same way', async () => {
    tokenStore.save({ token: OLD, refreshToken: 'refresh-1' })
    const store = makeStore()
    const calls = fakeFetch(() => jsonResponse({ meta: { code: 200, message: 'OK' }, data: { token: NEW, refreshToken: 'refresh-2', expiresIn: 900 } }))
    const res = await fetchPrivateImage('profile/proof/id/image', store.dispatch)
    expect(calls.refresh).toBe(1)
    expect(res.error).toBeUndefined()
    expect(await res.data!.text()).toBe('JPEGDATA')
  })

  it('answers a 404 as an ApiError with the server message', async () => {
    tokenStore.save({ token: NEW, refreshToken: 'refresh-1' })
    const store = makeStore()
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ meta: { code: 404, message: 'Proof not found' }, data: null }, 404))
    const res = await fetchPrivateImage('profile/proof/parish/image', store.dispatch)
    expect(res.error).toMatchObject({ status: 404, message: 'Proof not found' })
  })
})
