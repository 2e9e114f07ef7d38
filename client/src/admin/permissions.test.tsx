import { screen, within } from '@testing-library/react'
import { vi } from 'vitest'
import { NAV_GROUPS, hasAny, navFor } from './permissions'
import { adminWith, clearAdminSession, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  clearAdminSession()
})

/** The links of the back office's navigation, as shown. */
async function navLinks(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Back office' })
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '')
}

const lists = on('GET', /^(proofs|reports|contact)$/, () => okData({ items: [], total: 0 }))

describe('navigation by permission', () => {
  it('shows a moderator the members, proofs and reports, and nothing of content, finance or administration', async () => {
    fakeAdminServer(meHandler(adminWith('moderator')), lists)
    renderAdmin('/admin')
    expect(await navLinks()).toEqual(['Dashboard', 'Members', 'Proofs', 'Reports'])
  })

  it('shows finance the plans, coupons and orders only', async () => {
    fakeAdminServer(meHandler(adminWith('finance')), lists)
    renderAdmin('/admin')
    expect(await navLinks()).toEqual(['Dashboard', 'Plans', 'Coupons', 'Orders'])
    // The dashboard asks for no count finance may not see.
    expect(screen.queryByText('Pending proofs')).not.toBeInTheDocument()
  })

  it('shows support members and the contact inbox, and no Plans', async () => {
    fakeAdminServer(meHandler(adminWith('support')), lists)
    renderAdmin('/admin')
    const links = await navLinks()
    expect(links).toEqual(['Dashboard', 'Members', 'Contact inbox'])
    expect(links).not.toContain('Plans')
  })

  it('shows a superadmin everything, and the dashboard counts from the list totals', async () => {
    const calls = fakeAdminServer(
      meHandler(adminWith('superadmin')),
      on('GET', 'proofs', () => okData({ items: [], total: 4 })),
      on('GET', 'reports', () => okData({ items: [], total: 2 })),
      on('GET', 'contact', () => okData({ items: [], total: 9 })),
    )
    renderAdmin('/admin')
    expect(await navLinks()).toEqual(NAV_GROUPS.flatMap((g) => g.items.map((i) => i.label)))
    const count = (label: string) => screen.getByText(label).closest<HTMLElement>('.admin-count')!
    expect(await within(count('Pending proofs')).findByText('4')).toBeInTheDocument()
    expect(await within(count('Open reports')).findByText('2')).toBeInTheDocument()
    expect(await within(count('New contact messages')).findByText('9')).toBeInTheDocument()
    expect(calls.find((c) => c.path === 'proofs')?.query).toEqual({ status: 'pending', skip: '0', limit: '1' })
    expect(calls.find((c) => c.path === 'reports')?.query).toEqual({ status: 'open', skip: '0', limit: '1' })
    expect(calls.find((c) => c.path === 'contact')?.query).toEqual({ status: 'new', skip: '0', limit: '1' })
  })

  it('says "You do not have access to this page" at an address the role may not use, and asks the server nothing for it', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('moderator')))
    renderAdmin('/admin/finance/plans')
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument()
    expect(calls.map((c) => c.path)).toEqual(['me'])
  })

  it('hides the member actions a role may not take', async () => {
    fakeAdminServer(
      meHandler(adminWith('support')),
      on('GET', 'members/TFM100', () =>
        okData({
          profileId: 'TFM100',
          name: 'Anna Joseph',
          gender: 20,
          status: 'active',
          hidden: false,
          joinedAt: '2025-01-10T05:00:00Z',
          lastActiveAt: null,
          plan: null,
          email: 'anna@example.in',
          phone: '+91 9847012345',
          dob: '1996-04-12',
          city: 'Kochi',
          state: 'Kerala',
          denomination: 'Roman Catholic',
          createdBy: 'self',
          suspendedUntil: null,
          photos: [],
          proofs: [],
          reports: { against: 0, filed: 0 },
          orders: 0,
        }),
      ),
    )
    renderAdmin('/admin/members/TFM100')
    expect(await screen.findByRole('heading', { name: 'Anna Joseph' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Member actions' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument()
  })
})

describe('permission helpers', () => {
  it('opens a link with any one of its permissions; an empty list is for every admin', () => {
    expect(hasAny({ permissions: ['maintenance:write'] }, ['settings:write', 'maintenance:write'])).toBe(true)
    expect(hasAny({ permissions: [] }, [])).toBe(true)
    expect(hasAny(undefined, ['audit:read'])).toBe(false)
    expect(navFor({ permissions: ['audit:read'] }).map((g) => g.label)).toEqual(['Overview', 'Administration'])
  })
})
