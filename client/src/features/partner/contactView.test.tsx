import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { fakeServer } from '../../test/fakeServer'
import { fail, ok, renderRoutes } from '../../test/utils'
import { bride } from './fixtures.test-util'
import { PartnerContactCard } from './PartnerInfo'
import type { PartnerProfile } from './types'

vi.mock('../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => vi.restoreAllMocks())

const FULL = { phoneCode: '+91', phone: '9876543210', email: 'anna@gmail.com', masked: false, contactPerson: 'Mathew Joseph', contactRelation: 'father', callTime: '6 pm to 8 pm' }

const renderCard = (p: PartnerProfile) => renderRoutes([{ path: '/profile', element: <PartnerContactCard profile={p} plansPath="/plans" /> }], '/profile?profileId=TM4821937')

describe('View contact on a member’s profile', () => {
  it('asks first, then shows the full number (to call) and e-mail (to write) at once, with the views left', async () => {
    const user = userEvent.setup()
    const calls = fakeServer((c) => (c.method === 'POST' && c.path === 'profile/partner/contact-view/TM4821937' ? ok({ contact: FULL, charged: true, contactViewsLeft: 11 }) : undefined))
    renderCard(bride({ contactAccess: { state: 'available', viewsLeft: 12, message: '' } }))

    await user.click(screen.getByRole('button', { name: 'View contact (uses 1 of 12 left)' }))
    const dialog = screen.getByRole('alertdialog', { name: 'View the contact of Anna Mathew?' })
    expect(dialog).toHaveTextContent('This uses one contact view of your plan. Viewing this member again during your plan costs nothing.')
    expect(dialog).toHaveTextContent('You have 12 contact views left; after this, 11.')
    // Nothing is spent before the member agrees.
    expect(calls).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'View contact' }))

    expect(await screen.findByRole('link', { name: '+91 9876543210' })).toHaveAttribute('href', 'tel:+919876543210')
    expect(screen.getByRole('link', { name: 'anna@gmail.com' })).toHaveAttribute('href', 'mailto:anna@gmail.com')
    expect(screen.getByText('Mathew Joseph (father)')).toBeInTheDocument()
    expect(screen.getByText('6 pm to 8 pm')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Contact view used. You have 11 contact views left in your plan.')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(calls.filter((c) => c.path.startsWith('profile/partner/contact-view/'))).toHaveLength(1)
  })

  it('says no view was spent on a second look', async () => {
    const user = userEvent.setup()
    fakeServer((c) => (c.path === 'profile/partner/contact-view/TM4821937' ? ok({ contact: FULL, charged: false, contactViewsLeft: 12 }) : undefined))
    renderCard(bride({ contactAccess: { state: 'available', viewsLeft: 12, message: '' } }))
    await user.click(screen.getByRole('button', { name: /^View contact/ }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'View contact' }))
    expect(await screen.findByRole('status')).toHaveTextContent('no contact view was used. You have 12 contact views left.')
  })

  it('shows a 402 answer in place, with the way to the plans', async () => {
    const user = userEvent.setup()
    const message = 'You have used all the contact views of your plan. Renew or upgrade your plan to view more.'
    fakeServer((c) => (c.path === 'profile/partner/contact-view/TM4821937' ? fail(402, message) : undefined))
    renderCard(bride({ contactAccess: { state: 'available', viewsLeft: 1, message: '' } }))
    await user.click(screen.getByRole('button', { name: 'View contact (uses 1 of 1 left)' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'View contact' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans')
    expect(screen.queryByRole('button', { name: /View contact/ })).toBeNull()
    expect(screen.getByTestId('contact-phone')).toHaveTextContent('+91 9876XXXXXX')
  })

  it('shows a 403 (the owner’s contact filter) in place, without a button', async () => {
    const user = userEvent.setup()
    fakeServer((c) => (c.path === 'profile/partner/contact-view/TM4821937' ? fail(403, 'Anna shares her contact only with verified members.') : undefined))
    renderCard(bride({ contactAccess: { state: 'available', viewsLeft: 5, message: '' } }))
    await user.click(screen.getByRole('button', { name: /^View contact/ }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'View contact' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Anna shares her contact only with verified members.')
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull()
    expect(screen.queryByRole('button', { name: /View contact/ })).toBeNull()
  })

  it('keeps the button after a passing failure, so the member can try again', async () => {
    const user = userEvent.setup()
    let n = 0
    fakeServer((c) => (c.path === 'profile/partner/contact-view/TM4821937' ? (n++ === 0 ? fail(500, 'Something went wrong') : ok({ contact: FULL, charged: true, contactViewsLeft: 4 })) : undefined))
    renderCard(bride({ contactAccess: { state: 'available', viewsLeft: 5, message: '' } }))
    await user.click(screen.getByRole('button', { name: /^View contact/ }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'View contact' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong')
    await user.click(screen.getByRole('button', { name: 'View contact' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'View contact' }))
    await waitFor(() => expect(screen.getByRole('link', { name: '+91 9876543210' })).toBeInTheDocument())
  })

  it('without views left: the server’s message and a link to the plans', () => {
    renderCard(bride({ contactAccess: { state: 'noViewsLeft', viewsLeft: 0, message: 'You have used all the contact views of your plan. Renew or upgrade your plan to view more.' } }))
    expect(screen.getByText('You have used all the contact views of your plan. Renew or upgrade your plan to view more.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans')
    expect(screen.queryByRole('button', { name: /View contact/ })).toBeNull()
  })

  it('refused by the owner’s contact filter: the message alone', () => {
    renderCard(bride({ contactAccess: { state: 'filter', viewsLeft: 10, message: 'Anna shares her contact only with members of her denomination.' } }))
    expect(screen.getByTestId('contact-filter')).toHaveTextContent('Anna shares her contact only with members of her denomination.')
    expect(screen.queryByRole('button', { name: /View contact/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull()
  })

  it('shows a contact the server marks shown as it is, with links', () => {
    renderCard(bride({ contact: FULL, contactAccess: { state: 'shown', viewsLeft: 10, message: '' } }))
    expect(screen.getByRole('link', { name: '+91 9876543210' })).toHaveAttribute('href', 'tel:+919876543210')
    expect(screen.queryByRole('button', { name: /View contact/ })).toBeNull()
  })
})
