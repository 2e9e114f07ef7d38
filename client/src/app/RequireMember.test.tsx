import { screen } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router'
import { renderWithProviders } from '../test/utils'
import RequireMember, { loginRedirect } from './RequireMember'
import RequireVisitor, { safeNext } from './RequireVisitor'

function ShowLocation() {
  const l = useLocation()
  return <p data-testid="at">{l.pathname + l.search}</p>
}

describe('RequireMember', () => {
  it('sends a visitor to /login keeping the original path and query in next', () => {
    renderWithProviders(
      <Routes>
        <Route element={<RequireMember />}>
          <Route path="/search/basic" element={<p>secret</p>} />
        </Route>
        <Route path="/login" element={<ShowLocation />} />
      </Routes>,
      { path: '/search/basic?gender=20&ageFrom=21' },
    )
    expect(screen.queryByText('secret')).toBeNull()
    expect(screen.getByTestId('at').textContent).toBe('/login?next=' + encodeURIComponent('/search/basic?gender=20&ageFrom=21'))
  })

  it('encodes /my-matrimony as next=%2Fmy-matrimony', () => {
    expect(loginRedirect('/my-matrimony', '')).toBe('/login?next=%2Fmy-matrimony')
  })

  it('lets a member through', () => {
    renderWithProviders(
      <Routes>
        <Route element={<RequireMember />}>
          <Route path="/my-matrimony" element={<p>dashboard</p>} />
        </Route>
      </Routes>,
      {
        path: '/my-matrimony',
        preloadedState: {
          account: { isLoggedIn: true, token: 't', authUser: null, profile: null, reloadProfile: false, tokenAction: false, reloadMatches: false },
        },
      },
    )
    expect(screen.getByText('dashboard')).toBeInTheDocument()
  })
})

describe('guards after logout and for visitor pages', () => {
  const member = { isLoggedIn: true, token: 't', authUser: null, profile: null, reloadProfile: false, tokenAction: false, reloadMatches: false }

  it('renders nothing on a member page right after the member logged out (the logout handler navigates on)', () => {
    renderWithProviders(
      <Routes>
        <Route element={<RequireMember />}>
          <Route path="/my-matrimony" element={<p>dashboard</p>} />
        </Route>
        <Route path="/login" element={<ShowLocation />} />
      </Routes>,
      { path: '/my-matrimony', preloadedState: { account: { ...member, isLoggedIn: false, token: null, signedOut: true } } },
    )
    expect(screen.queryByText('dashboard')).toBeNull()
    expect(screen.queryByTestId('at')).toBeNull()
  })

  it('sends a member opening /login or /register to /my-matrimony', () => {
    for (const path of ['/login', '/register']) {
      const { unmount } = renderWithProviders(
        <Routes>
          <Route element={<RequireVisitor />}>
            <Route path="/login" element={<p>login form</p>} />
            <Route path="/register" element={<p>register form</p>} />
          </Route>
          <Route path="/my-matrimony" element={<ShowLocation />} />
        </Routes>,
        { path, preloadedState: { account: member } },
      )
      expect(screen.getByTestId('at').textContent).toBe('/my-matrimony')
      unmount()
    }
  })

  it('sends a member who just logged in to the safe ?next= page', () => {
    renderWithProviders(
      <Routes>
        <Route element={<RequireVisitor />}>
          <Route path="/login" element={<p>login form</p>} />
        </Route>
        <Route path="*" element={<ShowLocation />} />
      </Routes>,
      { path: '/login?next=' + encodeURIComponent('/inbox/received?page=2'), preloadedState: { account: member } },
    )
    expect(screen.getByTestId('at').textContent).toBe('/inbox/received?page=2')
  })

  it('lets a visitor see /login', () => {
    renderWithProviders(
      <Routes>
        <Route element={<RequireVisitor />}>
          <Route path="/login" element={<p>login form</p>} />
        </Route>
      </Routes>,
      { path: '/login' },
    )
    expect(screen.getByText('login form')).toBeInTheDocument()
  })

  it('accepts only same-site next paths', () => {
    expect(safeNext('/search/basic?x=1')).toBe('/search/basic?x=1')
    expect(safeNext('//evil.example')).toBeNull()
    expect(safeNext('/\\evil.example')).toBeNull()
    expect(safeNext('https://evil.example')).toBeNull()
    expect(safeNext(null)).toBeNull()
  })
})
