import { useMemo } from 'react'
import { useAppSelector } from '../app/hooks'
import { selectProfile } from '../features/account/accountSlice'
import type { SearchOptions } from '../features/discovery/search/types'
import { partnerAgeLimits, usePickLists } from './pickLists'

/** The choice lists of the search forms: the shared master lists and fixed lists, with this member's age limits. */
export function useSearchOptions() {
  const gender = useAppSelector(selectProfile)?.gender
  const { lists, failed, retry } = usePickLists()
  const options = useMemo<SearchOptions | null>(() => {
    if (!lists) return null
    const { limits, ...choices } = lists
    // Before the own profile arrives the wider range stands; the server knows whom this member may see.
    return { ...choices, ...partnerAgeLimits(gender, limits), maxValues: limits.preferenceMaxValues ?? 50 }
  }, [lists, gender])
  return { options, failed, retry }
}
