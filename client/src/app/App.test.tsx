import { render, screen } from '@testing-library/react'
import { vi } from 'vitest'
import App from './App'

vi.mock('./config', async (importOriginal) => {
  const real = await importOriginal<typeof import('./config')>()
  return { ...real, config: { ...real.config, maintenanceMode: true } }
})
vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => window.history.pushState({}, '', '/'))

describe('maintenance mode', () => {
  it('shows the member site the maintenance screen', () => {
    window.history.pushState({}, '', '/my-matrimony')
    render(<App />)
    expect(screen.getByText('Site Under Maintenance')).toBeInTheDocument()
  })

  it('keeps the admin back office working', async () => {
    window.history.pushState({}, '', '/admin/login')
    render(<App />)
    expect(await screen.findByRole('heading', { name: 'Log in to the back office' })).toBeInTheDocument()
    expect(screen.queryByText('Site Under Maintenance')).not.toBeInTheDocument()
  })
})
