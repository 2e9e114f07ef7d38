import { useCallback, useId, useRef, useState } from 'react'
import { useDismiss } from './useDismiss'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'

interface DropdownProps {
  /** The button's content (text, or an avatar and a name). */
  button: ReactNode
  /** Accessible name of the button when its content is not plain text. */
  buttonLabel?: string
  className?: string
  /** Opens towards the left edge (menus at the right end of the header). */
  alignEnd?: boolean
  children: ReactNode
}

/** A disclosure menu: the button toggles the panel; Escape, a click outside, or a route change closes it. */
export default function Dropdown({ button, buttonLabel, className, alignEnd, children }: DropdownProps) {
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const btn = useRef<HTMLButtonElement>(null)
  const location = useLocation()
  // Open on the page it was opened on: a route change closes it.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === location.key

  const close = useCallback((e: Event) => {
    setOpenAt(null)
    if (e.type === 'keydown') btn.current?.focus()
  }, [])
  useDismiss(open, root, close)

  return (
    <div ref={root} className={'dropdown' + (open ? ' is-open' : '') + (className ? ' ' + className : '')}>
      <button ref={btn} type="button" className="dropdown__button" aria-expanded={open} aria-controls={id} aria-label={buttonLabel} onClick={() => setOpenAt(open ? null : location.key)}>
        {button}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <div id={id} className={'dropdown__panel' + (alignEnd ? ' dropdown__panel--end' : '')} hidden={!open}>
        {children}
      </div>
    </div>
  )
}
