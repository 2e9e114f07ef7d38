import type { CompletionKey, CompletionSection, OwnProfile, ProfileOptions } from './types'
import type { UseProfileList } from './lists'

const KEYS: [CompletionKey, string][] = [
  ['basic', 'Basic details'],
  ['contact', 'Contact details'],
  ['faith', 'Faith'],
  ['education', 'Education and work'],
  ['location', 'Location'],
  ['family', 'Family'],
  ['about', 'About me'],
  ['lifestyle', 'Height and lifestyle'],
  ['photos', 'Photos'],
  ['preference', 'Partner preferences'],
]

/** A completion list in which the given sections are complete. */
export function completionOf(...complete: CompletionKey[]): CompletionSection[] {
  return KEYS.map(([key, label]) => {
    const ok = complete.includes(key)
    return { key, label, complete: ok, steps: ok ? 3 : 0, missing: ok ? [] : ['x'] }
  })
}

/** A freshly registered bride's own profile (GET profile), with the given sections complete. */
export function ownProfile(complete: CompletionKey[] = ['basic', 'contact', 'faith']): OwnProfile {
  return {
    profileID: 'TM1234567',
    userName: 'Asha Mary',
    gender: 20,
    basic: { gender: 20, name: 'Asha Mary', profileName: 'Asha Mary', dateOfBirth: '1996-04-12', age: 28, heightCm: null, height: '', maritalStatus: 'never_married', createdBy: 'self', motherTongueId: 7, motherTongue: 'Malayalam', physicalStatus: 'normal' },
    faith: { religionId: 1, religion: 'Christian', communityId: 3, community: 'CSI', subCommunity: '', diocese: '', parish: '', vicar: '', faithPractice: '' },
    education: { degreeId: null, degree: '', collegeId: null, college: '', professionId: null, profession: '', companyId: null, company: '', incomeBand: '', income: '' },
    location: { countryId: null, country: '', stateId: null, state: '', cityId: null, city: '' },
    family: { fatherOccupation: '', motherOccupation: '', siblings: '', familyType: '', familyValues: '' },
    about: { aboutMe: '', aboutFamily: '' },
    lifestyle: { diet: '', smoking: '', drinking: '' },
    photos: [],
    completedSteps: complete.length * 3,
    completion: completionOf(...complete),
    subscription: null,
    prevContactViewPending: 0,
    hidden: false,
    emailVerified: false,
    phoneVerified: false,
    contact: { email: 'asha@example.in', phoneCode: '+91', phone: '9876543210' },
    badges: [],
    memberSince: '2024-01-01T00:00:00Z',
  }
}

/** GET profile/options as the server answers it (the lists the forms use). */
export const profileOptions: ProfileOptions = {
  enums: {
    maritalStatus: [
      { value: 'never_married', label: 'Never married' },
      { value: 'divorced', label: 'Divorced' },
    ],
    createdBy: [
      { value: 'self', label: 'Self' },
      { value: 'parent', label: 'Parent' },
    ],
    physicalStatus: [{ value: 'normal', label: 'Normal' }],
    faithPractice: [{ value: 'regular', label: 'Regular church-goer' }],
    diet: [{ value: 'vegetarian', label: 'Vegetarian' }],
    smoking: [{ value: 'no', label: 'No' }],
    drinking: [{ value: 'no', label: 'No' }],
    familyType: [{ value: 'nuclear', label: 'Nuclear family' }],
    familyValues: [{ value: 'moderate', label: 'Moderate' }],
  },
  limits: { completeSteps: 30 },
}

/** Master lists for the forms, without a server. */
export const fakeLists: UseProfileList = (kind, parentId) => {
  const lists: Record<string, { value: string; label: string }[]> = {
    language: [{ value: '7', label: 'Malayalam' }],
    religion: [{ value: '1', label: 'Christian' }],
    community: [{ value: '3', label: 'CSI' }],
    height: [{ value: '160', label: '5 ft 3 in (160 cm)' }],
    country: [{ value: '1', label: 'India' }],
    state: parentId ? [{ value: '4', label: 'Kerala' }] : [],
    city: parentId ? [{ value: '9', label: 'Kochi' }] : [],
  }
  return { options: lists[kind] ?? [], loading: false, error: false }
}
