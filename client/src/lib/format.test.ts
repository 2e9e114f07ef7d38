import { timeAgo } from './format'

describe('timeAgo', () => {
  const now = new Date(2026, 2, 14, 15, 0) // 14 March 2026, 3 pm local time
  const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString()

  it('says how long ago within a week, and the DD-MM-YYYY date before', () => {
    expect(timeAgo(at(2026, 3, 14, 14, 59), now)).toBe('1 minute ago')
    expect(timeAgo(new Date(now.getTime() - 20_000).toISOString(), now)).toBe('just now')
    expect(timeAgo(at(2026, 3, 14, 14, 15), now)).toBe('45 minutes ago')
    expect(timeAgo(at(2026, 3, 14, 9), now)).toBe('6 hours ago')
    expect(timeAgo(at(2026, 3, 14, 14), now)).toBe('1 hour ago')
    expect(timeAgo(at(2026, 3, 13, 8), now)).toBe('yesterday')
    expect(timeAgo(at(2026, 3, 10), now)).toBe('4 days ago')
    expect(timeAgo(at(2026, 3, 7), now)).toBe('on 07-03-2026')
  })

  it('treats a time slightly ahead as just now and ignores what is not a date', () => {
    expect(timeAgo(new Date(now.getTime() + 30_000).toISOString(), now)).toBe('just now')
    expect(timeAgo('', now)).toBe('')
    expect(timeAgo(undefined, now)).toBe('')
    expect(timeAgo('not a date', now)).toBe('')
  })
})
