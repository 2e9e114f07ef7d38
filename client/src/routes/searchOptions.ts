import { useMemo } from 'react'
import { useAppSelector } from '../app/hooks'
import { selectProfile } from '../entities/account'
import type { SearchOptions } from '../features/discovery/search/types'
import { partnerChoices, usePickLists } from './pickLists'

/** The choice lists of the search forms: the shared master lists and fixed lists, with this member's age limits. */
export function useSearchOptions() {
  const gender = useAppSelector(selectProfile)?.gender
  const { lists, failed, retry } = usePickLists()
  // Before the own profile arrives the wider range stands; the server knows whom this member may see.
  const options = useMemo<SearchOptions | null>(() => (lists ? partnerChoices(lists, gender) : null), [lists, gender])
  return { options, failed, retry }
}
