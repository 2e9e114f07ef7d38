import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { notifyError, notifySuccess } from '../../app/notify'
import type { CardRequest, RequestCard, RequestKind } from '../../entities/member'
import { memberCard } from '../../test/members'
import { deferred, describeFetch, fail, ok, renderRoutes } from '../../test/utils'
import RequestListScreen from './RequestListScreen'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), TOAST_OPTIONS: {} }))

const HOUR = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

/** A request card: member n with a request of this kind and status, asked `askedAgo` ms back (answered an hour later). */
function req(n: number, kind: RequestKind, status: CardRequest['status'], sentByMe: boolean, askedAgo = 3 * HOUR, over: Parameters<typeof memberCard>[1] = {}): RequestCard {
  const createdAt = ago(askedAgo)
  const updatedAt = status === 'pending' ? createdAt : ago(Math.max(0, askedAgo - HOUR))
  return { ...memberCard(n, over), request: { kind, status, sentByMe, createdAt, updatedAt } }
}

/** The request calls the fake server takes: POST profile/{kind}-request-{verb}/{the other member's id}. */
const REQUEST_CALL = /^profile\/(photo|phone)-request-(accept|decline|ignore|cancel)\/(.+)$/

interface Call {
  method: string
  path: string
  params: URLSearchParams
}

/**
 * A fake server of the request lists: GET profile/requests/received|sent filters by kind and status and pages by
 * skip and limit; POST accept, decline and ignore answer a received request (its status changes), cancel takes a
 * sent one away. `gate` holds the POST answers back until released; `failGet` / `failChange` answer with an error.
 */
function serve(received: RequestCard[], sent: RequestCard[] = []) {
  const state = {
    lists: { received: [...received], sent: [...sent] },
    calls: [] as Call[],
    failGet: null as null | { status: number; message: string },
    failChange: null as null | { status: number; message: string },
    gate: null as null | Promise<void>,
  }
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const r = describeFetch(input as RequestInfo, init)
    const url = new URL(r.url)
    const path = url.pathname.replace(/^\/api\/v1\//, '')
    const q = url.searchParams
    state.calls.push({ method: r.method, path, params: q })
    const list = /^profile\/requests\/(received|sent)$/.exec(path)
    if (r.method === 'GET' && list) {
      if (state.failGet) return fail(state.failGet.status, state.failGet.message)
      const kind = q.get('kind')
      const status = q.get('status')
      const items = state.lists[list[1] as 'received' | 'sent'].filter(
        (c) => (!kind || c.request.kind === kind) && (!status || (status === 'pending' ? c.request.status === 'pending' : c.request.status !== 'pending')),
      )
      const skip = Number(q.get('skip'))
      return ok({ items: items.slice(skip, skip + Number(q.get('limit'))), total: items.length })
    }
    const call = r.method === 'POST' && REQUEST_CALL.exec(path)
    if (call) {
      if (state.gate) await state.gate
      if (state.failChange) return fail(state.failChange.status, state.failChange.message)
      const [, kind, verb, rawId] = call
      const id = decodeURIComponent(rawId)
      const mine = (c: RequestCard) => c.profileID === id && c.request.kind === kind
      if (verb === 'cancel') state.lists.sent = state.lists.sent.filter((c) => !mine(c))
      else {
        const status = ({ accept: 'accepted', decline: 'declined', ignore: 'ignored' } as const)[verb as 'accept' | 'decline' | 'ignore']
        state.lists.received = state.lists.received.map((c) => (mine(c) ? { ...c, request: { ...c.request, status, updatedAt: new Date().toISOString() } } : c))
      }
      return ok({ kind, status: 'done' })
    }
    throw new Error(`unexpected call ${r.method} ${path}`)
  })
  const gets = () => state.calls.filter((c) => c.method === 'GET')
  const posts = () => state.calls.filter((c) => c.method === 'POST')
  return { state, gets, posts }
}

const renderAt = (entry: string) => renderRoutes([{ path: '/inbox/requests', element: <RequestListScreen /> }], entry)

afterEach(() => {
  vi.restoreAllMocks()
  vi.mocked(notifySuccess).mockClear()
  vi.mocked(notifyError).mockClear()
})

describe('the Requests screen', () => {
  const received = () => [
    req(1, 'photo', 'pending', false, 3 * HOUR),
    req(2, 'phone', 'pending', false, 2 * 24 * HOUR, { gender: 10, userName: 'Joseph' }),
    req(3, 'photo', 'accepted', false, 5 * 24 * HOUR),
    req(4, 'phone', 'ignored', false, 3 * 24 * HOUR),
  ]

  it('shows the received requests with what was asked, when and how each stands; only waiting ones have buttons', async () => {
    const { gets } = serve(received())
    renderAt('/inbox/requests')

    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument()
    expect(screen.getByLabelText('Loading')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'Received', pressed: true })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sent', pressed: false })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument()

    const cards = await screen.findAllByTestId('member-list-card')
    expect(cards).toHaveLength(4)
    expect(gets()[0].path).toBe('profile/requests/received')
    expect([...gets()[0].params.keys()].sort()).toEqual(['limit', 'skip'])
    expect(gets()[0].params.get('limit')).toBe('10')
    expect(screen.getByText('4 requests')).toBeInTheDocument()

    const first = within(cards[0])
    expect(first.getByRole('heading', { name: 'Member 1' })).toBeInTheDocument()
    expect(first.getByText('Wants to see your photos')).toBeInTheDocument()
    expect(first.getByText('Waiting for your answer')).toBeInTheDocument()
    expect(first.getByText('Asked 3 hours ago')).toBeInTheDocument()
    expect(first.getByRole('link', { name: 'View profile of Member 1' })).toHaveAttribute('href', '/profile?profileId=TM1000001')
    expect(first.getByRole('button', { name: 'Accept photo request from Member 1' })).toHaveClass('btn--primary')
    expect(first.getByRole('button', { name: 'Decline photo request from Member 1' })).toBeEnabled()
    expect(first.getByRole('button', { name: 'Ignore photo request from Member 1' })).toBeEnabled()

    const second = within(cards[1])
    expect(second.getByText('Asks for your phone number')).toBeInTheDocument()
    expect(second.getByText('Asked 2 days ago')).toBeInTheDocument()
    expect(second.getByRole('button', { name: 'Accept phone request from Joseph' })).toBeEnabled()

    const third = within(cards[2])
    expect(third.getByText('Accepted')).toBeInTheDocument()
    expect(third.getByText('They can see your photos.')).toBeInTheDocument()
    expect(third.queryByRole('button')).not.toBeInTheDocument()

    // An ignored request still waits to its sender: its owner may yet accept or decline it.
    const fourth = within(cards[3])
    expect(fourth.getByText('Ignored')).toBeInTheDocument()
    expect(fourth.getByText('They were not told: to them it still waits, and you may still answer it.')).toBeInTheDocument()
    expect(fourth.getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Decline'])
  })

  it('accepts a photo request without asking, with POST profile/photo-request-accept/{id}, then reloads the list', async () => {
    const user = userEvent.setup()
    const { state, gets, posts } = serve(received())
    const gate = deferred()
    state.gate = gate.promise
    renderAt('/inbox/requests')

    await user.click(await screen.findByRole('button', { name: 'Accept photo request from Member 1' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0].path).toBe('profile/photo-request-accept/TM1000001')
    // The card's three buttons rest while it runs; the other cards' do not.
    expect(screen.getByRole('button', { name: 'Accepting… photo request from Member 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Decline photo request from Member 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Ignore photo request from Member 1' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Accept phone request from Joseph' })).toBeEnabled()

    gate.release()
    await waitFor(() => expect(within(screen.getAllByTestId('member-list-card')[0]).getByText('Accepted')).toBeInTheDocument())
    expect(within(screen.getAllByTestId('member-list-card')[0]).queryByRole('button')).not.toBeInTheDocument()
    expect(gets()).toHaveLength(2)
    expect(notifySuccess).toHaveBeenCalledWith('Member 1 can now see your photos.')
  })

  it('asks before sharing a phone number', async () => {
    const user = userEvent.setup()
    const { posts } = serve(received())
    renderAt('/inbox/requests')

    await user.click(await screen.findByRole('button', { name: 'Accept phone request from Joseph' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Share your phone number with Joseph?' })
    expect(dialog).toHaveTextContent('Joseph will see your phone number and e-mail on your profile, as your Contact Filter allows.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(posts()).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Accept phone request from Joseph' }))
    dialog = screen.getByRole('alertdialog', { name: 'Share your phone number with Joseph?' })
    await user.click(within(dialog).getByRole('button', { name: 'Share my number' }))
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Joseph can now see your phone number.'))
    expect(posts().map((c) => c.path)).toEqual(['profile/phone-request-accept/TM1000002'])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it('declines after a confirmation and ignores without one', async () => {
    const user = userEvent.setup()
    const { posts } = serve(received())
    renderAt('/inbox/requests')

    await user.click(await screen.findByRole('button', { name: 'Decline photo request from Member 1' }))
    const dialog = screen.getByRole('alertdialog', { name: "Decline Member 1's photo request?" })
    expect(dialog).toHaveTextContent('Member 1 will see that you declined, and may ask again after 30 days.')
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("You declined Member 1's photo request."))
    await waitFor(() => expect(within(screen.getAllByTestId('member-list-card')[0]).getByText('Declined')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Ignore phone request from Joseph' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith("Joseph's phone request is set aside. Joseph is not told."))
    expect(posts().map((c) => c.path)).toEqual(['profile/photo-request-decline/TM1000001', 'profile/phone-request-ignore/TM1000002'])
  })

  it('keeps the buttons ready when an answer fails, with the toast', async () => {
    const user = userEvent.setup()
    const { state } = serve(received())
    state.failChange = { status: 404, message: 'Request not found' }
    renderAt('/inbox/requests')

    await user.click(await screen.findByRole('button', { name: 'Ignore photo request from Member 1' }))
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Request not found'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ignore photo request from Member 1' })).toBeEnabled())
    expect(screen.getByRole('button', { name: 'Accept photo request from Member 1' })).toBeEnabled()
    expect(notifySuccess).not.toHaveBeenCalled()
  })

  it('switches to Sent and filters by kind through the address, from the first page', async () => {
    const user = userEvent.setup()
    const sent = [
      req(5, 'photo', 'pending', true, 3 * HOUR),
      req(6, 'phone', 'accepted', true, 2 * 24 * HOUR, { gender: 10, userName: 'Thomas' }),
      req(7, 'photo', 'declined', true, 4 * 24 * HOUR),
    ]
    const { gets } = serve(received(), sent)
    const { router } = renderAt('/inbox/requests?page=1')
    await screen.findAllByTestId('member-list-card')

    await user.click(screen.getByRole('button', { name: 'Sent' }))
    await waitFor(() => expect(router.state.location.search).toBe('?box=sent'))
    expect(screen.getByRole('button', { name: 'Sent', pressed: true })).toBeInTheDocument()
    const cards = await screen.findAllByTestId('member-list-card')
    await waitFor(() => expect(screen.getByText('3 requests')).toBeInTheDocument())
    expect(gets().at(-1)!.path).toBe('profile/requests/sent')

    const [pending, accepted, declined] = (await screen.findAllByTestId('member-list-card')).map((c) => within(c))
    expect(cards).toHaveLength(3)
    expect(pending.getByText('You asked to see her photos')).toBeInTheDocument()
    expect(pending.getByText('Waiting for an answer')).toBeInTheDocument()
    expect(pending.getByText('Sent 3 hours ago')).toBeInTheDocument()
    expect(pending.getByRole('button', { name: 'Withdraw photo request to Member 5' })).toBeEnabled()
    expect(accepted.getByText('You asked for his phone number')).toBeInTheDocument()
    expect(accepted.getByText('Accepted')).toBeInTheDocument()
    expect(accepted.getByText('His number is on his profile.')).toBeInTheDocument()
    expect(accepted.queryByRole('button')).not.toBeInTheDocument()
    expect(declined.getByText('Declined')).toBeInTheDocument()
    expect(declined.getByText('You can ask again 30 days after the answer.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Phone' }))
    await waitFor(() => expect(router.state.location.search).toBe('?box=sent&kind=phone'))
    await waitFor(() => expect(screen.getByText('1 request')).toBeInTheDocument())
    expect(gets().at(-1)!.params.get('kind')).toBe('phone')
    expect(screen.getByRole('button', { name: 'Phone', pressed: true })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'All' }))
    await waitFor(() => expect(router.state.location.search).toBe('?box=sent'))
    await user.click(screen.getByRole('button', { name: 'Received' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('withdraws a sent request after a confirmation with POST profile/{kind}-request-cancel/{id}', async () => {
    const user = userEvent.setup()
    const { state, posts } = serve([], [req(5, 'photo', 'pending', true)])
    const gate = deferred()
    state.gate = gate.promise
    renderAt('/inbox/requests?box=sent')

    await user.click(await screen.findByRole('button', { name: 'Withdraw photo request to Member 5' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Withdraw your photo request to Member 5?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(posts()).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Withdraw photo request to Member 5' }))
    dialog = screen.getByRole('alertdialog', { name: 'Withdraw your photo request to Member 5?' })
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0].path).toBe('profile/photo-request-cancel/TM1000005')
    expect(screen.getByRole('button', { name: 'Withdrawing… photo request to Member 5' })).toBeDisabled()

    gate.release()
    expect(await screen.findByText('You have not sent any requests yet')).toBeInTheDocument()
    expect(notifySuccess).toHaveBeenCalledWith('Your photo request to Member 5 was withdrawn.')
  })

  it('shows a member who asked for both photos and phone as two requests', async () => {
    serve([req(1, 'photo', 'pending', false), req(1, 'phone', 'pending', false)])
    renderAt('/inbox/requests')
    const cards = await screen.findAllByTestId('member-list-card')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]).getByRole('button', { name: 'Accept photo request from Member 1' })).toBeInTheDocument()
    expect(within(cards[1]).getByRole('button', { name: 'Accept phone request from Member 1' })).toBeInTheDocument()
  })

  it.each([
    ['/inbox/requests', 'No requests yet', /protected photos or your phone number/],
    ['/inbox/requests?kind=photo', 'No photo requests yet', /protected photos/],
    ['/inbox/requests?kind=phone', 'No phone requests yet', /phone number/],
    ['/inbox/requests?box=sent', 'You have not sent any requests yet', /Request photos/],
    ['/inbox/requests?box=sent&kind=photo', 'You have not sent any photo requests yet', /Request photos/],
    ['/inbox/requests?box=sent&kind=phone', 'You have not sent any phone requests yet', /Request phone number/],
  ])('%s says so when it is empty', async (entry, title, help) => {
    serve([], [])
    renderAt(entry)
    const empty = await screen.findByText(title)
    expect(empty.closest('.state')).toHaveTextContent(help)
    expect(screen.queryByTestId('member-list-card')).not.toBeInTheDocument()
  })

  it('shows the error with a retry that loads the list again', async () => {
    const user = userEvent.setup()
    const { state, gets } = serve(received())
    state.failGet = { status: 500, message: 'The requests are resting. Please try again.' }
    renderAt('/inbox/requests')

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The requests are resting. Please try again.')
    state.failGet = null
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findAllByTestId('member-list-card')).toHaveLength(4)
    expect(gets()).toHaveLength(2)
  })

  it('pages by ten and steps back a page when the last card of a later page goes', async () => {
    const user = userEvent.setup()
    const sent = Array.from({ length: 11 }, (_, i) => req(i + 1, 'photo', 'pending', true, (i + 1) * HOUR))
    const { gets } = serve([], sent)
    const { router } = renderAt('/inbox/requests?box=sent&page=2')

    const only = await screen.findByTestId('member-list-card')
    expect(gets()[0].params.get('skip')).toBe('10')
    expect(screen.getByRole('navigation', { name: 'Request pages' })).toBeInTheDocument()
    await user.click(within(only).getByRole('button', { name: 'Withdraw photo request to Member 11' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(router.state.location.search).toBe('?box=sent'))
    await waitFor(() => expect(screen.getAllByTestId('member-list-card')).toHaveLength(10))
  })
})
