import type { PickOption } from '../../components/ChipPicker'
import type { PartnerChoices } from '../../components/choiceLists'

/** One choice of a picker (shared with the search forms: components/ChipPicker). */
export type { PickOption }

/** A numeric preference: an age in years or a height in cm; for height 0 leaves that end open. */
export interface PrefRange {
  min: number
  max: number
  strict: boolean
}

/** The partner's income band, by income_bands codes; "" leaves that end open. */
export interface PrefIncome {
  min: string
  max: string
  minLabel?: string
  maxLabel?: string
  strict: boolean
}

/** A preference over master-data ids; no values means any. Names come back in the order of values. */
export interface PrefIdList {
  values: number[]
  names?: string[]
  strict: boolean
}

/** A preference over a fixed list (marital status, diet, smoking, drinking); no values means any. */
export interface PrefEnumList {
  values: string[]
  strict: boolean
}

/** The member's partner preferences (GET and POST preference). Saved is false while they are the profile-derived defaults. */
export interface Preference {
  saved: boolean
  age: PrefRange
  height: PrefRange
  maritalStatus: PrefEnumList
  community: PrefIdList
  motherTongue: PrefIdList
  education: PrefIdList
  profession: PrefIdList
  income: PrefIncome
  country: PrefIdList
  state: PrefIdList
  city: PrefIdList
  diet: PrefEnumList
  smoking: PrefEnumList
  drinking: PrefEnumList
}

/** The id-list fields of a preference, in form order. */
export type IdListField = 'community' | 'motherTongue' | 'education' | 'profession' | 'country' | 'state' | 'city'

/** The fixed-list fields of a preference. */
export type EnumListField = 'maritalStatus' | 'diet' | 'smoking' | 'drinking'

/** Every field of a preference that can be marked strict, in form order (the server's field-error keys). */
export type PrefField = 'age' | 'height' | 'income' | IdListField | EnumListField

/** The choices the preference form offers; the screen loads them from master data and GET profile/options. */
export type PreferenceOptions = PartnerChoices
