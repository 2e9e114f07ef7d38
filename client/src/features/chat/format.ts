const timeFmt = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' })
const dayFmt = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long' })
const dayYearFmt = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })

/** The local calendar day of a date, as a key ("2026-3-14"). */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`
}

/** "Today", "Yesterday", "Saturday, 14 March" this year, or "14 March 2025" before. */
export function dayLabel(value: string, now: Date = new Date()): string {
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  if (dayKey(d) === dayKey(now)) return 'Today'
  const y = new Date(now)
  y.setDate(now.getDate() - 1)
  if (dayKey(d) === dayKey(y)) return 'Yesterday'
  return d.getFullYear() === now.getFullYear() ? dayFmt.format(d) : dayYearFmt.format(d)
}

/** "4:05 pm". */
export function timeLabel(value: string): string {
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : timeFmt.format(d)
}

/** "1,950" — Indian digit grouping for the character counter. */
export function count(n: number): string {
  return n.toLocaleString('en-IN')
}
