import { act, screen, waitFor } from '@testing-library/react'
import { vi } from 'vitest'
import RequireVisitor, { afterSignIn } from '../app/RequireVisitor'
import { sessionStarted } from '../entities/account'
import { fakeJwt, renderRoutes } from '../test/utils'
import Register from './Register'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

const TOKEN = fakeJwt({ pid: 'TM9000001', sub: '9', exp: 4_102_444_800 })

const renderRegister = (entry: string) =>
  renderRoutes(
    [
      { Component: RequireVisitor, children: [{ path: '/register', Component: Register }] },
      { path: '/plan-upgrade', element: <p>checkout</p> },
      { path: '/my-matrimony', element: <p>dashboard</p> },
    ],
    entry,
  )

describe('/register?plan=', () => {
  it('says which plan was chosen, and sends the new member to its checkout once the account exists', async () => {
    const { store, router } = renderRegister('/register?plan=TFM-CLASSIC')
    expect(screen.getByTestId('register-plan')).toHaveTextContent('You chose TFM-CLASSIC — you will pay after creating your free account')
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fplan-upgrade%3Fplan%3DTFM-CLASSIC')
    // What the registration form does when the server has created the account (features/account/session startSession).
    act(() => {
      store.dispatch(sessionStarted({ token: TOKEN }))
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan-upgrade'))
    expect(router.state.location.search).toBe('?plan=TFM-CLASSIC')
    expect(screen.getByText('checkout')).toBeInTheDocument()
  })

  it('never follows a plan that is not a plain plan name', async () => {
    const { store, router } = renderRegister('/register?plan=https%3A%2F%2Fevil.example')
    expect(screen.queryByTestId('register-plan')).toBeNull()
    act(() => {
      store.dispatch(sessionStarted({ token: TOKEN }))
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-matrimony'))
  })

  it('lets ?next= win over ?plan=', () => {
    expect(afterSignIn(new URLSearchParams('plan=TFM-CLASSIC&next=/inbox/received'))).toBe('/inbox/received')
    expect(afterSignIn(new URLSearchParams('plan=TFM-SUPREME'))).toBe('/plan-upgrade?plan=TFM-SUPREME')
    expect(afterSignIn(new URLSearchParams('next=//evil.example'))).toBe('/my-matrimony')
  })
})
