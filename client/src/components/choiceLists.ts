import type { PickOption } from './ChipPicker'

/**
 * The choice lists of the partner preference and search forms: master data for the long lists, GET profile/options
 * for the fixed ones (routes/pickLists loads them).
 */
export interface ChoiceLists {
  community: PickOption<number>[]
  motherTongue: PickOption<number>[]
  education: PickOption<number>[]
  profession: PickOption<number>[]
  country: PickOption<number>[]
  state: PickOption<number>[]
  city: PickOption<number>[]
  maritalStatus: PickOption<string>[]
  diet: PickOption<string>[]
  smoking: PickOption<string>[]
  drinking: PickOption<string>[]
  /** Selectable heights in cm. */
  height: PickOption<number>[]
  /** Income bands that bound something (not "Not disclosed"), lowest first, by code. */
  income: PickOption<string>[]
}

/** The choice lists with this member's limits: what the partner preference and search forms offer. */
export interface PartnerChoices extends ChoiceLists {
  /** The youngest partner this member may look for: 21 for a bride (a groom), 18 for a groom (a bride). */
  minAge: number
  /** The oldest partner this member may look for. */
  maxAge: number
  /** At most this many values in one list. */
  maxValues: number
}
