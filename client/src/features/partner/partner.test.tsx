import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { vi } from 'vitest'
import { jsonResponse, recordFetch, renderWithProviders, settle } from '../../test/utils'
import { humanize, labelOf } from './labels'
import PartnerActions from './PartnerActions'
import PartnerGallery from './PartnerGallery'
import { PartnerBadges, PartnerContactCard, PartnerDetails, PartnerSummary } from './PartnerInfo'
import type { PartnerProfile, ProfileOptions } from './types'
import { bride } from './fixtures.test-util'

const options: ProfileOptions = {
  enums: {
    maritalStatus: [{ value: 'never_married', label: 'Never married' }],
    createdBy: [{ value: 'parent', label: 'Parent' }],
    familyType: [{ value: 'nuclear', label: 'Nuclear family' }],
    diet: [{ value: 'non_vegetarian', label: 'Non-vegetarian' }],
    faithPractice: [{ value: 'regular', label: 'Regular church-goer' }],
  },
}

describe('the profile another member sees', () => {
  it('shows age (not a date of birth), labels for coded values and every section', () => {
    const p = bride()
    renderWithProviders(
      <>
        <PartnerSummary profile={p} options={options} />
        <PartnerDetails profile={p} options={options} />
      </>,
    )
    expect(screen.getByText('27 years · 5 ft 3 in (160 cm) · Never married · Syro-Malabar Catholic · Kochi, Kerala')).toBeInTheDocument()
    expect(screen.getByText('Active this week')).toBeInTheDocument()
    for (const title of ['Basic details', 'Faith', 'Education and work', 'Location', 'Family', 'Lifestyle']) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    expect(screen.getByText('Parent')).toBeInTheDocument()
    expect(screen.getByText('Nuclear family')).toBeInTheDocument()
    expect(screen.getByText('Non-vegetarian')).toBeInTheDocument()
    expect(screen.getByText('Regular church-goer')).toBeInTheDocument()
    // Without a label the code is still readable; empty fields are left out.
    expect(screen.getByText('Moderate')).toBeInTheDocument()
    expect(screen.queryByText('Sub-community')).not.toBeInTheDocument()
    expect(screen.getByText('I love music.')).toBeInTheDocument()
  })

  it('masks the contact and sends a viewer without a plan to the plans with the server\'s reason', () => {
    const p = bride({ contactAccess: { state: 'noPlan', viewsLeft: 0, message: 'Buy a plan to view contact details' } })
    renderWithProviders(<PartnerContactCard profile={p} plansPath="/plans" />)
    expect(screen.getByTestId('contact-phone')).toHaveTextContent('+91 9876XXXXXX')
    expect(screen.getByTestId('contact-email')).toHaveTextContent('XXXXXX@gmail.com')
    const cta = screen.getByRole('link', { name: 'See plans' })
    expect(cta).toHaveAttribute('href', '/plans')
    expect(cta).toHaveAccessibleDescription('Buy a plan to view contact details')
  })

  it('offers a paid viewer the contact view with the views left', () => {
    renderWithProviders(<PartnerContactCard profile={bride({ contactAccess: { state: 'available', viewsLeft: 12, message: '' } })} plansPath="/plans" />)
    const button = screen.getByRole('button', { name: 'View contact (uses 1 of 12 left)' })
    expect(button).toBeEnabled()
    expect(button).toHaveAccessibleDescription(/Viewing this member again during your plan costs nothing/)
  })

  it('shows an unmasked contact (own profile, or after a contact view) with the contact person', () => {
    const p = bride({ contact: { phoneCode: '+91', phone: '9876543210', email: 'anna@gmail.com', masked: false, contactPerson: 'Mathew Joseph', contactRelation: 'father' } })
    renderWithProviders(<PartnerContactCard profile={p} plansPath="/plans" />)
    expect(screen.getByTestId('contact-phone')).toHaveTextContent('+91 9876543210')
    expect(screen.getByText('Mathew Joseph (father)')).toBeInTheDocument()
    expect(screen.queryByText('View contact')).not.toBeInTheDocument()
  })

  it('names each badge with what was checked and when', () => {
    renderWithProviders(<PartnerBadges badges={bride().badges} name="Anna" />)
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Mobile verified')
    expect(items[0]).toHaveTextContent('one-time password (OTP), on 14 March 2025')
    expect(items[1]).toHaveTextContent('Parish verified')
    expect(items[1]).toHaveTextContent('letter from the parish, on 2 May 2025')
  })

  it('leaves the date out when the check has none', () => {
    renderWithProviders(<PartnerBadges badges={[{ kind: 'id', label: 'ID verified', verifiedAt: null }]} name="Anna" />)
    const item = screen.getByRole('listitem')
    expect(item).toHaveTextContent('ID verified')
    expect(item).not.toHaveTextContent(/, on /)
  })

  it('says so when there are no badges', () => {
    renderWithProviders(<PartnerBadges badges={[]} name="Anna" />)
    expect(screen.getByText('Anna has not completed any verification yet.')).toBeInTheDocument()
  })

  it('shows every action with its reason; the requests follow the viewer\'s own', () => {
    renderWithProviders(<PartnerActions profile={bride({ photos: [], photosProtected: true, requests: { photo: '', phone: 'pending' }, dontShow: true })} />)
    const bar = screen.getByRole('region', { name: 'Actions' })
    const buttons = within(bar).getAllByRole('button')
    expect(buttons.map((b) => b.textContent?.trim())).toEqual(['Invite', 'Request photos', 'Phone requested', 'Withdraw', 'Block', 'Show again', 'Report', 'Chat'])
    for (const b of buttons.filter((b) => b.textContent !== 'Withdraw')) expect(b.getAttribute('aria-describedby')).toBeTruthy()
    expect(within(bar).getByRole('button', { name: 'Request photos' })).toBeEnabled()
    expect(within(bar).getByRole('button', { name: 'Request photos' })).toHaveAccessibleDescription('Ask Anna Mathew to show you her photos.')
    expect(within(bar).getByRole('button', { name: 'Phone requested' })).toBeDisabled()
    expect(within(bar).getByRole('button', { name: 'Phone requested' })).toHaveAccessibleDescription('Waiting for her answer.')
    expect(within(bar).getByRole('button', { name: 'Withdraw phone request' })).toBeEnabled()
    expect(within(bar).getByRole('button', { name: 'Invite' })).toBeEnabled()
    // Without the screen's callbacks there is nothing to block into, report into or chat with.
    expect(within(bar).getByRole('button', { name: 'Block' })).toBeDisabled()
    expect(within(bar).getByRole('button', { name: 'Report' })).toBeDisabled()
    expect(within(bar).getByRole('button', { name: 'Chat' })).toBeDisabled()
    expect(within(bar).getByRole('button', { name: 'Show again' })).toHaveAccessibleDescription("On your Don't show list: left out of your lists and chat.")
    // No word of a later release is left on the requests.
    expect(bar).not.toHaveTextContent(/release/)
    // On the viewer's Don't show list: no chat until Show again, even with a chat to open.
    renderWithProviders(<PartnerActions profile={bride({ dontShow: true })} onChat={() => Promise.resolve({ ok: true })} />)
    const chat = within(screen.getAllByRole('region', { name: 'Actions' })[1]).getByRole('button', { name: 'Chat' })
    expect(chat).toBeDisabled()
    expect(chat).toHaveAccessibleDescription('Show this member again to chat.')
  })

  it('follows the invitation: send, cancel mine, accept theirs, nothing once accepted', async () => {
    const calls = recordFetch()
    const { unmount } = renderWithProviders(<PartnerActions profile={bride()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }))
    await waitFor(() => expect(calls).toContainEqual({ url: expect.stringMatching(/\/api\/v1\/profile\/invite\/TM4821937$/), method: 'POST' }))
    unmount()
    const at = '2026-11-20T10:00:00Z'
    const view = (invitation: PartnerProfile['invitation']) => renderWithProviders(<PartnerActions profile={bride({ invitation })} />)
    let r = view({ status: 'pending', sentByMe: true, at })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel invitation' }))
    await waitFor(() => expect(calls).toContainEqual({ url: expect.stringMatching(/\/cancel-invitation\/TM4821937$/), method: 'POST' }))
    r.unmount()
    r = view({ status: 'pending', sentByMe: false, at })
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toHaveAccessibleDescription('Anna Mathew invited you. Accept to chat; to decline, use your inbox.')
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }))
    await waitFor(() => expect(calls).toContainEqual({ url: expect.stringMatching(/\/accept-invitation\/TM4821937$/), method: 'POST' }))
    r.unmount()
    r = view({ status: 'accepted', sentByMe: true, at })
    expect(screen.getByRole('button', { name: 'Invitation accepted' })).toBeDisabled()
    r.unmount()
    view({ status: 'declined', sentByMe: true, at })
    expect(screen.getByRole('button', { name: 'Invite' })).toHaveAccessibleDescription('Anna Mathew declined your last invitation.')
    vi.unstubAllGlobals()
  })

  it('blocks only after the member confirms, then tells the screen', async () => {
    const calls = recordFetch()
    const onBlocked = vi.fn()
    renderWithProviders(<PartnerActions profile={bride()} onBlocked={onBlocked} />)
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Block Anna Mathew?' })
    expect(dialog).toHaveTextContent('Any chat between you ends now.')
    expect(within(dialog).getByRole('link', { name: 'Blocked Profiles' })).toHaveAttribute('href', '/matches/discovery/blocked-profile')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(calls).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(onBlocked).toHaveBeenCalledTimes(1))
    expect(calls).toEqual([{ url: expect.stringMatching(/\/api\/v1\/profile\/block\/TM4821937$/), method: 'POST' }])
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    vi.unstubAllGlobals()
  })

  it("keeps the dialog open when the block fails, and toggles Don't show", async () => {
    const calls = recordFetch((url) =>
      url.includes('/block/') ? jsonResponse({ meta: { code: 500, message: 'internal error' }, data: null }, 500) : jsonResponse({ meta: { code: 200, message: 'OK' }, data: null }),
    )
    const onBlocked = vi.fn()
    renderWithProviders(<PartnerActions profile={bride()} onBlocked={onBlocked} />)
    fireEvent.click(screen.getByRole('button', { name: 'Block' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    await settle()
    expect(onBlocked).not.toHaveBeenCalled()
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))

    fireEvent.click(screen.getByRole('button', { name: "Don't show" }))
    await waitFor(() => expect(calls).toContainEqual({ url: expect.stringMatching(/\/api\/v1\/profile\/dont-show\/TM4821937$/), method: 'POST' }))
    vi.unstubAllGlobals()
  })

  it('opens a chat through onChat and shows the reason of a refusal', async () => {
    const onChat = vi.fn().mockResolvedValueOnce({ ok: false, message: 'Upgrade your plan to start a chat' }).mockResolvedValueOnce({ ok: true })
    renderWithProviders(<PartnerActions profile={bride()} onChat={onChat} />)
    const chat = screen.getByRole('button', { name: 'Chat' })
    expect(chat).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Request phone number' })).toBeEnabled()
    fireEvent.click(chat)
    await waitFor(() => expect(chat).toHaveAccessibleDescription('Upgrade your plan to start a chat'))
    fireEvent.click(chat)
    await waitFor(() => expect(chat).toHaveAccessibleDescription('The chat window is open.'))
    expect(onChat).toHaveBeenCalledTimes(2)
  })
})

describe('the gallery', () => {
  it('shows the photos with thumbnails and falls back to the default avatar when one fails to load', () => {
    renderWithProviders(<PartnerGallery profile={bride()} />)
    const main = screen.getByRole('img', { name: 'Photo 1 of Anna Mathew' })
    expect(main).toHaveAttribute('src', '/media/photos/aa/aa11_large.jpg?g=x')
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 2' }))
    const second = screen.getByRole('img', { name: 'Photo 2 of Anna Mathew' })
    expect(second).toHaveAttribute('src', '/media/photos/bb/bb22_large.jpg?g=x')
    fireEvent.error(second)
    expect(screen.getByRole('img', { name: 'Photo 2 of Anna Mathew' })).toHaveAttribute('src', '/images/avatar-female.svg')
  })

  it('shows a locked placeholder for protected photos, with the photo request button', () => {
    renderWithProviders(<PartnerGallery profile={bride({ photos: [], photosProtected: true })} />)
    expect(screen.getByText('Photos are protected')).toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Request photos' })
    expect(button).toBeEnabled()
    expect(button).toHaveAccessibleDescription('Ask Anna Mathew to show you her photos.')
    expect(screen.queryByRole('img', { name: /Photo 1/ })).not.toBeInTheDocument()
    expect(screen.queryByText(/release/)).not.toBeInTheDocument()
  })

  it('says a photo request waits, with Withdraw, on the locked placeholder', () => {
    renderWithProviders(<PartnerGallery profile={bride({ photos: [], photosProtected: true, requests: { photo: 'pending' } })} />)
    expect(screen.getByText('Your photo request is waiting for her answer.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Request photos' })).not.toBeInTheDocument()
  })

  it('shows the groom default avatar when there is no photo', () => {
    renderWithProviders(<PartnerGallery profile={bride({ gender: 10, photos: [] })} />)
    expect(screen.getByText('Anna Mathew has not added a photo yet.')).toBeInTheDocument()
    expect(document.querySelector('.gallery__img')).toHaveAttribute('src', '/images/avatar-male.svg')
  })
})

describe('labels', () => {
  it('uses the server label, else a readable code', () => {
    expect(labelOf(options, 'maritalStatus', 'never_married')).toBe('Never married')
    expect(labelOf(undefined, 'maritalStatus', 'never_married')).toBe('Never married')
    expect(labelOf(options, 'diet', '')).toBe('')
    expect(humanize('physically_challenged')).toBe('Physically challenged')
  })
})
