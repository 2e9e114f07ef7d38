import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { notifyError, notifySuccess } from '../../../app/notify'
import type { SavedSearch } from '../../../entities/member'
import { fakeServer } from '../../../test/fakeServer'
import type { SeenCall } from '../../../test/fakeServer'
import { matchCard } from '../../../test/members'
import { fail, ok, renderRoutes } from '../../../test/utils'
import { savedSearches, searches } from '../fixtures.test-util'
import SearchScreen from './SearchScreen'
import { parseSearch, searchHref, searchParams } from './searchQuery'
import type { SearchOptions } from './types'

vi.mock('../../../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), TOAST_OPTIONS: {} }))

const OPTIONS: SearchOptions = {
  community: [
    { value: 1, label: 'Roman Catholic' },
    { value: 2, label: 'Syro-Malabar Catholic' },
    { value: 10, label: 'CSI' },
  ],
  motherTongue: [
    { value: 3, label: 'Malayalam' },
    { value: 4, label: 'Tamil' },
  ],
  country: [{ value: 1, label: 'India' }],
  state: [
    { value: 17, label: 'Kerala', parent: 1 },
    { value: 18, label: 'Tamil Nadu', parent: 1 },
  ],
  city: [
    { value: 100, label: 'Kochi', parent: 17, hint: 'Kerala' },
    { value: 101, label: 'Chennai', parent: 18, hint: 'Tamil Nadu' },
  ],
  education: [{ value: 5, label: 'B.Tech' }],
  profession: [{ value: 6, label: 'Nurse' }],
  maritalStatus: [
    { value: 'never_married', label: 'Never married' },
    { value: 'divorced', label: 'Divorced' },
  ],
  diet: [{ value: 'vegetarian', label: 'Vegetarian' }],
  smoking: [{ value: 'no', label: 'Non-smoker' }],
  drinking: [{ value: 'no', label: 'Non-drinker' }],
  height: [
    { value: 150, label: '4 ft 11 in (150 cm)' },
    { value: 160, label: '5 ft 3 in (160 cm)' },
    { value: 170, label: '5 ft 7 in (170 cm)' },
  ],
  income: [
    { value: '3-5L', label: '₹3–5 lakh' },
    { value: '5-7L', label: '₹5–7 lakh' },
  ],
  minAge: 18,
  maxAge: 70,
  maxValues: 50,
}

const SAVED: SavedSearch = { id: 7, name: 'Kochi, 25 to 30', kind: 'basic', filter: { ageMin: 25, ageMax: 30, city: [100] }, createdAt: '2026-01-05T10:00:00Z' }

function renderAt(entry: string) {
  const { store, router } = renderRoutes(
    [
      { path: '/search/basic', element: <SearchScreen kind="basic" options={OPTIONS} /> },
      { path: '/search/advance', element: <SearchScreen kind="advance" options={OPTIONS} /> },
    ],
    entry,
  )
  return { store, router, query: () => new URLSearchParams(router.state.location.search) }
}

const searchCalls = (calls: SeenCall[]) => calls.filter((c) => c.method === 'POST' && (c.path === 'profile/search' || c.path === 'profile/advance-search'))

afterEach(() => {
  vi.restoreAllMocks()
  vi.mocked(notifySuccess).mockClear()
  vi.mocked(notifyError).mockClear()
})

describe('the search address', () => {
  it('round-trips a search through the query string, lists comma-separated and the sort always there', () => {
    const filter = { ageMin: 25, ageMax: 30, community: [2, 10], maritalStatus: ['never_married'], withPhoto: true, sort: 'newest' as const }
    const q = searchParams(filter)
    expect(q.get('community')).toBe('2,10')
    expect(q.get('withPhoto')).toBe('1')
    expect(parseSearch(q, 'basic')).toEqual(filter)
    expect(searchHref('basic', {})).toBe('/search/basic?sort=relevance')
  })

  it('reads the home page box (ageFrom, ageTo, state 0 for all) and leaves out what a form does not have', () => {
    const q = new URLSearchParams('gender=20&ageFrom=21&ageTo=30&community=3&state=0&education=5&sort=bogus')
    expect(parseSearch(q, 'basic')).toEqual({ ageMin: 21, ageMax: 30, community: [3], sort: 'relevance' })
    const adv = new URLSearchParams('education=5,x&incomeMin=3-5L&diet=vegetarian&diocese=%20Ernakulam%20&verifiedOnly=1&activeWithin30=true&profileId=TFM1')
    expect(parseSearch(adv, 'advance')).toEqual({ education: [5], incomeMin: '3-5L', diet: ['vegetarian'], diocese: 'Ernakulam', verifiedOnly: true, activeWithin30: true, profileId: 'TFM1', sort: 'relevance' })
  })
})

describe('the search screens', () => {
  it('lands on real results from the address and shows the search in the form', async () => {
    const calls = fakeServer(searches(), savedSearches())
    renderAt('/search/basic?gender=20&ageFrom=25&ageTo=30&community=2&state=0&sort=newest')

    expect(screen.getByRole('heading', { level: 1, name: 'Basic Search' })).toBeInTheDocument()
    expect(await screen.findAllByTestId('match-card')).toHaveLength(2)
    expect(searchCalls(calls)).toHaveLength(1)
    expect(searchCalls(calls)[0]).toEqual({ method: 'POST', path: 'profile/search', body: { ageMin: 25, ageMax: 30, community: [2], sort: 'newest', skip: 0, limit: 10 } })
    expect(screen.getByLabelText('Age from')).toHaveValue('25')
    expect(screen.getByLabelText('Age to')).toHaveValue('30')
    expect(screen.getByRole('button', { name: 'Remove Syro-Malabar Catholic' })).toBeInTheDocument()
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest')
    const results = screen.getByRole('region', { name: 'Results' })
    expect(within(results).getByText('2 profiles')).toBeInTheDocument()
    // Cards sit under the results heading.
    expect(within(results).getByRole('heading', { level: 3, name: 'Member 1' })).toBeInTheDocument()
  })

  it('writes the form into the address, so a reload runs the same search', async () => {
    const user = userEvent.setup()
    const calls = fakeServer(searches(), savedSearches())
    const { query } = renderAt('/search/basic')
    await screen.findAllByTestId('match-card')
    expect(searchCalls(calls)[0].body).toEqual({ sort: 'relevance', skip: 0, limit: 10 })

    await user.selectOptions(screen.getByLabelText('Age from'), '24')
    await user.selectOptions(screen.getByLabelText('Age to'), '29')
    await user.selectOptions(screen.getByLabelText('Height from'), '160')
    await user.click(within(screen.getByRole('group', { name: 'Marital status' })).getByRole('button', { name: 'Never married' }))
    await user.type(screen.getByRole('combobox', { name: 'Denomination' }), 'csi{Enter}')
    await user.type(screen.getByRole('combobox', { name: 'State' }), 'ker{Enter}')
    await user.click(screen.getByRole('checkbox', { name: 'Members with a photo' }))
    await user.selectOptions(screen.getByLabelText('Sort by'), 'lastActive')
    await user.click(screen.getByRole('button', { name: 'Search' }))

    await waitFor(() => expect(searchCalls(calls)).toHaveLength(2))
    const expected = { ageMin: 24, ageMax: 29, heightMin: 160, maritalStatus: ['never_married'], community: [10], state: [17], withPhoto: true, sort: 'lastActive' }
    expect(searchCalls(calls)[1].body).toEqual({ ...expected, skip: 0, limit: 10 })
    expect(Object.fromEntries(query())).toEqual({
      ageMin: '24',
      ageMax: '29',
      heightMin: '160',
      maritalStatus: 'never_married',
      community: '10',
      state: '17',
      withPhoto: '1',
      sort: 'lastActive',
    })

    // A reload of that address: the same search, the same form.
    vi.restoreAllMocks()
    const again = fakeServer(searches(), savedSearches())
    renderAt(`/search/basic?${query().toString()}`)
    await waitFor(() => expect(searchCalls(again)).toHaveLength(1))
    expect(searchCalls(again)[0].body).toEqual({ ...expected, skip: 0, limit: 10 })
  })

  it('shows the 422 errors next to their fields, and the rest above the form', async () => {
    const user = userEvent.setup()
    const calls = fakeServer(
      searches(() =>
        fail(422, 'Please check the search', {
          age: 'The minimum age cannot be more than the maximum age',
          community: 'Please select valid denominations',
          skip: 'This page is past the end of the results',
        }),
      ),
      savedSearches(),
    )
    renderAt('/search/basic?ageMin=40&ageMax=25&community=999')

    const ageError = await screen.findByText('The minimum age cannot be more than the maximum age')
    expect(searchCalls(calls)[0].body).toMatchObject({ ageMin: 40, ageMax: 25, community: [999] })
    expect(screen.getByLabelText('Age from')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Age from')).toHaveAccessibleDescription('The minimum age cannot be more than the maximum age')
    expect(screen.getByLabelText('Age from')).toHaveFocus()
    expect(ageError.closest('.search-row')).toHaveAttribute('id', 'search-age')
    expect(screen.getByText('Please select valid denominations').closest('.search-row')).toHaveAttribute('id', 'search-community')
    expect(screen.getByRole('combobox', { name: 'Denomination' })).toHaveAttribute('aria-invalid', 'true')
    expect(within(screen.getByRole('form', { name: 'Basic search' })).getByText('This page is past the end of the results')).toBeInTheDocument()
    expect(screen.getByText(/Some of the search needs changing/)).toBeInTheDocument()
    expect(screen.queryByTestId('match-card')).not.toBeInTheDocument()

    // Changing the field clears its error; the other stays until the next search.
    await user.selectOptions(screen.getByLabelText('Age from'), '24')
    expect(screen.queryByText('The minimum age cannot be more than the maximum age')).not.toBeInTheDocument()
    expect(screen.getByText('Please select valid denominations')).toBeInTheDocument()
  })

  it('says so plainly when there were too many searches (429)', async () => {
    fakeServer(searches(() => fail(429, 'You have searched 60 times in the last hour. Please try again later.')), savedSearches())
    renderAt('/search/basic?ageMin=25')
    expect(await screen.findByText('You have searched a lot in the last hour')).toBeInTheDocument()
    expect(screen.getByText(/You have searched 60 times in the last hour\. Please try again later\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See My Matches' })).toHaveAttribute('href', '/matches/my-matches')
  })

  it('says what to try when nothing matches', async () => {
    fakeServer(searches(() => ok({ items: [], total: 0, totalCapped: false, cursor: null })), savedSearches())
    renderAt('/search/basic?ageMin=25&city=100')
    expect(await screen.findByText('No profiles match this search')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Clear all filters' })).toHaveAttribute('href', '/search/basic?sort=relevance')
  })

  it('sends the advanced filters to POST profile/advance-search; the basic search ignores them', async () => {
    const calls = fakeServer(searches(), savedSearches())
    renderAt('/search/advance?education=5&profession=6&incomeMin=3-5L&incomeMax=5-7L&diet=vegetarian&smoking=no&diocese=Ernakulam&verifiedOnly=1&activeWithin30=1')
    await screen.findAllByTestId('match-card')
    expect(searchCalls(calls)[0]).toEqual({
      method: 'POST',
      path: 'profile/advance-search',
      body: {
        education: [5],
        profession: [6],
        incomeMin: '3-5L',
        incomeMax: '5-7L',
        diet: ['vegetarian'],
        smoking: ['no'],
        diocese: 'Ernakulam',
        verifiedOnly: true,
        activeWithin30: true,
        sort: 'relevance',
        skip: 0,
        limit: 10,
      },
    })
    expect(screen.getByLabelText('Diocese or parish')).toHaveValue('Ernakulam')
    expect(screen.getByLabelText('Income from')).toHaveValue('3-5L')
    expect(screen.getByRole('checkbox', { name: 'Verified members' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Active in the last 30 days' })).toBeChecked()
    expect(within(screen.getByRole('group', { name: 'Diet' })).getByRole('button', { name: 'Vegetarian' })).toHaveAttribute('aria-pressed', 'true')

    vi.restoreAllMocks()
    const basic = fakeServer(searches(), savedSearches())
    renderAt('/search/basic?education=5&verifiedOnly=1&ageMin=30')
    await waitFor(() => expect(searchCalls(basic)).toHaveLength(1))
    expect(searchCalls(basic)[0]).toEqual({ method: 'POST', path: 'profile/search', body: { ageMin: 30, sort: 'relevance', skip: 0, limit: 10 } })
  })

  it('looks a profile up by its ID on the advanced search', async () => {
    const user = userEvent.setup()
    const calls = fakeServer(
      searches((c) => ok(c.body?.profileId ? { items: [], total: 0, totalCapped: false, cursor: null } : { items: [matchCard(1)], total: 1, totalCapped: false, cursor: null })),
      savedSearches(),
    )
    const { query } = renderAt('/search/advance')
    await screen.findAllByTestId('match-card')
    await user.type(screen.getByLabelText('Know the profile ID?'), 'tfm-123 ')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await waitFor(() => expect(searchCalls(calls)).toHaveLength(2))
    expect(searchCalls(calls)[1].body).toEqual({ profileId: 'TFM123', sort: 'relevance', skip: 0, limit: 10 })
    expect(query().get('profileId')).toBe('TFM123')
    expect(await screen.findByText('No member found with the ID TFM123')).toBeInTheDocument()
  })

  it('saves the search on screen by name, and shows the name error the server gives', async () => {
    const user = userEvent.setup()
    let refuse = true
    const store = savedSearches()
    const calls = fakeServer(
      (c) => {
        if (c.path === 'profile/search/save' && refuse) {
          refuse = false
          return fail(422, 'Please check the name', { name: 'You already have a search with this name' })
        }
        return undefined
      },
      searches(),
      store,
    )
    renderAt('/search/basic?ageMin=25&ageMax=30&city=100')
    expect(await screen.findByText('No saved searches yet. Save one to run it again in one tap.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save this search' }))
    await user.click(screen.getByRole('button', { name: 'Save search' }))
    expect(screen.getByText('Please give this search a name.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Name this search'), 'Kochi')
    await user.click(screen.getByRole('button', { name: 'Save search' }))
    expect(await screen.findByText('You already have a search with this name')).toBeInTheDocument()
    expect(screen.getByLabelText('Name this search')).toHaveAttribute('aria-invalid', 'true')

    await user.clear(screen.getByLabelText('Name this search'))
    await user.type(screen.getByLabelText('Name this search'), 'Kochi, 25 to 30')
    await user.click(screen.getByRole('button', { name: 'Save search' }))
    expect(await screen.findByRole('link', { name: 'Run Kochi, 25 to 30' })).toBeInTheDocument()
    const saves = calls.filter((c) => c.path === 'profile/search/save')
    expect(saves.at(-1)?.body).toEqual({ name: 'Kochi, 25 to 30', kind: 'basic', filter: { ageMin: 25, ageMax: 30, city: [100], sort: 'relevance' } })
    expect(notifySuccess).toHaveBeenCalledWith('Saved “Kochi, 25 to 30”. Run it again from your saved searches.')
    expect(screen.queryByLabelText('Name this search')).not.toBeInTheDocument()
  })

  it('runs a saved search with POST profile/search-matchs/{id}, and deletes one after a confirmation', async () => {
    const user = userEvent.setup()
    const calls = fakeServer(searches(), savedSearches([SAVED]))
    const { query } = renderAt('/search/basic')
    const run = await screen.findByRole('link', { name: 'Run Kochi, 25 to 30' })
    expect(run).toHaveAttribute('href', '/search/basic?ageMin=25&ageMax=30&city=100&sort=relevance&saved=7')
    expect(screen.getByText(/Basic search · saved 05-01-2026/)).toBeInTheDocument()

    await user.click(run)
    await waitFor(() => expect(calls.some((c) => c.path === 'profile/search-matchs/7')).toBe(true))
    expect(calls.find((c) => c.path === 'profile/search-matchs/7')?.body).toEqual({ skip: 0, limit: 10 })
    expect(await screen.findByRole('heading', { level: 2, name: 'Results of “Kochi, 25 to 30”' })).toBeInTheDocument()
    expect(query().get('saved')).toBe('7')
    // The form shows the saved search's filters.
    expect(screen.getByLabelText('Age from')).toHaveValue('25')
    expect(screen.getByRole('button', { name: 'Remove Kochi' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete Kochi, 25 to 30' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Delete “Kochi, 25 to 30”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Delete Kochi, 25 to 30' }))
    dialog = screen.getByRole('alertdialog', { name: 'Delete “Kochi, 25 to 30”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Run Kochi, 25 to 30' })).not.toBeInTheDocument())
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual(['profile/search/delete/7'])
    expect(notifySuccess).toHaveBeenCalledWith('Deleted “Kochi, 25 to 30”.')
  })
})
