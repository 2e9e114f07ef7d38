import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { ROUTES } from '../../app/routes'
import PageHeader from '../../components/PageHeader'
import Seo from '../../components/Seo'
import { EmptyState } from '../../components/States'
import { useGetMatchesQuery, useMarkTodayViewedMutation } from '../../entities/member'
import type { MatchListKind, MatchPage } from '../../entities/member'
import TabNav from '../../components/TabNav'
import { MATCH_LINKS } from './links'
import MatchResults from './MatchResults'
import { MATCH_COPY } from './copy'
import { useCursorPager } from './useCursorPager'
import '../../styles/discovery.css'

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

/** The empty state of a match list, with the way forward: wider preferences (and, for Near Me, the profile's city). */
function EmptyMatches({ kind, notice }: { kind: MatchListKind; notice?: MatchPage['notice'] }) {
  const copy = MATCH_COPY[kind]
  if (notice === 'no_city') {
    return (
      <EmptyState title="Add your city to see members near you" icon="location">
        <p>Near Me measures from the city in your profile, and your profile has none yet.</p>
        <p className="state__actions">
          <Link to={ROUTES.editProfile} className="btn btn--primary btn--sm">
            Add your city
          </Link>
        </p>
      </EmptyState>
    )
  }
  return (
    <EmptyState title={copy.emptyTitle} icon={kind === 'nearby' ? 'location' : 'heart'}>
      <p>{copy.emptyText}</p>
      <p className="state__actions">
        <Link to={ROUTES.partnerPreferences} className="btn btn--primary btn--sm">
          Widen your partner preferences
        </Link>
        {kind === 'nearby' ? (
          <Link to={ROUTES.myMatches} className="btn btn--outline btn--sm">
            See all my matches
          </Link>
        ) : (
          <Link to={ROUTES.searchBasic} className="btn btn--outline btn--sm">
            Search profiles
          </Link>
        )}
      </p>
    </EmptyState>
  )
}

/**
 * Marks today's cards as seen (PATCH profile/today-viewed-matchs with the ids not yet viewed) once they are on the
 * screen. Each id is sent once per visit; the cards keep their look until the next visit loads the list afresh.
 */
function useMarkViewed(page: MatchPage | undefined) {
  const [markViewed] = useMarkTodayViewedMutation()
  const sent = useRef(new Set<string>())
  useEffect(() => {
    const ids = (page?.items ?? []).filter((c) => !c.viewed && !sent.current.has(c.profileID)).map((c) => c.profileID)
    if (!ids.length) return
    ids.forEach((id) => sent.current.add(id))
    // A failure only means they count as unseen on the next visit; the store toasts it.
    void markViewed(ids)
  }, [page, markViewed])
}

/**
 * One of the match lists of spec §2 "Matches": New Matches, My Matches, Today Matches (up to ten, marked seen when
 * shown), Near Me (with the distance band) and More Matches. Ten cards a page with Previous / Next over the
 * server's cursors; the cards invite and hide members.
 */
export default function MatchListScreen({ kind }: { kind: MatchListKind }) {
  const copy = MATCH_COPY[kind]
  const pager = useCursorPager()
  // Today's ten are stable all day, but which were seen changes: ask again on each visit. Others after a minute.
  const query = useGetMatchesQuery({ kind, cursor: pager.cursor }, { refetchOnMountOrArgChange: kind === 'today' ? true : 60 })
  useMarkViewed(kind === 'today' ? query.currentData : undefined)
  return (
    <>
      <Seo title={copy.title} description={copy.description} />
      <PageHeader title={copy.title} intro={copy.intro} crumbs={CRUMBS} />
      <section className="container section discovery">
        <TabNav links={MATCH_LINKS} label="Matches" className="discovery-nav" />
        <MatchResults
          query={query}
          pager={pager}
          label={`${copy.title} pages`}
          empty={<EmptyMatches kind={kind} notice={query.currentData?.notice} />}
          skeletons={kind === 'today' ? 3 : 4}
          hideTotal={kind === 'today'}
        />
      </section>
    </>
  )
}
