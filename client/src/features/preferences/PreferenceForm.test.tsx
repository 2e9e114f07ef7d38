import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'react-toastify'
import { describeFetch, jsonResponse, renderWithProviders } from '../../test/utils'
import PreferenceForm from './PreferenceForm'
import { defaults, OPTIONS } from './testData'
import type { Preference } from './types'

/** The row of one preference, found by its title (role queries are slow on a form this size). */
// A long form: give slow shared machines time (each test still runs in well under a second when idle).
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 30_000 })

const row = (name: string) => screen.getByText(name, { selector: 'h3' }).closest<HTMLElement>('.pref-row')!

/** Answers POST preference with the body it got, as the server stores it, and records the bodies. */
function mockSave(answer?: (body: Preference) => Response) {
  const bodies: Preference[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const body = (await req.body()) as Preference
    bodies.push(body)
    return answer?.(body) ?? jsonResponse({ meta: { code: 200, message: 'Record added Successfully' }, data: { ...body, saved: true } })
  })
  return bodies
}

describe('PreferenceForm', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows the profile-derived defaults with the plain-words strictness of each field', () => {
    renderWithProviders(<PreferenceForm saved={defaults()} options={OPTIONS} />)
    expect(screen.getByText(/We suggested these from your own profile/)).toBeInTheDocument()
    expect(screen.getByText('Only members who match are shown in your matches.')).toBeInTheDocument()
    expect(within(row('Age')).getByLabelText('Must match')).toBeChecked()
    expect(within(row('Denomination')).getByLabelText('Nice to have')).toBeChecked()
    expect(within(row('Denomination')).getByText('Roman Catholic')).toBeInTheDocument()
    // An open field ("Any") has nothing to match, so it cannot be made a must.
    expect(within(row('State')).getByText('Any state')).toBeInTheDocument()
    expect(within(row('State')).getByLabelText('Must match')).toBeDisabled()
    expect(screen.getByLabelText('Youngest')).toHaveValue('24')
    // Unsaved defaults can be saved as they are.
    expect(screen.getByRole('button', { name: 'Save preferences' })).toBeEnabled()
  })

  it('checks that each range runs from low to high before sending anything', async () => {
    const user = userEvent.setup()
    const bodies = mockSave()
    renderWithProviders(<PreferenceForm saved={defaults()} options={OPTIONS} />)

    await user.selectOptions(screen.getByLabelText('Youngest'), '35')
    expect(within(row('Age')).getByText('The minimum age cannot be more than the maximum age')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Tallest'), '5 ft 0 in (152 cm)')
    await user.selectOptions(screen.getByLabelText('Shortest'), '5 ft 10 in (178 cm)')
    expect(within(row('Height')).getByText('The minimum height cannot be more than the maximum height')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Lowest'), '₹10 – 15 Lakh')
    await user.selectOptions(screen.getByLabelText('Highest'), '₹3 – 5 Lakh')
    expect(within(row('Annual income')).getByText('The minimum income cannot be more than the maximum income')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save preferences' }))
    expect(bodies).toHaveLength(0)
    expect(screen.getByLabelText('Youngest')).toHaveFocus()

    await user.selectOptions(screen.getByLabelText('Oldest'), '40')
    await user.selectOptions(screen.getByLabelText('Shortest'), 'Any')
    await user.selectOptions(screen.getByLabelText('Highest'), 'Any')
    expect(screen.queryByText(/cannot be more than/)).not.toBeInTheDocument()
  })

  it('saves two denominations marked "must match", a state and the other choices, and toasts the server message', async () => {
    const user = userEvent.setup()
    const success = vi.spyOn(toast, 'success')
    const bodies = mockSave()
    const onSaved = vi.fn()
    renderWithProviders(<PreferenceForm saved={defaults()} options={OPTIONS} onSaved={onSaved} />)

    const denomination = within(row('Denomination'))
    await user.type(denomination.getByRole('combobox'), 'CSI{Enter}')
    await user.keyboard('{Escape}')
    await user.click(denomination.getByLabelText('Must match'))
    await user.type(within(row('State')).getByRole('combobox'), 'Ker{Enter}')
    // Cities narrow to the chosen states.
    await user.click(within(row('City')).getByRole('combobox'))
    expect(screen.getByRole('option', { name: /Kochi/ })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: /Chennai/ })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(within(row('Diet')).getByRole('button', { name: 'Vegetarian' }))
    await user.click(within(row('Marital status')).getByRole('button', { name: 'Any' }))
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save preferences' }))
    await waitFor(() => expect(success).toHaveBeenCalledWith('Record added Successfully', expect.anything()))
    expect(bodies).toHaveLength(1)
    expect(bodies[0].community).toEqual({ values: [1, 10], strict: true })
    expect(bodies[0].state).toEqual({ values: [17], strict: false })
    expect(bodies[0].diet).toEqual({ values: ['vegetarian'], strict: false })
    expect(bodies[0].maritalStatus).toEqual({ values: [], strict: false })
    expect(bodies[0].age).toEqual({ min: 24, max: 31, strict: true })
    expect(onSaved).toHaveBeenCalled()
  })

  it('shows the server field errors under their fields', async () => {
    const user = userEvent.setup()
    mockSave(() =>
      jsonResponse({ meta: { code: 422, message: 'Please select valid denominations' }, data: { errors: { community: 'Please select valid denominations', city: 'Please select valid cities' } } }, 422),
    )
    renderWithProviders(<PreferenceForm saved={{ ...defaults(), saved: true }} options={OPTIONS} />)
    expect(screen.getByRole('button', { name: 'Save preferences' })).toBeDisabled()
    await user.click(within(row('Smoking')).getByRole('button', { name: 'No' }))
    await user.click(screen.getByRole('button', { name: 'Save preferences' }))
    expect(await within(row('Denomination')).findByText('Please select valid denominations')).toBeInTheDocument()
    expect(within(row('City')).getByText('Please select valid cities')).toBeInTheDocument()
    expect(within(row('Denomination')).getByRole('combobox')).toHaveFocus()
    // Changing the field clears its server error; Discard brings back what was saved.
    await user.click(within(row('Denomination')).getByRole('button', { name: 'Remove Roman Catholic' }))
    expect(screen.queryByText('Please select valid denominations')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(within(row('Denomination')).getByText('Roman Catholic')).toBeInTheDocument()
    expect(screen.queryByText('Please select valid cities')).not.toBeInTheDocument()
  })
})
