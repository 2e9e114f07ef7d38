import { useEffect, useId, useRef } from 'react'
import type { ReactNode } from 'react'

interface ConfirmDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** Styles the confirm button as dangerous (deletion). */
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A modal confirmation (role alertdialog): focus starts on Cancel, Tab stays inside, Escape or the backdrop cancels. */
export default function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId()
  const panel = useRef<HTMLDivElement>(null)
  const cancelBtn = useRef<HTMLButtonElement>(null)
  // The latest onCancel, read at the key press: callers pass a new function on every render, and the effect
  // below must not run again (it would move focus back to Cancel) while the dialog stays open.
  const cancelRef = useRef(onCancel)
  useEffect(() => {
    cancelRef.current = onCancel
  }, [onCancel])

  useEffect(() => {
    if (!open) return
    const opener = document.activeElement as HTMLElement | null
    cancelBtn.current?.focus()
    const prevOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        cancelRef.current()
        return
      }
      if (e.key !== 'Tab' || !panel.current) return
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])'))
      if (!items.length) return
      const first = items[0]
      const last = items[items.length - 1]
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = prevOverflow
      opener?.focus()
    }
  }, [open])

  if (!open) return null
  return (
    <div className="dialog">
      <div className="dialog__backdrop" onClick={onCancel} aria-hidden="true" />
      <div className="dialog__panel" ref={panel} role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        <div id={`${id}-body`} className="dialog__body">
          {children}
        </div>
        <div className="dialog__actions">
          <button ref={cancelBtn} type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={'btn ' + (danger ? 'btn--danger' : 'btn--primary')} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  )
}
