import type { Preference, PreferenceOptions } from './types'

/** Option lists for the preference tests, shaped like the master data the screen loads. */
export const OPTIONS: PreferenceOptions = {
  community: [
    { value: 1, label: 'Roman Catholic' },
    { value: 2, label: 'Syro-Malabar Catholic' },
    { value: 10, label: 'CSI' },
    { value: 11, label: 'CNI' },
    { value: 12, label: 'Marthoma' },
  ],
  motherTongue: [
    { value: 3, label: 'Malayalam' },
    { value: 4, label: 'Tamil' },
  ],
  education: [{ value: 5, label: 'B.Tech' }],
  profession: [{ value: 6, label: 'Nurse', hint: 'Healthcare' }],
  country: [{ value: 1, label: 'India' }],
  state: [
    { value: 17, label: 'Kerala', parent: 1 },
    { value: 31, label: 'Tamil Nadu', parent: 1 },
  ],
  city: [
    { value: 100, label: 'Kochi', parent: 17, hint: 'Kerala' },
    { value: 101, label: 'Chennai', parent: 31, hint: 'Tamil Nadu' },
  ],
  maritalStatus: [
    { value: 'never_married', label: 'Never married' },
    { value: 'divorced', label: 'Divorced' },
  ],
  diet: [{ value: 'vegetarian', label: 'Vegetarian' }],
  smoking: [{ value: 'no', label: 'No' }],
  drinking: [{ value: 'no', label: 'No' }],
  height: [
    { value: 152, label: '5 ft 0 in (152 cm)' },
    { value: 165, label: '5 ft 5 in (165 cm)' },
    { value: 178, label: '5 ft 10 in (178 cm)' },
  ],
  income: [
    { value: '3-5L', label: '₹3 – 5 Lakh' },
    { value: '5-7L', label: '₹5 – 7 Lakh' },
    { value: '10-15L', label: '₹10 – 15 Lakh' },
  ],
  minAge: 21,
  maxAge: 70,
  maxValues: 50,
}

const list = () => ({ values: [], names: [], strict: false })

/** Defaults as GET preference gives them before the member saves (saved false). */
export function defaults(): Preference {
  return {
    saved: false,
    age: { min: 24, max: 31, strict: true },
    height: { min: 152, max: 0, strict: false },
    maritalStatus: { values: ['never_married'], strict: false },
    community: { values: [1], names: ['Roman Catholic'], strict: false },
    motherTongue: { values: [3], names: ['Malayalam'], strict: false },
    education: list(),
    profession: list(),
    income: { min: '', max: '', minLabel: '', maxLabel: '', strict: false },
    country: { values: [1], names: ['India'], strict: false },
    state: list(),
    city: list(),
    diet: { values: [], strict: false },
    smoking: { values: [], strict: false },
    drinking: { values: [], strict: false },
  }
}
