import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { asApiError } from '../../api/api'
import type { ApiError } from '../../api/api'
import { ErrorState, SkeletonCards } from '../../components/States'
import { profilesTotal } from '../../entities/member'
import type { MatchPage } from '../../entities/member'
import MemberMatchCard from './MemberMatchCard'
import type { CursorPager } from './useCursorPager'

/** The parts of an RTK Query result the results need. */
export interface PageQuery {
  /** The page for the current arguments (undefined while another page loads). */
  currentData?: MatchPage
  error?: unknown
  isFetching: boolean
  refetch: () => unknown
}

interface MatchResultsProps {
  query: PageQuery
  pager: CursorPager
  /** What an empty list says (an EmptyState with a way forward). */
  empty: ReactNode
  /** The pager's accessible name, e.g. "New Matches pages". */
  label: string
  /** Card headings: h2 on a list page, h3 under a results heading. */
  headingLevel?: 2 | 3
  /** A screen's own view of some errors (a search's 422 or 429); the default is the error panel with Try again. */
  errorView?: (error: ApiError) => ReactNode | undefined
  /** Skeleton cards while the first page loads. */
  skeletons?: number
  /** Leaves out the "24 profiles" line (today's ten). */
  hideTotal?: boolean
}

/**
 * A page of match cards with its states: skeleton cards while loading, the screen's empty state, an error with Try
 * again, and Previous / Next over the opaque cursors. The total reads "1,000+ profiles" when the server capped it.
 * A card the member hides ("Don't show") leaves at once; an emptied page after the first steps back one page.
 */
export default function MatchResults({ query, pager, empty, label, headingLevel = 2, errorView, skeletons = 4, hideTotal }: MatchResultsProps) {
  const { currentData: data, error, isFetching, refetch } = query
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set())
  const top = useRef<HTMLParagraphElement>(null)
  const shownPage = useRef(pager.page)

  const items = data ? data.items.filter((c) => !hidden.has(c.profileID)) : []
  const emptiedPage = !!data && !isFetching && items.length === 0 && pager.page > 1
  const { previous } = pager
  useEffect(() => {
    if (emptiedPage) previous()
  }, [emptiedPage, previous])

  // A new page: bring its top into view and move the focus there, so a screen reader starts at the new cards.
  useEffect(() => {
    if (!data || shownPage.current === pager.page) return
    shownPage.current = pager.page
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
    top.current?.focus({ preventScroll: true })
  }, [data, pager.page])

  if (error && !isFetching) {
    const e = asApiError(error)
    const own = e && errorView?.(e)
    return own ? <>{own}</> : <ErrorState message={e?.message} onRetry={() => void refetch()} />
  }
  if (!data || emptiedPage) return <SkeletonCards count={skeletons} />
  if (!items.length) return <>{empty}</>

  const removed = data.items.length - items.length
  const total = Math.max(items.length, data.total - (data.totalCapped ? 0 : removed))
  const pageCount = (
    <p className="match-results__count" ref={top} tabIndex={-1}>
      {!hideTotal && profilesTotal(total, data.totalCapped)}
      {!hideTotal && pager.page > 1 && ' · '}
      {pager.page > 1 && `Page ${pager.page}`}
    </p>
  )
  return (
    <div className="match-results" aria-busy={isFetching}>
      {pageCount}
      <div className="match-grid">
        {items.map((card) => (
          <MemberMatchCard key={card.profileID} card={card} headingLevel={headingLevel} onHidden={(id) => setHidden((s) => new Set(s).add(id))} />
        ))}
      </div>
      {(pager.page > 1 || data.cursor) && (
        <nav className="match-pager" aria-label={label}>
          <button type="button" className="btn btn--outline btn--sm" disabled={pager.page <= 1 || isFetching} onClick={pager.previous}>
            ‹ Previous
          </button>
          <span className="match-pager__page">Page {pager.page}</span>
          <button type="button" className="btn btn--outline btn--sm" disabled={!data.cursor || isFetching} onClick={() => data.cursor && pager.next(data.cursor)}>
            Next ›
          </button>
        </nav>
      )}
    </div>
  )
}
