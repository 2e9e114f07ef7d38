import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { vi } from 'vitest'
import { notifyError, notifySuccess } from '../../app/notify'
import { deferred, describeFetch, fail, ok, renderWithProviders } from '../../test/utils'
import { bride } from './fixtures.test-util'
import PartnerActions from './PartnerActions'
import PartnerGallery from './PartnerGallery'
import type { PartnerProfile } from './types'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), TOAST_OPTIONS: {} }))

/** The calls made, as "METHOD path" under /api/v1/; `answer` gives each one's response (by default a 200 envelope). */
function serve(answer: (path: string) => Response | Promise<Response> = () => ok({ kind: 'photo', status: 'pending' })) {
  const calls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const path = new URL(req.url).pathname.replace(/^\/api\/v1\//, '')
    calls.push(`${req.method} ${path}`)
    return answer(path)
  })
  return calls
}

/** The profile screen's two places for a request: the gallery's locked placeholder and the action bar. */
function view(p: PartnerProfile) {
  const r = renderWithProviders(
    <>
      <PartnerGallery profile={p} />
      <PartnerActions profile={p} />
    </>,
  )
  return { ...r, bar: within(screen.getByRole('region', { name: 'Actions' })) }
}

/** A bride whose photos are protected from the viewer. */
const protectedBride = (over: Partial<PartnerProfile> = {}) => bride({ photos: [], photosProtected: true, ...over })

afterEach(() => {
  vi.restoreAllMocks()
  vi.mocked(notifySuccess).mockClear()
  vi.mocked(notifyError).mockClear()
})

describe('photo and phone requests on a profile', () => {
  it('asks for photos with POST profile/photo-request/{id}; both buttons rest while it runs', async () => {
    const gate = deferred()
    const calls = serve(async () => {
      await gate.promise
      return ok({ kind: 'photo', status: 'pending' })
    })
    const { bar } = view(protectedBride())
    const inBar = bar.getByRole('button', { name: 'Request photos' })
    const inGallery = within(document.querySelector('.gallery') as HTMLElement).getByRole('button', { name: 'Request photos' })
    expect(inBar).toBeEnabled()
    expect(inGallery).toBeEnabled()

    fireEvent.click(inGallery)
    await waitFor(() => expect(calls).toEqual(['POST profile/photo-request/TM4821937']))
    // One call for the two places: both rest until it answers, and a second click sends nothing.
    await waitFor(() => expect(inBar).toBeDisabled())
    expect(inGallery).toBeDisabled()
    expect(inBar).toHaveAttribute('aria-busy', 'true')
    fireEvent.click(inBar)
    expect(bar.getByRole('button', { name: 'Request phone number' })).toBeEnabled()

    gate.release()
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Photo request sent to Anna Mathew.'))
    expect(calls).toHaveLength(1)
  })

  it('asks for the phone number with POST profile/phone-request/{id}', async () => {
    const calls = serve(() => ok({ kind: 'phone', status: 'pending' }))
    const { bar } = view(bride())
    const button = bar.getByRole('button', { name: 'Request phone number' })
    expect(button).toHaveAccessibleDescription('Ask Anna Mathew to share her number; she decides.')
    fireEvent.click(button)
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Phone request sent to Anna Mathew.'))
    expect(calls).toEqual(['POST profile/phone-request/TM4821937'])
  })

  it('shows a pending request as requested, with Withdraw (POST profile/{kind}-request-cancel/{id})', async () => {
    const calls = serve(() => ok({ kind: 'photo', status: 'pending' }))
    const { bar } = view(protectedBride({ requests: { photo: 'pending', phone: 'pending' } }))
    expect(bar.getByRole('button', { name: 'Photo requested' })).toBeDisabled()
    expect(bar.getByRole('button', { name: 'Photo requested' })).toHaveAccessibleDescription('Waiting for her answer.')
    expect(bar.getByRole('button', { name: 'Phone requested' })).toBeDisabled()
    expect(screen.getByText('Your photo request is waiting for her answer.')).toBeInTheDocument()

    fireEvent.click(bar.getByRole('button', { name: 'Withdraw photo request' }))
    await waitFor(() => expect(calls).toEqual(['POST profile/photo-request-cancel/TM4821937']))
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Your photo request to Anna Mathew was withdrawn.'))

    fireEvent.click(bar.getByRole('button', { name: 'Withdraw phone request' }))
    await waitFor(() => expect(calls).toContain('POST profile/phone-request-cancel/TM4821937'))
  })

  it('reads an ignored request as pending: the requester is not told', () => {
    const { bar } = view(protectedBride({ requests: { photo: 'ignored' } }))
    expect(bar.getByRole('button', { name: 'Photo requested' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeEnabled()
    expect(screen.queryByText(/ignored/i)).not.toBeInTheDocument()
  })

  it('says what was shared once a request is accepted, with no button to press', () => {
    const { bar } = view(
      bride({
        requests: { photo: 'accepted', phone: 'accepted' },
        contact: { phoneCode: '+91', phone: '9876543210', email: 'anna@gmail.com', masked: false },
      }),
    )
    expect(bar.getByRole('button', { name: 'Photos shared' })).toBeDisabled()
    expect(bar.getByRole('button', { name: 'Photos shared' })).toHaveAccessibleDescription('Anna Mathew accepted your photo request.')
    expect(bar.getByRole('button', { name: 'Phone shared' })).toBeDisabled()
    expect(bar.getByRole('button', { name: 'Phone shared' })).toHaveAccessibleDescription('Anna Mathew accepted your phone request: see Contact details.')
    // The photos are in the partner view now: the gallery shows them.
    expect(screen.getByRole('img', { name: 'Photo 1 of Anna Mathew' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument()
  })

  it('after a decline, asks again; a refusal within 30 days shows "Request declined" with the server message, in both places', async () => {
    const refusal = 'Anna Mathew declined your photo request. You can ask again from 14-12-2026.'
    const calls = serve(() => fail(409, refusal))
    const { bar } = view(protectedBride({ requests: { photo: 'declined' } }))
    const again = bar.getByRole('button', { name: 'Ask again' })
    expect(again).toHaveAccessibleDescription('Anna Mathew declined your photo request. You may ask again 30 days after the answer.')

    fireEvent.click(again)
    await waitFor(() => expect(bar.getByRole('button', { name: 'Request declined' })).toBeDisabled())
    expect(calls).toEqual(['POST profile/photo-request/TM4821937'])
    expect(bar.getByRole('button', { name: 'Request declined' })).toHaveAccessibleDescription(refusal)
    const gallery = within(document.querySelector('.gallery') as HTMLElement)
    expect(gallery.getByRole('button', { name: 'Request declined' })).toBeDisabled()
    expect(gallery.getByRole('button', { name: 'Request declined' })).toHaveAccessibleDescription(refusal)
    // The store toasts the server's message; no success toast.
    expect(notifyError).toHaveBeenCalledWith(refusal)
    expect(notifySuccess).not.toHaveBeenCalled()
  })

  it('keeps the button ready after another refusal (the daily limit), with the toast', async () => {
    serve(() => fail(429, 'You have sent the most requests for today. Please try again tomorrow.'))
    const { bar } = view(protectedBride())
    fireEvent.click(bar.getByRole('button', { name: 'Request photos' }))
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('You have sent the most requests for today. Please try again tomorrow.'))
    await waitFor(() => expect(bar.getByRole('button', { name: 'Request photos' })).toBeEnabled())
  })

  it('needs no request for photos already visible or a number already shown', () => {
    const { bar } = view(bride({ contact: { phoneCode: '+91', phone: '9876543210', email: 'anna@gmail.com', masked: false } }))
    expect(bar.getByRole('button', { name: 'Request photos' })).toBeDisabled()
    expect(bar.getByRole('button', { name: 'Request photos' })).toHaveAccessibleDescription('Photos are visible to you; no request is needed.')
    expect(bar.getByRole('button', { name: 'Request phone number' })).toBeDisabled()
    expect(bar.getByRole('button', { name: 'Request phone number' })).toHaveAccessibleDescription('The number is shown under Contact details.')
  })

  it('accepts the partner view without a requests object', () => {
    const { bar } = view(protectedBride({ requests: {} }))
    expect(bar.getByRole('button', { name: 'Request photos' })).toBeEnabled()
    expect(bar.getByRole('button', { name: 'Request phone number' })).toBeEnabled()
  })
})
