import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { makeStore } from '../app/store'
import { describeFetch, jsonResponse } from '../test/utils'
import { completionOf, ownProfile, profileOptions } from '../features/profile/fixtures.test-util'
import type { OwnProfile } from '../features/profile/types'
import ProfileCompletion from './ProfileCompletion'

const ok = (data: unknown, message = 'OK') => jsonResponse({ meta: { code: 200, message }, data })

/** Serves GET profile, GET profile/options, master lists and PUT profile (answering `afterSave`). */
function serve(profile: OwnProfile, afterSave?: OwnProfile) {
  const puts: unknown[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const path = req.url.replace(/^.*\/api\/v1\//, '')
    if (req.method === 'PUT' && path === 'profile') {
      puts.push(await req.body())
      return ok(afterSave, 'profile updated successfully')
    }
    if (path === 'profile') return ok(profile)
    if (path === 'profile/options') return ok(profileOptions)
    if (path.startsWith('master/')) return ok([])
    throw new Error('unexpected call ' + path)
  })
  return puts
}

/** Renders the page in a memory router whose history holds `entries`, the last being /profile-completion. */
function renderPage(entries: string[]) {
  const store = makeStore()
  const router = createMemoryRouter(
    [
      { path: '/profile-completion', Component: ProfileCompletion },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  )
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { store, router }
}

describe('/profile-completion', () => {
  afterEach(() => vi.restoreAllMocks())

  it('goes back at once when completedSteps is already 30 (spec §2)', async () => {
    serve(ownProfile(['basic', 'contact', 'faith', 'education', 'location', 'family', 'about', 'lifestyle', 'photos', 'preference']))
    const { router } = renderPage(['/my-matrimony/my-profile', '/profile-completion'])
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-matrimony/my-profile'))
  })

  it('goes to the dashboard when there is no earlier page of this app to go back to', async () => {
    serve(ownProfile(['basic', 'contact', 'faith', 'education', 'location', 'family', 'about', 'lifestyle', 'photos', 'preference']))
    const { router } = renderPage(['/profile-completion'])
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-matrimony'))
  })

  it('walks the incomplete sections and goes back after the save that reaches 30', async () => {
    const user = userEvent.setup()
    const before = ownProfile(['basic', 'contact', 'faith', 'education', 'location', 'family', 'lifestyle', 'photos', 'preference'])
    before.completion = completionOf('basic', 'contact', 'faith', 'education', 'location', 'family', 'lifestyle', 'photos', 'preference')
    const after = { ...before, completedSteps: 30, completion: completionOf('basic', 'contact', 'faith', 'education', 'location', 'family', 'about', 'lifestyle', 'photos', 'preference') }
    const puts = serve(before, after)
    const { router, store } = renderPage(['/my-matrimony', '/profile-completion'])

    expect(await screen.findByRole('heading', { name: /Step 1 of 1\s*About me/ })).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90')
    await user.click(screen.getByRole('button', { name: 'Save & continue' }))
    expect(screen.getByText('Please write a few lines about yourself')).toBeInTheDocument()
    expect(puts).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: /^About me/ }), 'I teach English in Kochi and sing in our parish choir.')
    await user.click(screen.getByRole('button', { name: 'Save & continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-matrimony'))
    expect(puts[0]).toEqual({ about: { aboutMe: 'I teach English in Kochi and sing in our parish choir.', aboutFamily: '' } })
    // The header and dashboard reload the summary profile with the new completedSteps.
    expect(store.getState().account.reloadProfile).toBe(true)
  })

  it('offers Skip and Back, and a summary of what is left after the last step', async () => {
    const user = userEvent.setup()
    serve(ownProfile(['basic', 'contact', 'faith', 'education', 'location', 'lifestyle', 'photos', 'preference']))
    renderPage(['/my-matrimony', '/profile-completion'])

    expect(await screen.findByRole('heading', { name: /Step 1 of 2\s*Family/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    expect(await screen.findByRole('heading', { name: /Step 2 of 2\s*About me/ })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: /Step 1 of 2\s*Family/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    expect(await screen.findByRole('heading', { name: 'Almost there' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Complete now' })).toHaveLength(2)
    await user.click(screen.getAllByRole('button', { name: 'Complete now' })[1])
    expect(await screen.findByRole('heading', { name: /Step 2 of 2\s*About me/ })).toBeInTheDocument()
  })
})
