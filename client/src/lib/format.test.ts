import { formatDdMmYyyy, formatInr, formatPaise, timeAgo } from './format'

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

describe('money', () => {
  it('shows whole rupees with Indian grouping and no paise', () => {
    expect(formatInr(2499)).toBe('₹2,499')
    expect(formatInr(1234567)).toBe('₹12,34,567')
    expect(formatPaise(399_900)).toBe('₹3,999')
    expect(formatPaise(0)).toBe('₹0')
    expect(formatPaise(360_000)).toBe('₹3,600')
  })

  it('shows the paise when they matter, still with Indian grouping', () => {
    expect(formatPaise(123_456_789)).toBe('₹12,34,567.89')
    expect(formatPaise(27_458)).toBe('₹274.58')
    expect(formatPaise(5)).toBe('₹0.05')
    expect(formatPaise(-39_900)).toBe('-₹399')
    expect(formatPaise(Number.NaN)).toBe('')
  })
})

describe('formatDdMmYyyy', () => {
  it('writes a date as DD-MM-YYYY, and nothing for what is not a date', () => {
    expect(formatDdMmYyyy(new Date(2027, 1, 27))).toBe('27-02-2027')
    expect(formatDdMmYyyy('not a date')).toBe('')
  })
})
