import { toPayload, toValues, validateSection } from './sections'
import type { OwnProfile } from './types'
import { MSG, validateAboutMe, validateName, validateProfileName, validateText } from './validation'

describe('name rules of spec §5', () => {
  it('allows letters only, 3 to 25 characters, counted as characters', () => {
    expect(validateName('')).toBe('Name is required')
    expect(validateName('Asha2')).toBe('Name can only contain letters')
    expect(validateName('Asha_K')).toBe('Name can only contain letters')
    expect(validateName('Jo')).toBe('Minimum 3 characters required')
    expect(validateName('A'.repeat(26))).toBe('Maximum 25 character allowed')
    expect(validateName('  Mary   Thomas ')).toBeUndefined()
    expect(validateName("Anna-Maria D'Souza")).toBeUndefined()
    // Malayalam and Tamil names are letters too (with their vowel signs), counted by character, not by UTF-16 unit.
    expect(validateName('അന്ന മരിയ')).toBeUndefined()
    expect(validateName('அன்பு')).toBeUndefined()
  })

  it('lets the profile name be empty or up to 30 letters', () => {
    expect(validateProfileName('')).toBeUndefined()
    expect(validateProfileName('A'.repeat(30))).toBeUndefined()
    expect(validateProfileName('A'.repeat(31))).toBe('Maximum 30 character allowed')
    expect(validateProfileName('Ab')).toBe('Minimum 3 characters required')
    expect(validateProfileName('Asha 1')).toBe('Name can only contain letters')
  })
})

describe('free text', () => {
  it('refuses markup, line breaks in one-line fields, too many characters and contact details', () => {
    expect(validateText('St. Mary’s Church, Kochi', 150)).toBeUndefined()
    expect(validateText('<b>hi</b>', 100)).toBe(MSG.plainText)
    // A one-line field joins lines, as the server does.
    expect(validateText('a\nb', 100)).toBeUndefined()
    expect(validateText('a\u0007b', 100)).toBe(MSG.plainText)
    expect(validateText('a\nb', 100, true)).toBeUndefined()
    expect(validateText('x'.repeat(101), 100)).toBe('Maximum 100 characters allowed')
    expect(validateText('call 98765 43210', 100)).toBe(MSG.noContact)
    expect(validateText('write to asha (at) example.in', 100)).toBe(MSG.noContact)
    expect(validateText('Two brothers, born 1990 and 1994', 200)).toBeUndefined()
  })

  it('asks for at least 30 characters about oneself', () => {
    expect(validateAboutMe('  ')).toBe(MSG.aboutMeRequired)
    expect(validateAboutMe('I am a teacher.')).toBe('Please write at least 30 characters about yourself')
    expect(validateAboutMe('I teach English at a school in Kochi and sing in the choir.')).toBeUndefined()
  })
})

describe('section rules', () => {
  it('requires a state only when the country has states, and a city only when the state has cities', () => {
    expect(validateSection('location', { countryId: '', stateId: '', cityId: '' })).toEqual({ countryId: MSG.countryRequired })
    expect(validateSection('location', { countryId: '1', stateId: '', cityId: '' }, { hasStates: true, hasCities: true })).toEqual({ stateId: MSG.stateRequired })
    expect(validateSection('location', { countryId: '9', stateId: '', cityId: '' }, { hasStates: false, hasCities: false })).toEqual({})
    expect(validateSection('location', { countryId: '1', stateId: '4', cityId: '' }, { hasStates: true, hasCities: true })).toEqual({ cityId: MSG.cityRequired })
  })

  it("needs the father's or the mother's occupation for the family section", () => {
    const v = { familyType: 'nuclear', familyValues: 'moderate', fatherOccupation: '', motherOccupation: '', siblings: '' }
    expect(validateSection('family', v)).toEqual({ fatherOccupation: MSG.parentOccupation })
    expect(validateSection('family', { ...v, motherOccupation: 'Teacher' })).toEqual({})
  })

  it('asks for height, diet, smoking and drinking; never for complexion, body type or horoscope', () => {
    const errs = validateSection('lifestyle', { heightCm: '', diet: '', smoking: '', drinking: '' })
    expect(Object.keys(errs)).toEqual(['heightCm', 'diet', 'smoking', 'drinking'])
  })
})

const own = {
  basic: { gender: 20, name: 'Asha Mary', profileName: 'Asha', age: 28, heightCm: 160, height: '5 ft 3 in (160 cm)', maritalStatus: 'never_married', createdBy: 'self', motherTongueId: 7, motherTongue: 'Malayalam', physicalStatus: 'normal' },
  faith: { religionId: 1, religion: 'Christian', communityId: 3, community: 'CSI', subCommunity: '', diocese: '', parish: '', vicar: '', faithPractice: '' },
  education: { degreeId: null, degree: '', collegeId: null, college: '', professionId: 4, profession: 'Teacher', companyId: null, company: '', incomeBand: '', income: '' },
  location: { countryId: 1, country: 'India', stateId: null, state: '', cityId: null, city: '' },
  family: { fatherOccupation: '', motherOccupation: '', siblings: '', familyType: '', familyValues: '' },
  about: { aboutMe: '', aboutFamily: '' },
  lifestyle: { diet: 'vegetarian', smoking: 'no', drinking: 'no' },
} as unknown as OwnProfile

describe('values and payloads', () => {
  it('turns the profile into form strings and back into PUT profile bodies', () => {
    expect(toValues('education', own)).toEqual({ degreeId: '', collegeId: '', professionId: '4', companyId: '', incomeBand: '' })
    expect(toValues('lifestyle', own)).toEqual({ heightCm: '160', diet: 'vegetarian', smoking: 'no', drinking: 'no' })
    // The height is part of basic in PUT profile; the lifestyle step sends it there.
    expect(toPayload('lifestyle', toValues('lifestyle', own))).toEqual({ basic: { heightCm: 160 }, lifestyle: { diet: 'vegetarian', smoking: 'no', drinking: 'no' } })
    // Empty optional ids are 0, which clears them.
    expect(toPayload('location', { countryId: '1', stateId: '', cityId: '' })).toEqual({ location: { countryId: 1, stateId: 0, cityId: 0 } })
    expect(toPayload('basic', { ...toValues('basic', own), name: '  Asha   Mary ' }).basic?.name).toBe('Asha Mary')
  })
})
