import { useMemo, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { asApiError } from '../../../api/api'
import type { ApiError } from '../../../api/api'
import { ROUTES } from '../../../app/routes'
import Icon from '../../../components/Icon'
import PageHeader from '../../../components/PageHeader'
import Seo from '../../../components/Seo'
import { EmptyState, ErrorState, Skeleton } from '../../../components/States'
import { useGetSavedSearchesQuery, useRunSavedSearchQuery, useSearchMembersQuery } from '../../../entities/member'
import type { SearchFilter, SearchKind } from '../../../entities/member'
import TabNav from '../../../components/TabNav'
import { SEARCH_LINKS } from '../links'
import MatchResults from '../MatchResults'
import { useCursorPager } from '../useCursorPager'
import { splitSearchErrors } from './errors'
import SavedSearches from './SavedSearches'
import SearchForm, { ProfileIdLookup } from './SearchForm'
import { SEARCH_PATH, parseSearch, savedSearchId, searchHref } from './searchQuery'
import type { SearchOptions } from './types'
import '../../../styles/discovery.css'

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

const COPY: Record<SearchKind, { title: string; intro: string }> = {
  basic: { title: 'Basic Search', intro: 'Look beyond your matches: choose what matters and see everyone who fits.' },
  advance: { title: 'Advance Search', intro: 'Every filter we have, from parish to profession, or find one profile by its ID.' },
}

const NO_ERRORS = splitSearchErrors(undefined, 'basic')

/** Whether the address holds a search someone chose (beyond the default sort), so a phone can fold the form away. */
function hasFilters(filter: SearchFilter) {
  return Object.keys(filter).some((k) => k !== 'sort') || filter.sort !== 'relevance'
}

interface SearchScreenProps {
  kind: SearchKind
  /** The choice lists; null while they load. */
  options: SearchOptions | null
  /** Why the choice lists did not load, with a way to ask again. */
  optionsError?: unknown
  onRetryOptions?: () => void
}

/**
 * /search/basic and /search/advance: the form, saved searches, and the results below with the match cards and
 * paging. The search lives in the address (?ageMin=25&community=3,5&sort=newest…), so the home page's search box,
 * a saved search, Back and a reload all land on real results; ?saved=ID runs a saved search. A 422 answer puts
 * the server's words under the fields; too many searches (429) says so plainly.
 */
export default function SearchScreen({ kind, options, optionsError, onRetryOptions }: SearchScreenProps) {
  const copy = COPY[kind]
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const queryKey = params.toString()
  const applied = useMemo(() => parseSearch(new URLSearchParams(queryKey), kind), [queryKey, kind])
  const savedId = savedSearchId(params)
  const pager = useCursorPager(`${kind}?${queryKey}`)
  const search = useSearchMembersQuery({ kind, filter: applied, cursor: pager.cursor }, { skip: savedId !== undefined })
  const saved = useRunSavedSearchQuery({ id: savedId ?? 0, cursor: pager.cursor }, { skip: savedId === undefined })
  const query = savedId !== undefined ? saved : search
  const savedName = useGetSavedSearchesQuery().data?.find((s) => s.id === savedId)?.name
  const error = query.isFetching ? undefined : asApiError(query.error)
  const errors = useMemo(() => (error?.status === 422 ? splitSearchErrors(error.fieldErrors, kind) : NO_ERRORS), [error, kind])
  // On a phone, a search that arrived with filters folds the form away so the results show first.
  const [formOpen, setFormOpen] = useState(() => !hasFilters(applied))
  const results = useRef<HTMLHeadingElement>(null)
  // Errors to fix keep the form open.
  const open = formOpen || errors.other.length > 0 || Object.keys(errors.fields).length > 0

  const run = (filter: SearchFilter) => {
    navigate(searchHref(kind, filter))
    setFormOpen(false)
    // The results heading comes next for a screen reader and into view on a phone.
    results.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }

  const errorView = (e: ApiError) => {
    if (e.status === 422)
      return (
        <div className="notice notice--error" role="alert">
          <Icon name="info" size={20} />
          <p>Some of the search needs changing: see the marked fields in the form.</p>
        </div>
      )
    if (e.status === 429)
      return (
        <div className="state state--error" role="alert">
          <Icon name="clock" size={36} className="state__icon" />
          <p className="state__title">You have searched a lot in the last hour</p>
          <p className="state__body">{e.message} Your match lists keep working meanwhile.</p>
          <Link to={ROUTES.myMatches} className="btn btn--outline">
            See My Matches
          </Link>
        </div>
      )
    if (e.status === 404 && savedId !== undefined)
      return (
        <EmptyState title="This saved search no longer exists" icon="search">
          <p>It may have been deleted on another device.</p>
          <Link to={searchHref(kind, applied)} className="btn btn--primary btn--sm">
            Search with the same filters
          </Link>
        </EmptyState>
      )
    return undefined
  }

  const empty = applied.profileId ? (
    <EmptyState title={`No member found with the ID ${applied.profileId}`} icon="search">
      <p>Check the ID. Hidden profiles, and members who blocked you, cannot be found.</p>
    </EmptyState>
  ) : (
    <EmptyState title="No profiles match this search" icon="search">
      <p>Try fewer filters: a wider age range, more denominations, or any city.</p>
      <p className="state__actions">
        <Link to={searchHref(kind, { sort: applied.sort })} className="btn btn--primary btn--sm">
          Clear all filters
        </Link>
        <Link to={ROUTES.myMatches} className="btn btn--outline btn--sm">
          See My Matches
        </Link>
      </p>
    </EmptyState>
  )

  return (
    <>
      <Seo title={copy.title} description={copy.intro} />
      <PageHeader title={copy.title} intro={copy.intro} crumbs={CRUMBS} />
      <section className="container section discovery">
        <TabNav links={SEARCH_LINKS} label="Search" className="discovery-nav" />
        {/* A phone reads lookup, filters, results, then saved searches; a wide screen puts the results beside the rest. */}
        <div className="search-layout">
          {kind === 'advance' && (
            <div className="panel search-layout__side">
              <ProfileIdLookup key={applied.profileId ?? ''} initial={applied.profileId} error={errors.fields.profileId} onFind={(profileId) => run({ profileId })} />
            </div>
          )}
          <section className={'panel search-panel search-layout__side' + (open ? '' : ' is-folded')} aria-labelledby="search-form-title">
            <div className="search-panel__head">
              <h2 id="search-form-title" className="panel__title">
                {kind === 'advance' ? 'Filters' : 'Who are you looking for?'}
              </h2>
              <button type="button" className="btn btn--ghost btn--sm search-panel__toggle" aria-expanded={open} aria-controls="search-form-body" onClick={() => setFormOpen(!open)}>
                {open ? 'Hide filters' : 'Change filters'}
              </button>
            </div>
            <div id="search-form-body" className="search-panel__body">
              {options ? (
                <SearchForm key={`${kind}?${queryKey}`} kind={kind} applied={applied} options={options} errors={errors} busy={query.isFetching} onSearch={run} />
              ) : optionsError ? (
                <ErrorState message={asApiError(optionsError)?.message} onRetry={onRetryOptions} />
              ) : (
                <div aria-busy="true" aria-label="Loading the search form">
                  <Skeleton lines={6} />
                </div>
              )}
            </div>
          </section>
          <section className="search-results" aria-labelledby="search-results-title">
            <h2 id="search-results-title" className="search-results__title" ref={results} tabIndex={-1}>
              {savedId !== undefined && savedName ? `Results of “${savedName}”` : applied.profileId ? `Profile ID ${applied.profileId}` : 'Results'}
            </h2>
            {applied.profileId && (
              <p className="small">
                <Link to={SEARCH_PATH[kind]}>Back to the full search</Link>
              </p>
            )}
            <MatchResults query={query} pager={pager} label="Search result pages" headingLevel={3} empty={empty} errorView={errorView} />
          </section>
          <div className="search-layout__side">
            <SavedSearches kind={kind} filter={applied} activeId={savedId} />
          </div>
        </div>
      </section>
    </>
  )
}
