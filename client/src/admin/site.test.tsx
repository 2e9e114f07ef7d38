import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { SiteSettings } from './types'
import { adminWith, clearAdminSession, failWith, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  clearAdminSession()
})

const settings: SiteSettings = {
  supportEmail: 'support@tfm.test',
  contactNo: ['+91 484 2400000', '+91 9847000000', ''],
  whatsapp: 'https://wa.me/919847000000',
  social: { facebook: 'https://facebook.com/tfm', instagram: '', twitter: '', youtube: '' },
  officeAddress: { line1: '12 MG Road', line2: '', city: 'Kochi', state: 'Kerala', pincode: '682016', country: 'India' },
  officeHours: 'Mon–Sat, 9:30 to 6',
}

describe('maintenance mode', () => {
  it('asks before switching on, saying the member site goes down at once; Cancel changes nothing', async () => {
    let on_ = false
    const calls = fakeAdminServer(
      meHandler(adminWith('superadmin')),
      on('GET', 'settings', () => okData(settings)),
      on('GET', 'maintenance', () => okData({ on: on_ })),
      on('PUT', 'maintenance', (c) => {
        on_ = Boolean(c.body?.on)
        return okData({ on: on_ })
      }),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/site')
    const toggle = await screen.findByRole('switch', { name: 'Maintenance mode' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')

    await user.click(toggle)
    let dialog = screen.getByRole('alertdialog', { name: 'Switch maintenance mode on?' })
    expect(dialog).toHaveTextContent('The member site goes down at once')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    expect(toggle).toHaveAttribute('aria-checked', 'false')

    await user.click(toggle)
    dialog = screen.getByRole('alertdialog', { name: 'Switch maintenance mode on?' })
    await user.click(within(dialog).getByRole('button', { name: 'Take the site down' }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Maintenance mode' })).toHaveAttribute('aria-checked', 'true'))
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ on: true })
  })
})

describe('site settings', () => {
  it('fills the form from GET settings, checks it, and saves the contract shape; server field errors show under the fields', async () => {
    let puts = 0
    const calls = fakeAdminServer(
      meHandler(adminWith('superadmin')),
      on('GET', 'settings', () => okData(settings)),
      on('GET', 'maintenance', () => okData({ on: false })),
      on('PUT', 'settings', () => (++puts === 1 ? failWith(422, 'Please check the form', { supportEmail: 'This address cannot receive mail' }) : okData(settings))),
    )
    const user = userEvent.setup()
    renderAdmin('/admin/site')
    const email = await screen.findByLabelText(/^Support e-mail/)
    expect(email).toHaveValue('support@tfm.test')
    await user.type(screen.getByLabelText(/^Instagram/), 'instagram.com/tfm')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(screen.getByText('Enter a full link starting with https://')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    await user.clear(screen.getByLabelText(/^Instagram/))
    await user.type(screen.getByLabelText(/^Instagram/), 'https://instagram.com/tfm')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('This address cannot receive mail')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...settings, social: { ...settings.social, instagram: 'https://instagram.com/tfm' } })
  })
})
