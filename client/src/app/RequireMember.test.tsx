import { screen } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router'
import { renderWithProviders } from '../test/utils'
import RequireMember, { loginRedirect } from './RequireMember'

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
