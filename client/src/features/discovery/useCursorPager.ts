import { useCallback, useState } from 'react'

/** Where the list is: the cursor of the page shown (none on the first), its 1-based number, and the moves. */
export interface CursorPager {
  cursor: string | undefined
  page: number
  /** Opens the page that starts at `cursor` (the one the server handed out with the page shown). */
  next: (cursor: string) => void
  /** Goes back one page. */
  previous: () => void
}

/**
 * Paging with the lists' opaque cursors: the server only says where the next page starts, so the way back is a
 * stack of the cursors that opened each page after the first. A new resetKey (another search) starts over on page 1.
 */
export function useCursorPager(resetKey = ''): CursorPager {
  const [state, setState] = useState<{ key: string; stack: string[] }>({ key: resetKey, stack: [] })
  const stack = state.key === resetKey ? state.stack : []
  const next = useCallback((cursor: string) => setState((s) => ({ key: resetKey, stack: [...(s.key === resetKey ? s.stack : []), cursor] })), [resetKey])
  const previous = useCallback(() => setState((s) => ({ key: resetKey, stack: (s.key === resetKey ? s.stack : []).slice(0, -1) })), [resetKey])
  return { cursor: stack[stack.length - 1], page: stack.length + 1, next, previous }
}
