import type { PickOption } from '../../../components/ChipPicker'

/** The choices the search forms offer; the screen loads them from master data and GET profile/options. */
export interface SearchOptions {
  community: PickOption<number>[]
  motherTongue: PickOption<number>[]
  state: PickOption<number>[]
  city: PickOption<number>[]
  education: PickOption<number>[]
  profession: PickOption<number>[]
  maritalStatus: PickOption<string>[]
  diet: PickOption<string>[]
  smoking: PickOption<string>[]
  drinking: PickOption<string>[]
  /** Selectable heights in cm. */
  height: PickOption<number>[]
  /** Income bands by code, lowest first. */
  income: PickOption<string>[]
  /** The youngest and oldest partner this member may look for. */
  minAge: number
  maxAge: number
  /** At most this many values in one list. */
  maxValues: number
}

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
