import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import Header from './Header'
import { MEMBER_MENU, planMenuLabel } from './shellTypes'
import type { HeaderMember } from './shellTypes'
import { MEMBER_ROUTES } from '../app/routes'

const member: HeaderMember = {
  userName: 'Flavia Babu',
  profileID: 'TM2475392',
  gender: 20,
  photoUrl: null,
  plan: { name: 'TFM-PREMIUM', expiresAt: '2027-03-05T10:00:00Z' },
  prevContactViewPending: 0,
}

function renderHeader(props: Partial<Parameters<typeof Header>[0]> = {}) {
  const onLogout = vi.fn()
  render(
    <MemoryRouter>
      <Header brand="TFM" settings={null} active={false} scrolled={false} menuOpen={false} onMenuOpen={() => {}} onMenuClose={() => {}} isLoggedIn member={member} onLogout={onLogout} {...props} />
    </MemoryRouter>,
  )
  return { onLogout }
}

describe('logged-in header', () => {
  it('swaps the public links for the spec §2 menu groups and a profile menu with Logout', async () => {
    const user = userEvent.setup()
    const { onLogout } = renderHeader()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    for (const g of ['My Matrimony', 'Matches', 'Search', 'Inbox']) expect(within(nav).getByRole('button', { name: g })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Pricing Plans' })).toBeNull()

    const matches = within(nav).getByRole('button', { name: 'Matches' })
    expect(matches).toHaveAttribute('aria-expanded', 'false')
    await user.click(matches)
    expect(matches).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('link', { name: 'Today Matches' })).toHaveAttribute('href', '/matches/daily-recommendations')
    await user.keyboard('{Escape}')
    expect(matches).toHaveAttribute('aria-expanded', 'false')

    await user.click(screen.getByRole('button', { name: 'Profile menu of Flavia Babu' }))
    for (const l of ['My Profile', 'Account Settings', 'Contact', 'Email/SMS Alerts', 'Privacy Options']) expect(screen.getByRole('link', { name: l })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(onLogout).toHaveBeenCalledTimes(1)
  })

  it('shows the plan name, expiry as DD-MM-YYYY and "Update Plan" when prevContactViewPending is 0', () => {
    renderHeader()
    const plan = screen.getAllByTestId('plan-summary')[0]
    expect(plan).toHaveTextContent('TFM-PREMIUM')
    expect(plan).toHaveTextContent('05-03-2027')
    expect(within(plan).getByRole('link', { name: 'Update Plan' })).toHaveAttribute('href', '/plan-upgrade')
  })

  it('says "Renew Plan" otherwise, and "Upgrade" to /plans for a free member', () => {
    expect(planMenuLabel(0)).toBe('Update Plan')
    expect(planMenuLabel(3)).toBe('Renew Plan')
    renderHeader({ member: { ...member, plan: null } })
    const plan = screen.getAllByTestId('plan-summary')[0]
    expect(plan).toHaveTextContent('Free member')
    expect(within(plan).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/plans')
  })

  it('shows the bell it is given for members only', () => {
    renderHeader({ bell: <button type="button">Notifications, 3 unread</button> })
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument()
  })

  it('keeps the public header for visitors', () => {
    renderHeader({ isLoggedIn: false, member: null, bell: <button type="button">Notifications, 3 unread</button> })
    expect(screen.queryByRole('button', { name: 'Notifications, 3 unread' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: 'Matches' })).toBeNull()
  })

  it('links every menu entry to a member route constant of spec §2', () => {
    const memberPaths = new Set(MEMBER_ROUTES.map((r) => r.path))
    for (const g of MEMBER_MENU) for (const i of g.items) expect(memberPaths.has(i.to)).toBe(true)
  })
})
