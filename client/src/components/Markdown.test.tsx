import { render, screen } from '@testing-library/react'
import Markdown from './Markdown'

describe('Markdown', () => {
  it('renders paragraphs, sub-headings, bullet lists and bold', () => {
    const body = 'First paragraph with **bold** text.\n\n## A heading\n\n- one\n- two\n\nLast one.'
    const { container } = render(<Markdown body={body} />)
    expect(screen.getByRole('heading', { level: 2, name: 'A heading' })).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two'])
    expect(container.querySelector('strong')?.textContent).toBe('bold')
    expect(container.querySelectorAll('p')).toHaveLength(2)
  })

  it('handles a heading and a list inside one block', () => {
    render(<Markdown body={'## Who we serve\nText under it\n- a\n- b'} />)
    expect(screen.getByRole('heading', { name: 'Who we serve' })).toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('never injects HTML: a <script> body renders as text', () => {
    const evil = '<script>window.__pwned = true</script>\n\n<img src=x onerror="alert(1)"> **<b>x</b>**'
    const { container } = render(<Markdown body={evil} />)
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    expect(container.textContent).toContain('<script>window.__pwned = true</script>')
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined()
  })
})
