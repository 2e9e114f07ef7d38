import { formatDdMmYyyy } from '../lib/format'

/** DD-MM-YYYY, or a dash when there is no date. */
export function fmtDate(value: string | null | undefined): string {
  return (value && formatDdMmYyyy(value)) || '—'
}

/** DD-MM-YYYY HH:mm (the browser's clock), or a dash. */
export function fmtDateTime(value: string | null | undefined): string {
  if (!value) return '—'
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return '—'
  const p = (n: number) => String(n).padStart(2, '0')
  return `${formatDdMmYyyy(d)} ${p(d.getHours())}:${p(d.getMinutes())}`
}

/** India is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000

/** The instant a day (YYYY-MM-DD) starts in India, as RFC 3339 UTC ("2026-04-30T18:30:00Z"). */
export function indiaDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d) - IST_OFFSET_MS).toISOString().replace('.000Z', 'Z')
}

/** The day after a day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** The India day (YYYY-MM-DD) an instant falls on; minusMs looks that much earlier (an exclusive end's last day). */
export function indiaDay(value: string | null | undefined, minusMs = 0): string {
  if (!value) return ''
  const t = Date.parse(value)
  if (Number.isNaN(t)) return ''
  return new Date(t - minusMs + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** Today in India, YYYY-MM-DD. */
export function indiaToday(now = Date.now()): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** A day written YYYY-MM-DD as DD-MM-YYYY; a dash when empty. */
export function fmtDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '—'
}
