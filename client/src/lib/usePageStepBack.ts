import { useEffect } from 'react'
import { useSearchParams } from 'react-router'

/**
 * An empty page after the first (its last card was just removed, or an old link): steps the ?page= back to the last
 * page that has cards, and returns that page while it does (null otherwise), so the screen shows placeholders
 * instead of an empty state. Each step lowers the page, so a server whose total disagrees cannot make this loop.
 */
export function usePageStepBack(list: { items: unknown[]; total: number } | undefined, page: number, pageSize: number): number | null {
  const [, setParams] = useSearchParams()
  const backTo = list && !list.items.length && page > 1 ? Math.max(1, Math.min(page - 1, Math.ceil(list.total / pageSize))) : null
  useEffect(() => {
    if (backTo === null) return
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev)
        if (backTo <= 1) q.delete('page')
        else q.set('page', String(backTo))
        return q
      },
      { replace: true },
    )
  }, [backTo, setParams])
  return backTo
}
