import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { tokenStore } from '../../api/session'
import { describeFetch, fakeJwt, jsonResponse, renderWithProviders } from '../../test/utils'
import PhotoGrid from './PhotoGrid'

const key = (c: string) => c.repeat(32)
const photo = (c: string, isDefault = false) => ({ photoId: key(c), imagePath: `/media/photos/${c}${c}/`, images: { small: `${key(c)}_small.jpg?g=1`, large: `${key(c)}_large.jpg?g=1` }, isDefault })

function server(initial: ReturnType<typeof photo>[]) {
  let photos = initial
  const calls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = describeFetch(input as RequestInfo, init)
    const path = new URL(req.url).pathname.replace('/api/v1/', '')
    calls.push(`${req.method} ${path}`)
    const ok = (message: string) => jsonResponse({ meta: { code: 200, message }, data: { photos } })
    if (req.method === 'GET' && path === 'profile/images') return ok('OK')
    const m = /^profile\/images\/([a-f0-9]+)(\/default)?$/.exec(path)
    if (m && req.method === 'PATCH') {
      photos = [...photos.filter((p) => p.photoId === m[1]), ...photos.filter((p) => p.photoId !== m[1])].map((p) => ({ ...p, isDefault: p.photoId === m[1] }))
      return ok('Record updated Successfully')
    }
    if (m && req.method === 'DELETE') {
      photos = photos.filter((p) => p.photoId !== m[1])
      return ok('Record deleted Successfully')
    }
    return jsonResponse({ meta: { code: 404, message: 'Not found' }, data: null }, 404)
  })
  return calls
}

describe('My Photos grid', () => {
  beforeEach(() => tokenStore.save({ token: fakeJwt({ pid: 'TM1', sub: '1', exp: 4_102_444_800 }), refreshToken: 'r' }))
  afterEach(() => vi.restoreAllMocks())

  it('shows the empty state and the upload link when there are no photos', async () => {
    server([])
    renderWithProviders(<PhotoGrid gender={20} uploadPath="/upload-photos" onChanged={() => {}} />)
    expect(await screen.findByText('No photos yet')).toBeInTheDocument()
    expect(screen.getByText(/of 10 photos/).textContent).toBe('0 of 10 photos')
    expect(screen.getByRole('link', { name: 'Upload photos' })).toHaveAttribute('href', '/upload-photos')
  })

  it('marks the default, makes another the default and deletes one after confirming', async () => {
    const calls = server([photo('a', true), photo('b'), photo('c')])
    const onChanged = vi.fn()
    renderWithProviders(<PhotoGrid gender={20} uploadPath="/upload-photos" onChanged={onChanged} />)
    const first = await screen.findByRole('listitem', { name: 'Photo 1 of 3, default photo' })
    expect(within(first).getByText('Default photo')).toBeInTheDocument()
    expect(screen.getByText(/of 10 photos/).textContent).toBe('3 of 10 photos')

    fireEvent.click(within(screen.getByRole('listitem', { name: 'Photo 2 of 3' })).getByRole('button', { name: /Make default/ }))
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Photo 1 of 3, default photo' }).querySelector('img')).toHaveAttribute('src', `/media/photos/bb/${key('b')}_large.jpg?g=1`))
    expect(calls).toContain(`PATCH profile/images/${key('b')}/default`)
    expect(onChanged).toHaveBeenCalledTimes(1)

    fireEvent.click(within(screen.getByRole('listitem', { name: 'Photo 3 of 3' })).getByRole('button', { name: /Delete/ }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this photo?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2))
    expect(calls).toContain(`DELETE profile/images/${key('c')}`)
    expect(screen.getByText(/of 10 photos/).textContent).toBe('2 of 10 photos')
    expect(onChanged).toHaveBeenCalledTimes(2)
  })

  it('hides "Add photos" at 10 photos and says why', async () => {
    server('abcdef0123'.split('').map((c, i) => photo(c, i === 0)))
    renderWithProviders(<PhotoGrid gender={10} uploadPath="/upload-photos" onChanged={() => {}} />)
    expect(await screen.findByText(/You have 10 photos, the most a profile can keep/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add photos' })).not.toBeInTheDocument()
  })
})
