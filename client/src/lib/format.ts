const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })

/** ₹2,499 — Indian digit grouping, no paise. */
export function formatInr(amount: number): string {
  return inr.format(amount)
}

const longDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })

/** "14 February 2024"; returns the input unchanged when it is not a date. */
export function formatDate(value: string | undefined | null): string {
  if (!value) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? value : longDate.format(d)
}

/** DD-MM-YYYY, the plan expiry format of spec §9. */
export function formatDdMmYyyy(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(d.getTime())) return ''
  const p = (n: number) => String(n).padStart(2, '0')
  return `${p(d.getDate())}-${p(d.getMonth() + 1)}-${d.getFullYear()}`
}

/** Drops empty query parameters before list requests (spec §5). */
export function compactParams<T extends object>(params: T): Partial<T> {
  const out: Partial<T> = {}
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue
    ;(out as Record<string, unknown>)[k] = v
  }
  return out
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * When something happened, for list cards: "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago",
 * and from a week back the date as "on DD-MM-YYYY" (spec §9). A time a little in the future (clock skew) is "just now";
 * "" when the value is not a date.
 */
export function timeAgo(value: string | undefined | null, now: Date = new Date()): string {
  if (!value) return ''
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  const minutes = Math.floor((now.getTime() - d.getTime()) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  if (d >= startOfToday || minutes < 6 * 60) return `${plural(Math.floor(minutes / 60), 'hour')} ago`
  const startOfDay = new Date(d.getFullYear(), d.getMonth(), d.getDate())
  const days = Math.round((startOfToday.getTime() - startOfDay.getTime()) / 86_400_000)
  if (days <= 1) return 'yesterday'
  if (days < 7) return `${days} days ago`
  return `on ${formatDdMmYyyy(d)}`
}

const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * An amount in paise (1 rupee = 100 paise) as rupees with Indian digit grouping: "₹3,999" for whole rupees,
 * "₹12,34,567.89" when the paise matter. A negative amount keeps its sign before the ₹ ("-₹399").
 */
export function formatPaise(paise: number): string {
  if (!Number.isFinite(paise)) return ''
  const whole = Math.round(paise)
  if (whole % 100 === 0) return formatInr(whole / 100)
  return inrPaise.format(whole / 100)
}
