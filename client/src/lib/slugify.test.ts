import { blogPath, slugify } from './slugify'

describe('slugify', () => {
  it('lower-cases and joins words with dashes', () => {
    expect(slugify('The First Family Visit: Making It Comfortable for Everyone')).toBe('the-first-family-visit-making-it-comfortable-for-everyone')
  })
  it('collapses runs of non-alphanumerics and trims dashes', () => {
    expect(slugify('  Dowry Is Illegal, and It Is Not Welcome Here!! ')).toBe('dowry-is-illegal-and-it-is-not-welcome-here')
    expect(slugify('Marrying Again After Loss or Divorce: Honesty, Dignity and the Church')).toBe('marrying-again-after-loss-or-divorce-honesty-dignity-and-the-church')
    expect(slugify('---A   B---')).toBe('a-b')
  })
  it('drops non-ASCII letters like the server', () => {
    expect(slugify('Café & Wedding 2025')).toBe('caf-wedding-2025')
  })
  it('builds blog links from the slug, or from the title', () => {
    expect(blogPath({ title: 'X', slug: 'given-slug' })).toBe('/blogs/given-slug')
    expect(blogPath({ title: 'Hello World' })).toBe('/blogs/hello-world')
  })
})
