import type { PartnerChoices } from '../../../components/choiceLists'

/** The choices the search forms offer; the screen loads them from master data and GET profile/options. */
export type SearchOptions = PartnerChoices

/** The fields of the search forms that can carry an error (the server's 422 data.errors keys, ranges folded). */
export type SearchField =
  | 'age'
  | 'height'
  | 'maritalStatus'
  | 'community'
  | 'motherTongue'
  | 'state'
  | 'city'
  | 'withPhoto'
  | 'sort'
  | 'education'
  | 'profession'
  | 'income'
  | 'diet'
  | 'smoking'
  | 'drinking'
  | 'diocese'
  | 'verifiedOnly'
  | 'activeWithin30'
  | 'profileId'
