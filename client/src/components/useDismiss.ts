import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { RefObject } from 'react'

/** While open, a press outside root or the Escape key calls close (Escape passes the key event, e.g. to refocus). */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, close: (e: Event) => void) {
  useEffect(() => {
    if (!open) return
    const onDown = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) close(e)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(e)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('touchstart', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('touchstart', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, root, close])
}

/**
 * A disclosure's state (the header's menus and the notification bell): open on the page it was opened on, so a
 * route change closes it; Escape (focus back on the button) or a press outside root closes it too.
 */
export function useDisclosure() {
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const btn = useRef<HTMLButtonElement>(null)
  const location = useLocation()
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === location.key
  const close = useCallback((e: Event) => {
    setOpenAt(null)
    if (e.type === 'keydown') btn.current?.focus()
  }, [])
  useDismiss(open, root, close)
  const toggle = () => setOpenAt(open ? null : location.key)
  return { id, root, btn, open, toggle }
}
