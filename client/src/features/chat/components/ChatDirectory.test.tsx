import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router'
import { tokenStore } from '../../../api/session'
import { sessionStarted } from '../../../entities/account'
import type { MemberProfile } from '../../../entities/account'
import { fakeJwt } from '../../../test/utils'
import { chatTestStore, flush } from '../testing'
import type { ChatUser } from '../types'
import ChatDirectory from './ChatDirectory'

const ME = 'TM1000001'
const TOKEN = fakeJwt({ pid: ME, sub: '1', exp: 4_102_444_800 })
const PROFILE = { profileID: ME, userName: 'Joel Mathew', gender: 10, basic: { gender: 10 }, photos: [], completedSteps: 30 } as unknown as MemberProfile
const ASHA: ChatUser = { gender: 20, photos: [], profileID: 'TM2000002', userName: 'Asha Thomas' }
const MERIN: ChatUser = { gender: 20, photos: [], profileID: 'TM3000003', userName: 'Merin Joseph' }

async function setup() {
  tokenStore.save({ token: TOKEN, refreshToken: 'r' })
  const t = chatTestStore()
  t.store.dispatch(sessionStarted({ token: TOKEN, profile: PROFILE }))
  await flush()
  render(
    <Provider store={t.store}>
      <MemoryRouter>
        <ChatDirectory />
      </MemoryRouter>
    </Provider>,
  )
  return { ...t, s: t.socket() }
}

describe('the chat list', () => {
  it('says it is connecting, then shows the online members of the other gender', async () => {
    const { s } = await setup()
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to chat…')
    act(() => {
      s.open()
      s.fire('sendActiveMatchedProfiles', [MERIN, ASHA])
    })
    const list = screen.getByRole('list', { name: 'Online members' })
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Chat with Asha Thomas (online)',
      'Chat with Merin Joseph (online)',
    ])
    expect(screen.getByLabelText('Find a member by name')).toHaveAttribute('placeholder', 'Search by name or ID')
  })

  it('filters by name or profile ID, and says when nobody is online', async () => {
    const { s } = await setup()
    act(() => {
      s.open()
      s.fire('sendActiveMatchedProfiles', [MERIN, ASHA])
    })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Find a member by name'), 'merin')
    expect(within(screen.getByRole('list', { name: 'Online members' })).getAllByRole('button')).toHaveLength(1)
    await user.clear(screen.getByLabelText('Find a member by name'))
    await user.type(screen.getByLabelText('Find a member by name'), 'tm2000002')
    expect(screen.getByRole('button', { name: /^Chat with Asha Thomas/ })).toBeInTheDocument()
    act(() => s.fire('onlineUsersChanged', { connected: [], disconnected: [ASHA.profileID, MERIN.profileID] }))
    await user.clear(screen.getByLabelText('Find a member by name'))
    expect(screen.getByText('Nobody is online right now')).toBeInTheDocument()
  })

  it('shows a refusal to open a chat with its message and a way to a plan, and opens no window', async () => {
    const { s, store } = await setup()
    act(() => {
      s.open()
      s.fire('sendActiveMatchedProfiles', [ASHA])
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Chat with Asha Thomas/ }))
    const req = s.pending('getRoomName')
    expect(req.payload).toEqual({ toProfileId: ASHA.profileID })
    await act(async () => req.reply!({ ok: false, code: 'needs_plan', message: 'Upgrade your plan to start a chat, or send an invitation and chat once it is accepted' }))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Asha Thomas: Upgrade your plan to start a chat')
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans')
    expect(store.getState().chat.chatUsers).toEqual([])
  })

  it('drops a refusal once the member it names starts a chat, but keeps one about a chat already listed', async () => {
    const { s } = await setup()
    act(() => {
      s.open()
      s.fire('sendActiveMatchedProfiles', [ASHA, MERIN])
      s.fire('unreadCounts', { total: 1, conversations: [{ roomName: 'chat-TM1000001-TM3000003', user: MERIN, unread: 1, lastMessageId: 4 }] })
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Chat with Asha Thomas/ }))
    await act(async () => s.pending('getRoomName').reply!({ ok: false, code: 'needs_plan', message: 'Upgrade your plan to start a chat' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Asha Thomas: Upgrade your plan')
    // Asha, on a paid plan, starts the chat: her message arrives, and the refusal no longer holds.
    act(() =>
      s.fire('unreadCounts', {
        total: 2,
        conversations: [
          { roomName: 'chat-TM1000001-TM2000002', user: ASHA, unread: 1, lastMessageId: 5 },
          { roomName: 'chat-TM1000001-TM3000003', user: MERIN, unread: 1, lastMessageId: 4 },
        ],
      }),
    )
    expect(screen.queryByRole('alert')).toBeNull()
    // A refusal about a chat that was already listed (Merin blocked me, say) stays.
    await user.click(screen.getByRole('button', { name: /^Chat with Merin Joseph/ }))
    await act(async () => s.pending('getRoomName').reply!({ ok: false, code: 'blocked', message: 'You cannot chat with this member' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Merin Joseph: You cannot chat with this member')
  })

  it('lists my conversations with their unread counts first', async () => {
    const { s } = await setup()
    act(() => {
      s.open()
      s.fire('sendActiveMatchedProfiles', [ASHA, MERIN])
      s.fire('unreadCounts', { total: 3, conversations: [{ roomName: 'chat-TM1000001-TM2000002', user: ASHA, unread: 3, lastMessageId: 9 }] })
    })
    const chats = screen.getByRole('list', { name: 'Your chats' })
    expect(within(chats).getByRole('button')).toHaveAccessibleName('Chat with Asha Thomas (online, 3 unread)')
    expect(within(screen.getByRole('list', { name: 'Online members' })).getAllByRole('button')).toHaveLength(1)
  })
})
