import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'react-toastify'
import { describeFetch, jsonResponse, renderWithProviders } from '../../test/utils'
import { fakeLists, ownProfile, profileOptions } from './fixtures.test-util'
import { ProfileListsProvider } from './lists'
import SectionForm from './SectionForm'

describe('SectionForm', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows the spec §5 name messages, then the server 422 field errors under the fields, then saves', async () => {
    const user = userEvent.setup()
    const success = vi.spyOn(toast, 'success')
    const bodies: unknown[] = []
    let call = 0
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = describeFetch(input as RequestInfo, init)
      expect(req.method).toBe('PUT')
      bodies.push(await req.body())
      call++
      if (call === 1) {
        return jsonResponse({ meta: { code: 422, message: 'Maximum 30 character allowed' }, data: { errors: { profileName: 'Maximum 30 character allowed' } } }, 422)
      }
      const saved = ownProfile()
      saved.basic.name = 'Asha Mary Thomas'
      return jsonResponse({ meta: { code: 200, message: 'profile updated successfully' }, data: saved })
    })
    const onSaved = vi.fn()
    const { store } = renderWithProviders(
      <ProfileListsProvider value={fakeLists}>
        <SectionForm section="basic" profile={ownProfile()} options={profileOptions} onSaved={onSaved} />
      </ProfileListsProvider>,
    )

    const name = screen.getByLabelText(/Full name/)
    await user.clear(name)
    await user.type(name, 'Asha 2')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Name can only contain letters')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveFocus()
    expect(bodies).toHaveLength(0)

    await user.clear(name)
    await user.type(name, 'As')
    expect(screen.getByText('Minimum 3 characters required')).toBeInTheDocument()
    await user.type(name, 'ha Mary Thomas Kuriakose Pallath')
    expect(screen.getByText('Maximum 25 character allowed')).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'Asha Mary Thomas')

    // The server's field error shows under its field, and that field gets the focus.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const err = await screen.findByText('Maximum 30 character allowed', { selector: '.field__error' })
    expect(err.id).toBe('profileName-error')
    expect(screen.getByLabelText(/Profile name/)).toHaveFocus()
    expect(bodies[0]).toEqual({ basic: { name: 'Asha Mary Thomas', profileName: 'Asha Mary', createdBy: 'self', maritalStatus: 'never_married', motherTongueId: 7, physicalStatus: 'normal' } })
    expect(onSaved).not.toHaveBeenCalled()

    // Changing the field clears the server's message; the save goes through with the spec's toast.
    await user.clear(screen.getByLabelText(/Profile name/))
    await user.type(screen.getByLabelText(/Profile name/), 'Asha')
    expect(screen.queryByText('Maximum 30 character allowed')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(success).toHaveBeenCalledWith('profile updated successfully', expect.anything())
    expect(store.getState().account.reloadProfile).toBe(true)
    expect(bodies[1]).toMatchObject({ basic: { name: 'Asha Mary Thomas', profileName: 'Asha' } })
  })

  it('offers the states of the chosen country and clears the state and city when the country changes', async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <ProfileListsProvider value={fakeLists}>
        <SectionForm section="location" profile={ownProfile()} options={profileOptions} />
      </ProfileListsProvider>,
    )
    const state = screen.getByLabelText(/State/)
    expect(state).toBeDisabled()
    expect(screen.getByRole('option', { name: 'Select the country first' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Please select a valid country')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText(/Country/), '1')
    expect(state).toBeEnabled()
    await user.selectOptions(state, '4')
    await user.selectOptions(screen.getByLabelText(/City/), '9')
    await user.selectOptions(screen.getByLabelText(/Country/), '')
    expect(screen.getByLabelText(/State/)).toHaveValue('')
    expect(screen.getByLabelText(/City/)).toHaveValue('')
  })

  it('never offers complexion, body type or horoscope', () => {
    for (const section of ['basic', 'faith', 'education', 'location', 'family', 'about', 'lifestyle'] as const) {
      const { unmount } = renderWithProviders(
        <ProfileListsProvider value={fakeLists}>
          <SectionForm section={section} profile={ownProfile()} options={profileOptions} />
        </ProfileListsProvider>,
      )
      expect(screen.queryByText(/complexion|body type|horoscope/i)).not.toBeInTheDocument()
      unmount()
    }
  })
})
