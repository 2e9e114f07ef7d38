import { useEffect, useMemo, useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { closeChatUser, minimiseChatUser, openChatUser, selectOnlineUsers } from './chatSlice'
import { chatCommands } from './connection'
import type { OpenOutcome } from './connection'
import type { ChatUser } from './types'
import { focusWhenShown } from './components/ChatInput'

/** A window the member opens on a desktop takes the focus; on a phone the keyboard would hide the messages. */
function focusOnDesktop(profileID: string) {
  if (typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches) return
  focusWhenShown(profileID)
}

/** The chat actions a screen can take; commands go to the connection middleware, window changes to the slice. */
export function useChatActions() {
  const dispatch = useAppDispatch()
  return useMemo(
    () => ({
      /** Asks the server for the room (getRoomName) and opens the window; a refusal shows its message instead. */
      open: (toProfileId: string) => {
        focusOnDesktop(toProfileId)
        const outcome = dispatch(chatCommands.open({ toProfileId })) as unknown as Promise<OpenOutcome>
        return outcome.then((o) => {
          if (!o.ok) focusWhenShown(toProfileId, false)
          return o
        })
      },
      /** Sends a message; false when nothing was sent (empty, too long, chat ended). */
      send: (roomName: string, message: string) => dispatch(chatCommands.send({ roomName, message })) as unknown as boolean,
      retry: (clientId: string) => {
        dispatch(chatCommands.retry({ clientId }))
      },
      loadOlder: (roomName: string) => {
        dispatch(chatCommands.loadOlder({ roomName }))
      },
      markRead: (roomName: string) => {
        dispatch(chatCommands.markRead({ roomName }))
      },
      /** Brings a minimised window back. */
      restore: (user: ChatUser) => {
        focusOnDesktop(user.profileID)
        dispatch(openChatUser(user))
      },
      minimise: (profileID: string) => {
        dispatch(minimiseChatUser(profileID))
      },
      close: (profileID: string) => {
        dispatch(closeChatUser(profileID))
      },
    }),
    [dispatch],
  )
}

/** The set of online profile ids, for the online dots. */
export function useOnlineIds(): Set<string> {
  const online = useAppSelector(selectOnlineUsers)
  return useMemo(() => new Set(online.map((u) => u.profileID)), [online])
}

/** The phone layout: one full-screen window and a floating button instead of the docked list. */
export const PHONE_QUERY = '(max-width: 640px)'

/** Whether a media query matches, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches
  const [matches, setMatches] = useState(get)
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const mql = window.matchMedia(query)
    const on = () => setMatches(mql.matches)
    on()
    mql.addEventListener('change', on)
    return () => mql.removeEventListener('change', on)
  }, [query])
  return matches
}

/** Whether the page is visible (not a background tab, not a locked phone). */
export function usePageVisible(): boolean {
  const get = () => typeof document === 'undefined' || document.visibilityState !== 'hidden'
  const [visible, setVisible] = useState(get)
  useEffect(() => {
    const on = () => setVisible(get())
    document.addEventListener('visibilitychange', on)
    return () => document.removeEventListener('visibilitychange', on)
  }, [])
  return visible
}

/** The viewport width, following resizes. */
export function useViewportWidth(): number {
  const [w, setW] = useState(() => (typeof window !== 'undefined' ? window.innerWidth : 1280))
  useEffect(() => {
    const on = () => setW(window.innerWidth)
    window.addEventListener('resize', on)
    return () => window.removeEventListener('resize', on)
  }, [])
  return w
}

/**
 * The part of the screen the on-screen keyboard leaves free (VisualViewport): a full-screen chat window fits into it,
 * so the input row stays above the keyboard on Android and iOS. Null where the API is missing.
 */
export function useVisualViewport(enabled: boolean): { top: number; height: number } | null {
  const [box, setBox] = useState<{ top: number; height: number } | null>(null)
  useEffect(() => {
    const vv = typeof window !== 'undefined' ? window.visualViewport : null
    if (!enabled || !vv) return
    const on = () => setBox({ top: vv.offsetTop, height: vv.height })
    on()
    vv.addEventListener('resize', on)
    vv.addEventListener('scroll', on)
    return () => {
      vv.removeEventListener('resize', on)
      vv.removeEventListener('scroll', on)
      setBox(null)
    }
  }, [enabled])
  return box
}
