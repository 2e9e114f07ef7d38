import { useEffect, useId, useRef, useState } from 'react'
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
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const btn = useRef<HTMLButtonElement>(null)
  const location = useLocation()

  useEffect(() => {
    setOpen(false)
  }, [location.key])

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        btn.current?.focus()
      }
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('touchstart', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('touchstart', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div ref={root} className={'dropdown' + (open ? ' is-open' : '') + (className ? ' ' + className : '')}>
      <button ref={btn} type="button" className="dropdown__button" aria-expanded={open} aria-controls={id} aria-label={buttonLabel} onClick={() => setOpen((o) => !o)}>
        {button}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <div id={id} className={'dropdown__panel' + (alignEnd ? ' dropdown__panel--end' : '')} hidden={!open}>
        {children}
      </div>
    </div>
  )
}
