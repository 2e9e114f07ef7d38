import type { ReactNode } from 'react'
import { useDisclosure } from './useDismiss'

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
  const { id, root, btn, open, toggle } = useDisclosure()

  return (
    <div ref={root} className={'dropdown' + (open ? ' is-open' : '') + (className ? ' ' + className : '')}>
      <button ref={btn} type="button" className="dropdown__button" aria-expanded={open} aria-controls={id} aria-label={buttonLabel} onClick={toggle}>
        {button}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <div id={id} className={'dropdown__panel' + (alignEnd ? ' dropdown__panel--end' : '')} hidden={!open}>
        {children}
      </div>
    </div>
  )
}
