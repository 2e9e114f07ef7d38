import { useSearchParams } from 'react-router'

/** The 1-based ?page= of a list screen. */
export function usePageParam(): number {
  const [params] = useSearchParams()
  const n = Number.parseInt(params.get('page') ?? '1', 10)
  return Number.isFinite(n) && n > 0 ? n : 1
}
