import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router'
import { tokenStore } from '../../../api/session'
import { useAppSelector } from '../../../app/hooks'
import { sessionStarted } from '../../../entities/account'
import type { MemberProfile } from '../../../entities/account'
import { fakeJwt, jsonResponse, recordFetch } from '../../../test/utils'
import { chatTestStore, flush } from '../testing'
import type { ChatUser, ServerMessage } from '../types'
import { chatCommands } from '../connection'
import type { ChatState } from '../chatSlice'
import ChatWindow from './ChatWindow'
import { forgetDraft } from './ChatInput'

const ME = 'TM1000001'
const TOKEN = fakeJwt({ pid: ME, sub: '1', exp: 4_102_444_800 })
const PROFILE = { profileID: ME, userName: 'Joel Mathew', gender: 10, basic: { gender: 10 }, photos: [], completedSteps: 30, photoGrant: 'TM1000001.4102444800.mac' } as unknown as MemberProfile
const ASHA: ChatUser = { gender: 20, photos: [{ imagePath: '/media/photos/ab/', images: { small: 'a_small.jpg', large: 'a_large.jpg' } }], profileID: 'TM2000002', userName: 'Asha Thomas' }
const ROOM = 'chat-TM1000001-TM2000002'

function msg(id: number, postedBy: string, message: string, extra: Partial<ServerMessage> = {}): ServerMessage {
  return { id, roomName: ROOM, message, postedBy, createdAt: new Date().toISOString(), ...extra }
}

/** The window of the first chat user, as the holder renders it. */
function FirstWindow() {
  const u = useAppSelector((s: { chat: ChatState }) => s.chat.chatUsers[0])
  const online = useAppSelector((s: { chat: ChatState }) => s.chat.onlineUsers.some((o) => o.profileID === u?.profileID))
  return u ? <ChatWindow user={u} me={ME} online={online} /> : <p>no window</p>
}

async function setup(messages: ServerMessage[] = []) {
  tokenStore.save({ token: TOKEN, refreshToken: 'r' })
  let n = 0
  const t = chatTestStore({ newClientId: () => `cid-${++n}` })
  t.store.dispatch(sessionStarted({ token: TOKEN, profile: PROFILE }))
  await flush()
  const s = t.socket()
  s.open()
  s.fire('sendActiveMatchedProfiles', [ASHA])
  void t.store.dispatch(chatCommands.open({ toProfileId: ASHA.profileID }))
  s.fire('initialChatUserMessages', { roomName: ROOM, user: ASHA, online: true, messages, hasMore: false, unread: 0 })
  s.pending('getRoomName').reply!({ ok: true, roomName: ROOM })
  render(
    <Provider store={t.store}>
      <MemoryRouter>
        <FirstWindow />
      </MemoryRouter>
    </Provider>,
  )
  return { ...t, s }
}

describe('a chat window', () => {
  afterEach(() => forgetDraft())

  it('has the input row of spec §2: placeholder "Write a message...", label "Type your message", a send button', async () => {
    await setup()
    const box = screen.getByLabelText('Type your message')
    expect(box).toHaveAttribute('placeholder', 'Write a message...')
    expect(box.tagName).toBe('TEXTAREA')
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled()
  })

  it('sends on Enter, keeps Shift+Enter as a new line, and never sends an empty message', async () => {
    const { s } = await setup()
    const user = userEvent.setup()
    const box = screen.getByLabelText('Type your message')
    await user.click(box)
    await user.keyboard('{Enter}')
    await user.type(box, '   ')
    await user.keyboard('{Enter}')
    expect(s.sent('sendMessage')).toHaveLength(0)

    await user.clear(box)
    await user.type(box, 'സുഖമാണോ?')
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    await user.type(box, 'வணக்கம் 🙏')
    expect(box).toHaveValue('സുഖമാണോ?\nவணக்கம் 🙏')
    expect(s.sent('sendMessage')).toHaveLength(0)
    await user.keyboard('{Enter}')
    expect(s.sent('sendMessage').map((e) => e.payload)).toEqual([{ roomName: ROOM, message: 'സുഖമാണോ?\nவணக்கம் 🙏', clientId: 'cid-1' }])
    expect(box).toHaveValue('')
    // Shown at once as mine, on its way.
    const log = screen.getByRole('log', { name: 'Messages with Asha Thomas' })
    expect(within(log).getByText(/സുഖമാണോ/).closest('.chat-msg')).toHaveClass('chat-msg--own')
    expect(within(log).getByText('Sending…')).toBeInTheDocument()
  })

  it('sends with the send button too', async () => {
    const { s } = await setup()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Type your message'), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(s.sent('sendMessage')).toHaveLength(1)
  })

  it('does not send while an input method is composing (Enter picks a Malayalam word)', async () => {
    const { s } = await setup()
    const box = screen.getByLabelText('Type your message')
    fireEvent.change(box, { target: { value: 'സു' } })
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 })
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true })
    expect(s.sent('sendMessage')).toHaveLength(0)
  })

  it('shows a counter near the 2,000-character limit and refuses more', async () => {
    await setup()
    const box = screen.getByLabelText('Type your message')
    fireEvent.change(box, { target: { value: 'a'.repeat(1799) } })
    expect(screen.queryByText(/\/ 2,000/)).toBeNull()
    fireEvent.change(box, { target: { value: 'a'.repeat(1950) } })
    expect(screen.getByText('1,950 / 2,000')).toBeInTheDocument()
    fireEvent.change(box, { target: { value: 'അ'.repeat(2001) } })
    expect(screen.getByText(/A message can be at most 2,000 characters/)).toBeInTheDocument()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled()
  })

  it('has the header of spec §2: avatar, name linking to the profile in a new tab, online dot, minimise and close', async () => {
    const t = await setup()
    const link = screen.getByRole('link', { name: 'Asha Thomas' })
    expect(link).toHaveAttribute('href', '/profile?profileId=TM2000002')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener')
    expect(screen.getByRole('img', { name: 'Online' })).toBeInTheDocument()
    const avatar = document.querySelector('.chat-avatar img')!
    // The small rendition, with the member's own viewer grant (chat users come without grants).
    expect(avatar).toHaveAttribute('src', '/media/photos/ab/a_small.jpg?g=TM1000001.4102444800.mac')
    expect(avatar).toHaveAttribute('width', '125')
    // A failing photo falls back to the gender default.
    fireEvent.error(avatar)
    expect(avatar).toHaveAttribute('src', '/images/avatar-female.svg')

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Minimise chat with Asha Thomas' }))
    expect(t.store.getState().chat.chatUsers[0].isChatOpen).toBe(false)
    expect(screen.queryByLabelText('Type your message')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Open chat with Asha Thomas' }))
    expect(t.store.getState().chat.chatUsers[0].isChatOpen).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Close chat with Asha Thomas' }))
    expect(t.store.getState().chat.chatUsers).toEqual([])
    expect(screen.getByText('no window')).toBeInTheDocument()
  })

  it('tells own and partner messages apart by postedBy, with day separators and the receiver’s warning', async () => {
    await setup([
      msg(1, ASHA.profileID, 'Hello Joel'),
      msg(2, ME, 'Hello Asha'),
      msg(3, ASHA.profileID, 'Send me money on UPI', { warning: { code: 'money', message: 'Be careful: this message mentions money.' } }),
    ])
    const log = screen.getByRole('log')
    expect(within(log).getByText('Hello Joel').closest('.chat-msg')).toHaveClass('chat-msg--partner')
    expect(within(log).getByText('Hello Asha').closest('.chat-msg')).toHaveClass('chat-msg--own')
    expect(within(log).getByRole('note')).toHaveTextContent('Be careful: this message mentions money.')
    expect(within(log).getAllByRole('separator')).toHaveLength(1)
    expect(within(log).getByRole('separator')).toHaveTextContent('Today')
    expect(within(log).getByText('Sent')).toBeInTheDocument()
  })

  it('offers a retry for a failed message', async () => {
    const { s } = await setup()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Type your message'), 'Hello{Enter}')
    act(() => s.pending('sendMessage').reply!({ ok: false, code: 'rate_limited', message: 'You are sending messages too fast. Please wait a moment' }))
    expect(screen.getByText('Not sent')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(s.sent('sendMessage').map((e) => (e.payload as { clientId: string }).clientId)).toEqual(['cid-1', 'cid-1'])
  })

  it('marks the partner’s messages read while open, and shows the end of a chat without an input', async () => {
    const { s } = await setup()
    act(() => s.fire('message', msg(7, ASHA.profileID, 'Are you there?')))
    expect(s.sent('markRead').map((e) => e.payload)).toEqual([{ roomName: ROOM, lastId: 7 }])
    act(() => s.fire('chatClosed', { roomName: ROOM, profileID: ASHA.profileID }))
    expect(screen.getByText(/This chat has ended/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Type your message')).toBeNull()
  })

  it('blocks from the header after a confirmation; the server’s chatClosed then ends the window', async () => {
    const calls = recordFetch()
    const { s } = await setup()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Report or block Asha Thomas' }))
    await user.click(screen.getByRole('button', { name: 'Block Asha Thomas' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Block Asha Thomas?' })
    expect(dialog).toHaveTextContent('you will not see her')
    await user.click(within(dialog).getByRole('button', { name: 'Block' }))
    await vi.waitFor(() => expect(calls).toContainEqual({ url: expect.stringMatching(/\/api\/v1\/profile\/block\/TM2000002$/), method: 'POST' }))
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    act(() => s.fire('chatClosed', { roomName: ROOM, profileID: ASHA.profileID }))
    expect(screen.getByText(/This chat has ended/)).toBeInTheDocument()
    // An ended chat has nothing left to block.
    expect(screen.queryByRole('button', { name: 'Report or block Asha Thomas' })).toBeNull()
    vi.unstubAllGlobals()
  })

  it('reports the chat with a reason; a report blocks too and the window closes', async () => {
    const calls = recordFetch(() => jsonResponse({ meta: { code: 200, message: 'Thank you. Our team will review your report.' }, data: null }))
    const { store } = await setup([msg(1, ASHA.profileID, 'Send money for my visa')])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Report or block Asha Thomas' }))
    await user.click(screen.getByRole('button', { name: 'Report Asha Thomas' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Report the chat with Asha Thomas' })
    expect(dialog).toHaveTextContent('Reporting also blocks her')
    // A reason is needed first.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason for the report')
    expect(calls).toEqual([])
    await user.click(within(dialog).getByRole('radio', { name: 'Asked for money or gifts' }))
    await user.type(within(dialog).getByLabelText(/What happened/), 'Asked me to pay for a visa')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await vi.waitFor(() => expect(store.getState().chat.chatUsers).toEqual([]))
    expect(calls).toEqual([{ url: expect.stringMatching(/\/api\/v1\/profile\/report\/TM2000002$/), method: 'POST' }])
    expect(calls.bodies).toEqual([{ kind: 'chat', reason: 'money', details: 'Asked me to pay for a visa' }])
    expect(screen.getByText('no window')).toBeInTheDocument()
    vi.unstubAllGlobals()
  })

  it('offers a profile report while the chat is empty, and Escape closes the menu back onto its button', async () => {
    await setup()
    const user = userEvent.setup()
    const menuButton = screen.getByRole('button', { name: 'Report or block Asha Thomas' })
    await user.click(menuButton)
    expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(menuButton).toHaveFocus()
    await user.click(menuButton)
    await user.click(screen.getByRole('button', { name: 'Report Asha Thomas' }))
    expect(screen.getByRole('alertdialog', { name: 'Report Asha Thomas' })).toBeInTheDocument()
  })
})
