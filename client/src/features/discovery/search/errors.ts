import type { SearchKind } from '../../../entities/member'
import type { SearchField } from './types'

/** The fields each form shows, in form order (the first with an error gets the focus). */
export const FORM_FIELDS: Record<SearchKind, SearchField[]> = {
  basic: ['age', 'height', 'maritalStatus', 'community', 'motherTongue', 'state', 'city', 'withPhoto', 'sort'],
  advance: [
    'age',
    'height',
    'maritalStatus',
    'community',
    'motherTongue',
    'diocese',
    'education',
    'profession',
    'income',
    'state',
    'city',
    'diet',
    'smoking',
    'drinking',
    'withPhoto',
    'verifiedOnly',
    'activeWithin30',
    'sort',
  ],
}

/** The server names a range by its ends or as a whole ("age"); the form shows one error per range. */
const RANGE_OF: Record<string, SearchField> = {
  ageMin: 'age',
  ageMax: 'age',
  heightMin: 'height',
  heightMax: 'height',
  incomeMin: 'income',
  incomeMax: 'income',
}

/** A 422 answer's data.errors, split into the form's fields and the rest (paging, a field this form lacks). */
export interface SearchErrors {
  fields: Partial<Record<SearchField, string>>
  other: string[]
}

/** Splits a 422 answer's field errors between the fields of this form and a list for the top of the form. */
export function splitSearchErrors(errors: Record<string, string> | undefined, kind: SearchKind): SearchErrors {
  const out: SearchErrors = { fields: {}, other: [] }
  const shown = new Set<string>(FORM_FIELDS[kind])
  if (kind === 'advance') shown.add('profileId')
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field = (RANGE_OF[key] ?? key) as SearchField
    if (shown.has(field)) out.fields[field] ??= message
    else out.other.push(message)
  }
  return out
}
