import { render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { toast } from 'react-toastify'
import Footer from './Footer'
import { jsonResponse } from '../test/utils'

const plans = [
  { name: 'TFM-EXECUTIVE', to: '/plans#executive' },
  { name: 'TFM-CLASSIC', to: '/plans#classic-premium' },
  { name: 'TFM-PREMIUM', to: '/plans#classic-premium' },
  { name: 'TFM-SUPREME', to: '/plans#supreme' },
]

function renderFooter(isLoggedIn = false) {
  return render(
    <MemoryRouter>
      <Footer brand="TFM" settings={null} isLoggedIn={isLoggedIn} planLinks={plans} />
    </MemoryRouter>,
  )
}

describe('Footer', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows blog titles from GET /api/blogs linking to /blogs/<slug>', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse({ response: [{ id: 1, title: 'Dowry Is Illegal, and It Is Not Welcome Here' }] })))
    renderFooter()
    const link = await screen.findByRole('link', { name: 'Dowry Is Illegal, and It Is Not Welcome Here' })
    expect(link.getAttribute('href')).toBe('/blogs/dowry-is-illegal-and-it-is-not-welcome-here')
  })

  it('only logs a blog fetch failure; no toast', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'))
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const toastErr = vi.spyOn(toast, 'error')
    renderFooter()
    await waitFor(() => expect(log).toHaveBeenCalled())
    expect(toastErr).not.toHaveBeenCalled()
    expect(screen.queryByTestId('footer-blog-grid')).toBeNull()
  })

  it('has the four plan links, CLASSIC and PREMIUM sharing a target, and Search Profile only for members', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse({ response: [] })))
    const { unmount } = renderFooter()
    expect(screen.getByRole('link', { name: 'TFM-CLASSIC' }).getAttribute('href')).toBe(screen.getByRole('link', { name: 'TFM-PREMIUM' }).getAttribute('href'))
    expect(screen.getByRole('link', { name: 'Join us today' }).getAttribute('href')).toBe('/register')
    expect(screen.queryByRole('link', { name: 'Search Profile' })).toBeNull()
    unmount()
    renderFooter(true)
    expect(screen.getByRole('link', { name: 'Search Profile' })).toBeInTheDocument()
    // A member is not asked to join again: the call to action leads to editing their profile.
    expect(screen.queryByRole('link', { name: 'Join us today' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Improve your profile' }).getAttribute('href')).toBe('/edit-profile')
  })
})
