import { createContext, useContext } from 'react'
import type { FieldOption } from '../../components/Field'
import type { ListKind } from './sections'

/** A master list as a select shows it. */
export interface ListResult {
  options: FieldOption[]
  loading: boolean
  error: boolean
}

/**
 * A hook giving the options of a master list; `parentId` is the country of the states, the state of the cities, or
 * the religion of the denominations ("" when nothing is chosen yet: dependent lists are then empty).
 */
export type UseProfileList = (kind: ListKind, parentId: string) => ListResult

const NONE: ListResult = { options: [], loading: false, error: false }

/** The master-data source of the profile forms; screens provide it (this feature does not load master data itself). */
const ProfileListsContext = createContext<UseProfileList>(() => NONE)

/** Supplies the master lists to the profile forms below it; the value must be one stable hook function. */
export const ProfileListsProvider = ProfileListsContext.Provider

/** The options of one master list for a form field. */
export function useProfileList(kind: ListKind, parentId = ''): ListResult {
  const useList = useContext(ProfileListsContext)
  return useList(kind, parentId)
}
