import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { AdminBlog } from './types'
import { toBlogInput, validateBlog } from './content/BlogEditor'
import { adminWith, clearAdminSession, failWith, fakeAdminServer, meHandler, okData, on, renderAdmin } from './testing.test-util'

vi.mock('../app/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn(), TOAST_OPTIONS: {} }))

afterEach(() => {
  vi.restoreAllMocks()
  clearAdminSession()
})

const saved: AdminBlog = {
  id: 42,
  slug: 'preparing-for-a-church-wedding-2',
  title: 'Preparing for a church wedding',
  summary: 'Banns, marriage preparation and the paperwork.',
  body: '## The banns\n\nRead out on **three Sundays**.',
  author: 'TFM Team',
  tags: ['wedding', 'church'],
  status: 'draft',
  publishedAt: null,
  coverUrl: null,
  updatedAt: '2026-04-22T05:00:00Z',
}

describe('the blog editor', () => {
  it('previews the Markdown as it is typed, shows a duplicate slug (409) under the slug field, and saves with another', async () => {
    let posts = 0
    const calls = fakeAdminServer(
      meHandler(adminWith('content')),
      on('POST', 'blogs', () => (++posts === 1 ? failWith(409, 'A blog with this link already exists') : okData(saved))),
      on('GET', 'blogs/42', () => okData(saved)),
    )
    const user = userEvent.setup()
    const { router } = renderAdmin('/admin/content/blogs/new')
    await user.type(await screen.findByLabelText(/^Title/), 'Preparing for a church wedding')
    expect(screen.getByText("The blog's address: /blogs/preparing-for-a-church-wedding")).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Summary/), 'Banns, marriage preparation and the paperwork.')
    await user.type(screen.getByLabelText(/^Author/), 'TFM Team')
    await user.type(screen.getByLabelText(/^Tags/), 'wedding, church, ')
    await user.type(screen.getByLabelText(/^Body/), '## The banns{enter}{enter}Read out on **three Sundays**.')

    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(within(preview).getByRole('heading', { name: 'Preparing for a church wedding' })).toBeInTheDocument()
    expect(within(preview).getByRole('heading', { name: 'The banns', level: 3 })).toBeInTheDocument()
    expect(within(preview).getByText('three Sundays').tagName).toBe('STRONG')

    await user.click(screen.getByRole('button', { name: 'Create blog' }))
    const slug = screen.getByLabelText(/^Link \(slug\)/)
    expect(await screen.findByText('A blog with this link already exists')).toBeInTheDocument()
    expect(slug).toHaveAttribute('aria-invalid', 'true')
    expect(slug.getAttribute('aria-describedby')).toContain('slug-error')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Preparing for a church wedding',
      summary: 'Banns, marriage preparation and the paperwork.',
      body: '## The banns\n\nRead out on **three Sundays**.',
      author: 'TFM Team',
      tags: ['wedding', 'church'],
      status: 'draft',
    })

    await user.type(slug, 'preparing-for-a-church-wedding-2')
    expect(screen.queryByText('A blog with this link already exists')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create blog' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/content/blogs/42'))
    expect(calls.filter((c) => c.method === 'POST')[1].body).toMatchObject({ slug: 'preparing-for-a-church-wedding-2' })
    expect(await screen.findByRole('heading', { name: 'Edit: Preparing for a church wedding' })).toBeInTheDocument()
  })

  it('checks the fields before sending, and asks before publishing', async () => {
    const calls = fakeAdminServer(meHandler(adminWith('content')), on('GET', 'blogs/42', () => okData(saved)), on('PUT', 'blogs/42', () => okData({ ...saved, status: 'published' })))
    const user = userEvent.setup()
    renderAdmin('/admin/content/blogs/42')
    const title = await screen.findByLabelText(/^Title/)
    await user.clear(title)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Please enter a title')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    await user.type(title, 'Church wedding checklist')
    await user.click(screen.getByLabelText('Published'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Publish this blog?' })
    expect(dialog).toHaveTextContent('in the footer')
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'Church wedding checklist', status: 'published', slug: 'preparing-for-a-church-wedding-2' }))
  })
})

describe('blog form rules', () => {
  it('needs title, summary, body and author; a typed slug is lower-case words with hyphens', () => {
    const e = validateBlog({ title: '', slug: 'Bad Slug', summary: '', body: ' ', author: '', tags: '', status: 'draft' })
    expect(e).toMatchObject({ title: 'Please enter a title', slug: 'Use lower-case letters, digits and hyphens only', summary: 'Please enter a summary', body: 'Please write the blog', author: 'Please enter the author' })
    expect(toBlogInput({ title: ' T ', slug: '', summary: 'S', body: 'B', author: 'A', tags: ' a, ,b ', status: 'published' })).toEqual({ title: 'T', summary: 'S', body: 'B', author: 'A', tags: ['a', 'b'], status: 'published' })
  })
})
