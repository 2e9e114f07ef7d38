import { fireEvent, render, screen } from '@testing-library/react'
import { vi } from 'vitest'
import ConfirmDialog from './ConfirmDialog'

describe('ConfirmDialog', () => {
  it('keeps focus in a field when its parent re-renders with a new onCancel, and Escape calls the latest one', () => {
    const first = vi.fn()
    const second = vi.fn()
    const ui = (onCancel: () => void) => (
      <ConfirmDialog open title="Report" confirmLabel="Send" onConfirm={() => {}} onCancel={onCancel}>
        <label>
          Details <textarea />
        </label>
      </ConfirmDialog>
    )
    const { rerender } = render(ui(first))
    // Focus starts on Cancel; the member moves to the field and types.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    const field = screen.getByLabelText('Details')
    field.focus()
    rerender(ui(second))
    expect(field).toHaveFocus()
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })
})
