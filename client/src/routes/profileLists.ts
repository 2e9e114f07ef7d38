import { useMemo } from 'react'
import type { FieldOption } from '../components/Field'
import { useGetMasterQuery } from '../features/master/api'
import type { MasterItem } from '../features/master/api'
import type { ListResult, UseProfileList } from '../features/profile/lists'

/** A master row as a select option: income bands by code, heights by cm, everything else by id and name. */
function toOption(kind: string, item: MasterItem): FieldOption {
  if (kind === 'income') return { value: String(item.code), label: String(item.label) }
  if (kind === 'height') return { value: String(item.cm), label: String(item.label) }
  return { value: String(item.id), label: item.name }
}

/**
 * The profile forms' master lists from GET master/{kind} (features/master); states follow the country and cities
 * the state. Denominations are not filtered by religion: the master list does not carry the religion, and the
 * server checks that the denomination belongs to the chosen religion.
 */
export const useProfileMasterList: UseProfileList = (kind, parentId) => {
  const dependent = kind === 'state' || kind === 'city' || kind === 'community'
  const filter = kind === 'state' ? { kind, countryId: parentId } : kind === 'city' ? { kind, stateId: parentId } : { kind }
  const { currentData, isFetching, isError } = useGetMasterQuery(filter, { skip: dependent && !parentId })
  return useMemo<ListResult>(
    () => ({ options: dependent && !parentId ? [] : (currentData ?? []).map((i) => toOption(kind, i)), loading: isFetching && !currentData, error: isError }),
    [currentData, isFetching, isError, kind, dependent, parentId],
  )
}
