import { useEffect } from 'react'
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
