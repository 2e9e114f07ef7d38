import { useEffect, useMemo } from 'react'
import { useLocation } from 'react-router'
import { createAnalyticsSink } from '../analytics'
import type { AnalyticsSink } from '../analytics'
import { config } from '../config'

/** Sends a page view on every route change through the configured sink. */
export function usePageViews(sink?: AnalyticsSink) {
  const location = useLocation()
  const active = useMemo(() => sink ?? createAnalyticsSink(config.analytics), [sink])
  useEffect(() => {
    // Let the new screen hoist its <title> first.
    const t = window.setTimeout(() => {
      try {
        active.pageView(location.pathname + location.search, document.title)
      } catch {
        /* analytics must never break the site */
      }
    }, 50)
    return () => window.clearTimeout(t)
  }, [active, location.pathname, location.search])
}
