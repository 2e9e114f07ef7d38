import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter, Route, Routes } from 'react-router'
import { makeStore } from '../app/store'
import type { RootState } from '../app/store'

/** Renders a tree with a fresh store and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/', preloadedState }: { path?: string; preloadedState?: Partial<RootState> } = {}) {
  const store = makeStore(preloadedState)
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  )
  return { store, ...result }
}

/** A JSON Response as fetch would return it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export { Route, Routes }
