import type { CompletionKey, EnumKey, OwnProfile, ProfileUpdate } from './types'
import { LIMITS, MSG, normalizeBlock, normalizeLine, prune, required, validateAboutMe, validateName, validateProfileName, validateText } from './validation'

/** The master lists a profile field takes its value from. */
export type ListKind = 'language' | 'religion' | 'community' | 'degree' | 'college' | 'profession' | 'company' | 'country' | 'state' | 'city' | 'income' | 'height'

/** The sections PUT profile edits (the edit page's ?section= keys); "lifestyle" also carries the height. */
export type FormSectionKey = 'basic' | 'faith' | 'education' | 'location' | 'family' | 'about' | 'lifestyle'

/** The form sections in page order. */
export const FORM_SECTIONS: FormSectionKey[] = ['basic', 'faith', 'education', 'location', 'family', 'about', 'lifestyle']

/** Section titles as the server's completion labels have them. */
export const SECTION_TITLES: Record<CompletionKey, string> = {
  basic: 'Basic details',
  contact: 'Contact details',
  faith: 'Faith',
  education: 'Education and work',
  location: 'Location',
  family: 'Family',
  about: 'About me',
  lifestyle: 'Height and lifestyle',
  photos: 'Photos',
  preference: 'Partner preferences',
}

/** One sentence per section saying why it matters, shown above its form. */
export const SECTION_INTROS: Record<CompletionKey, string> = {
  basic: 'Your name and the basics families look for first.',
  contact: 'Your e-mail and mobile number stay masked until you choose to share them.',
  faith: 'Your denomination, and your parish if you like: many families look for these first.',
  education: 'Your studies, your work and your annual income band.',
  location: 'Where you live; other members only ever see a coarse distance, never your address.',
  family: 'A little about your family.',
  about: 'In your own words: who you are and what you hope for.',
  lifestyle: 'Your height and your habits.',
  photos: 'Profiles with a photo get many more responses. Visitors never see your photos.',
  preference: 'Who you would like to meet. We suggest preferences from your profile; you can change them any time.',
}

/** Whether a completion section is edited on the edit-profile page. */
export function isFormSection(key: string | null | undefined): key is FormSectionKey {
  return FORM_SECTIONS.includes(key as FormSectionKey)
}

/** Where a select takes its options from: a master list (optionally below a parent field) or a fixed list. */
export type FieldSource = { list: ListKind; parent?: string } | { enum: EnumKey }

/** One field of a section form. */
export interface FieldSpec {
  name: string
  label: string
  kind: 'text' | 'textarea' | 'select'
  optional?: boolean
  source?: FieldSource
  /** Characters allowed (text fields), for the counter of long texts. */
  max?: number
  hint?: string
  autoComplete?: string
  /** Fields cleared when this one changes (country → state → city, religion → denomination). */
  clears?: string[]
}

/** The fields of every form section, in form order; names are PUT profile's, so 422 errors land under them. */
export const SECTION_FIELDS: Record<FormSectionKey, FieldSpec[]> = {
  basic: [
    { name: 'name', label: 'Full name', kind: 'text', max: LIMITS.nameMax, autoComplete: 'name', hint: 'Letters only, 3 to 25 characters.' },
    { name: 'profileName', label: 'Profile name', kind: 'text', optional: true, max: LIMITS.profileNameMax, hint: 'The name shown on your profile card; letters only, up to 30 characters.' },
    { name: 'createdBy', label: 'Profile created by', kind: 'select', source: { enum: 'createdBy' } },
    { name: 'maritalStatus', label: 'Marital status', kind: 'select', source: { enum: 'maritalStatus' } },
    { name: 'motherTongueId', label: 'Mother tongue', kind: 'select', source: { list: 'language' } },
    { name: 'physicalStatus', label: 'Physical status', kind: 'select', source: { enum: 'physicalStatus' } },
  ],
  faith: [
    { name: 'religionId', label: 'Religion', kind: 'select', source: { list: 'religion' }, clears: ['communityId'] },
    { name: 'communityId', label: 'Denomination', kind: 'select', source: { list: 'community', parent: 'religionId' } },
    { name: 'subCommunity', label: 'Sub-community', kind: 'text', optional: true, max: LIMITS.shortText },
    { name: 'faithPractice', label: 'Faith practice', kind: 'select', optional: true, source: { enum: 'faithPractice' } },
    { name: 'diocese', label: 'Diocese', kind: 'text', optional: true, max: LIMITS.shortText },
    { name: 'parish', label: 'Parish (church name and place)', kind: 'text', optional: true, max: LIMITS.parish },
    { name: 'vicar', label: 'Vicar or pastor', kind: 'text', optional: true, max: LIMITS.shortText },
  ],
  education: [
    { name: 'degreeId', label: 'Highest degree', kind: 'select', source: { list: 'degree' } },
    { name: 'collegeId', label: 'College', kind: 'select', optional: true, source: { list: 'college' } },
    { name: 'professionId', label: 'Profession', kind: 'select', source: { list: 'profession' } },
    { name: 'companyId', label: 'Company', kind: 'select', optional: true, source: { list: 'company' } },
    { name: 'incomeBand', label: 'Annual income', kind: 'select', source: { list: 'income' } },
  ],
  location: [
    { name: 'countryId', label: 'Country', kind: 'select', source: { list: 'country' }, clears: ['stateId', 'cityId'], autoComplete: 'country' },
    { name: 'stateId', label: 'State', kind: 'select', source: { list: 'state', parent: 'countryId' }, clears: ['cityId'] },
    { name: 'cityId', label: 'City', kind: 'select', source: { list: 'city', parent: 'stateId' } },
  ],
  family: [
    { name: 'familyType', label: 'Family type', kind: 'select', source: { enum: 'familyType' } },
    { name: 'familyValues', label: 'Family values', kind: 'select', source: { enum: 'familyValues' } },
    { name: 'fatherOccupation', label: "Father's occupation", kind: 'text', optional: true, max: LIMITS.shortText, hint: "Fill in the father's or the mother's occupation, or both." },
    { name: 'motherOccupation', label: "Mother's occupation", kind: 'text', optional: true, max: LIMITS.shortText },
    { name: 'siblings', label: 'Brothers and sisters', kind: 'text', optional: true, max: LIMITS.siblings, hint: 'For example: one elder brother (married), one younger sister.' },
  ],
  about: [
    { name: 'aboutMe', label: 'About me', kind: 'textarea', max: LIMITS.about, hint: 'At least 30 characters. Please leave out phone numbers and e-mail addresses.' },
    { name: 'aboutFamily', label: 'About my family', kind: 'textarea', optional: true, max: LIMITS.about },
  ],
  lifestyle: [
    { name: 'heightCm', label: 'Height', kind: 'select', source: { list: 'height' } },
    { name: 'diet', label: 'Diet', kind: 'select', source: { enum: 'diet' } },
    { name: 'smoking', label: 'Smoking', kind: 'select', source: { enum: 'smoking' } },
    { name: 'drinking', label: 'Drinking', kind: 'select', source: { enum: 'drinking' } },
  ],
}

/** A form's values: every field as the string its input holds. */
export type SectionValues = Record<string, string>

const id = (v: number | null | undefined) => (v ? String(v) : '')

/** The form values of a section from the member's profile. */
export function toValues(section: FormSectionKey, p: OwnProfile): SectionValues {
  switch (section) {
    case 'basic':
      return {
        name: p.basic.name,
        profileName: p.basic.profileName,
        createdBy: p.basic.createdBy,
        maritalStatus: p.basic.maritalStatus,
        motherTongueId: id(p.basic.motherTongueId),
        physicalStatus: p.basic.physicalStatus,
      }
    case 'faith':
      return {
        religionId: id(p.faith.religionId),
        communityId: id(p.faith.communityId),
        subCommunity: p.faith.subCommunity,
        faithPractice: p.faith.faithPractice,
        diocese: p.faith.diocese,
        parish: p.faith.parish,
        vicar: p.faith.vicar,
      }
    case 'education':
      return {
        degreeId: id(p.education.degreeId),
        collegeId: id(p.education.collegeId),
        professionId: id(p.education.professionId),
        companyId: id(p.education.companyId),
        incomeBand: p.education.incomeBand,
      }
    case 'location':
      return { countryId: id(p.location.countryId), stateId: id(p.location.stateId), cityId: id(p.location.cityId) }
    case 'family':
      return {
        familyType: p.family.familyType,
        familyValues: p.family.familyValues,
        fatherOccupation: p.family.fatherOccupation,
        motherOccupation: p.family.motherOccupation,
        siblings: p.family.siblings,
      }
    case 'about':
      return { aboutMe: p.about.aboutMe, aboutFamily: p.about.aboutFamily }
    case 'lifestyle':
      return { heightCm: id(p.basic.heightCm), diet: p.lifestyle.diet, smoking: p.lifestyle.smoking, drinking: p.lifestyle.drinking }
  }
}

const num = (v: string) => Number(v) || 0

/** The PUT profile body of a section's values; an empty optional id is 0, which clears it. */
export function toPayload(section: FormSectionKey, v: SectionValues): ProfileUpdate {
  switch (section) {
    case 'basic':
      return {
        basic: {
          name: normalizeLine(v.name),
          profileName: normalizeLine(v.profileName),
          createdBy: v.createdBy,
          maritalStatus: v.maritalStatus,
          motherTongueId: num(v.motherTongueId),
          physicalStatus: v.physicalStatus,
        },
      }
    case 'faith':
      return {
        faith: {
          religionId: num(v.religionId),
          communityId: num(v.communityId),
          subCommunity: normalizeLine(v.subCommunity),
          faithPractice: v.faithPractice,
          diocese: normalizeLine(v.diocese),
          parish: normalizeLine(v.parish),
          vicar: normalizeLine(v.vicar),
        },
      }
    case 'education':
      return {
        education: {
          degreeId: num(v.degreeId),
          collegeId: num(v.collegeId),
          professionId: num(v.professionId),
          companyId: num(v.companyId),
          incomeBand: v.incomeBand,
        },
      }
    case 'location':
      return { location: { countryId: num(v.countryId), stateId: num(v.stateId), cityId: num(v.cityId) } }
    case 'family':
      return {
        family: {
          familyType: v.familyType,
          familyValues: v.familyValues,
          fatherOccupation: normalizeLine(v.fatherOccupation),
          motherOccupation: normalizeLine(v.motherOccupation),
          siblings: normalizeLine(v.siblings),
        },
      }
    case 'about':
      return { about: { aboutMe: normalizeBlock(v.aboutMe), aboutFamily: normalizeBlock(v.aboutFamily) } }
    case 'lifestyle':
      return { basic: { heightCm: num(v.heightCm) }, lifestyle: { diet: v.diet, smoking: v.smoking, drinking: v.drinking } }
  }
}

/** What validation needs beyond the values: whether the chosen country has states and the chosen state cities. */
export interface ValidationContext {
  hasStates: boolean
  hasCities: boolean
}

/**
 * The client checks of a section. They mirror the server's rules (names, lengths, plain text) and, for the fields
 * that make a section complete, ask for a value, so that a saved section counts towards completion.
 */
export function validateSection(section: FormSectionKey, v: SectionValues, ctx: ValidationContext = { hasStates: true, hasCities: true }): Partial<Record<string, string>> {
  switch (section) {
    case 'basic':
      return prune({
        name: validateName(v.name),
        profileName: validateProfileName(v.profileName),
        createdBy: required(v.createdBy, MSG.createdByRequired),
        maritalStatus: required(v.maritalStatus, MSG.maritalRequired),
        motherTongueId: required(v.motherTongueId, MSG.languageRequired),
        physicalStatus: required(v.physicalStatus, MSG.physicalRequired),
      })
    case 'faith':
      return prune({
        religionId: required(v.religionId, MSG.religionRequired),
        communityId: required(v.communityId, MSG.communityRequired),
        subCommunity: validateText(v.subCommunity, LIMITS.shortText),
        diocese: validateText(v.diocese, LIMITS.shortText),
        parish: validateText(v.parish, LIMITS.parish),
        vicar: validateText(v.vicar, LIMITS.shortText),
      })
    case 'education':
      return prune({
        degreeId: required(v.degreeId, MSG.degreeRequired),
        professionId: required(v.professionId, MSG.professionRequired),
        incomeBand: required(v.incomeBand, MSG.incomeRequired),
      })
    case 'location':
      return prune({
        countryId: required(v.countryId, MSG.countryRequired),
        stateId: v.countryId && ctx.hasStates ? required(v.stateId, MSG.stateRequired) : undefined,
        cityId: v.stateId && ctx.hasCities ? required(v.cityId, MSG.cityRequired) : undefined,
      })
    case 'family': {
      const parents = normalizeLine(v.fatherOccupation) || normalizeLine(v.motherOccupation) ? undefined : MSG.parentOccupation
      return prune({
        familyType: required(v.familyType, MSG.familyTypeRequired),
        familyValues: required(v.familyValues, MSG.familyValuesRequired),
        fatherOccupation: validateText(v.fatherOccupation, LIMITS.shortText) ?? parents,
        motherOccupation: validateText(v.motherOccupation, LIMITS.shortText),
        siblings: validateText(v.siblings, LIMITS.siblings),
      })
    }
    case 'about':
      return prune({ aboutMe: validateAboutMe(v.aboutMe), aboutFamily: validateText(v.aboutFamily, LIMITS.about, true) })
    case 'lifestyle':
      return prune({
        heightCm: required(v.heightCm, MSG.heightRequired),
        diet: required(v.diet, MSG.dietRequired),
        smoking: required(v.smoking, MSG.smokingRequired),
        drinking: required(v.drinking, MSG.drinkingRequired),
      })
  }
}

/** Labels of the fields completion reports as missing (PUT profile names, plus contact, photos and preference). */
export const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.values(SECTION_FIELDS).flatMap((fs) => fs.map((f) => [f.name, f.label]))),
  email: 'E-mail',
  phone: 'Mobile number',
  photos: 'A photo',
  preference: 'Partner preferences',
}
