import { useState } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ChipPicker, { filterOptions } from './ChipPicker'
import type { PickOption } from './ChipPicker'

/** Denominations shaped like the master list (ids with names). */
const OPTIONS: { community: PickOption<number>[] } = {
  community: [
    { value: 1, label: 'Roman Catholic' },
    { value: 2, label: 'Syro-Malabar Catholic' },
    { value: 10, label: 'CSI' },
    { value: 11, label: 'CNI' },
    { value: 12, label: 'Marthoma' },
  ],
}

/** A picker with its own state, as a form holds it. */
function Harness({ initial = [] as number[], max }: { initial?: number[]; max?: number }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <ChipPicker id="community" label="Denomination" options={OPTIONS.community} value={value} onChange={setValue} anyLabel="Any denomination" placeholder="Search denominations" max={max} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  )
}

const value = () => screen.getByTestId('value').textContent

describe('ChipPicker', () => {
  it('ranks labels that start with the text first, then words, then the rest', () => {
    expect(filterOptions(OPTIONS.community, 'ca').map((o) => o.label)).toEqual(['Roman Catholic', 'Syro-Malabar Catholic'])
    expect(filterOptions(OPTIONS.community, 'c').map((o) => o.label)).toEqual(['CSI', 'CNI', 'Roman Catholic', 'Syro-Malabar Catholic'])
  })

  it('is used from the keyboard: arrows move, Enter picks and drops, Escape closes, Backspace removes the last chip', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.getByText('Any denomination')).toBeInTheDocument()
    const box = screen.getByRole('combobox', { name: 'Denomination' })
    await user.tab()
    expect(box).toHaveFocus()
    expect(box).toHaveAttribute('aria-expanded', 'true')

    await user.type(box, 'c')
    const list = screen.getByRole('listbox')
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['CSI', 'CNI', 'Roman Catholic', 'Syro-Malabar Catholic'])
    // The first match is active; ArrowDown moves to the second.
    expect(box).toHaveAttribute('aria-activedescendant', 'community-opt-0')
    await user.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', 'community-opt-1')
    await user.keyboard('{Enter}')
    expect(value()).toBe('11')
    expect(screen.getByRole('button', { name: 'Remove CNI' })).toBeInTheDocument()
    // The search text is cleared for the next pick, and the list stays open.
    expect(box).toHaveValue('')

    await user.type(box, 'csi{Enter}')
    expect(value()).toBe('11,10')
    // Enter on a chosen option drops it again.
    await user.type(box, 'csi')
    expect(screen.getByRole('option', { name: 'CSI' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Enter}')
    expect(value()).toBe('11')

    await user.keyboard('{Escape}')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{Escape}')
    expect(box).toHaveValue('')
    await user.keyboard('{Backspace}')
    expect(value()).toBe('')
    expect(screen.getByText('Any denomination')).toBeInTheDocument()
  })

  it('opens with ArrowDown, says when nothing matches, and picks with a click', async () => {
    const user = userEvent.setup()
    render(<Harness initial={[1]} />)
    const box = screen.getByRole('combobox', { name: 'Denomination' })
    await user.type(box, 'zz')
    expect(screen.getByText('Nothing matches “zz”')).toBeInTheDocument()
    await user.clear(box)
    await user.keyboard('{Escape}{ArrowDown}')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('option', { name: 'Marthoma' }))
    expect(value()).toBe('1,12')
    await user.click(screen.getByRole('button', { name: 'Remove Roman Catholic' }))
    expect(value()).toBe('12')
  })

  it('stops at the most values a list may hold', async () => {
    const user = userEvent.setup()
    render(<Harness initial={[1, 2]} max={2} />)
    await user.type(screen.getByRole('combobox', { name: 'Denomination' }), 'csi{Enter}')
    expect(value()).toBe('1,2')
    expect(screen.getByText('You can choose up to 2. Remove one to add another.')).toBeInTheDocument()
  })

  it('never submits the form with Enter', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault())
    render(
      <form onSubmit={onSubmit}>
        <Harness />
      </form>,
    )
    await user.type(screen.getByRole('combobox', { name: 'Denomination' }), 'zz{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
