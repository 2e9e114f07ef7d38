import { MSG, latestBirthDate, validateConfirm, validateDob, validateMobile, validatePassword, validatePersonName, validateRegisterStep } from './validation'
import type { RegisterValues } from './validation'

const today = new Date(2026, 10, 22) // 22 Nov 2026

describe('account validation (spec §5)', () => {
  it('applies the password rule with the spec wording', () => {
    expect(MSG.passwordRule).toBe('Must Contain 8 Characters, One Uppercase, One Lowercase, One Number and One Special Case Character')
    expect(validatePassword('')).toBe('Password is required')
    expect(validatePassword('Ab1!')).toBe(MSG.passwordRule)
    expect(validatePassword('abcdefg1!')).toBe(MSG.passwordRule)
    expect(validatePassword('ABCDEFG1!')).toBe(MSG.passwordRule)
    expect(validatePassword('Abcdefgh!')).toBe(MSG.passwordRule)
    expect(validatePassword('Abcdefgh1')).toBe(MSG.passwordRule)
    expect(validatePassword('Abcdefg1(')).toBe(MSG.passwordRule)
    expect(validatePassword('Abcdéfg1!')).toBe(MSG.passwordRule)
    expect(validatePassword('Abcdefg1!')).toBeUndefined()
    expect(validatePassword('Abcdefg1!Abcdefg1!Ab')).toBeUndefined()
    expect(validatePassword('Abcdefg1!Abcdefg1!Abc')).toBe('Maximun 20 Characters are allowed')
  })

  it('checks the confirmation', () => {
    expect(validateConfirm('Abcdefg1!', 'Abcdefg1?')).toBe('Passwords does not match')
    expect(validateConfirm('Abcdefg1!', 'Abcdefg1!')).toBeUndefined()
  })

  it('checks Indian mobile numbers', () => {
    expect(validateMobile('')).toBe('Phone number is required')
    expect(validateMobile('5876543210')).toBe('Phone number is not valid')
    expect(validateMobile('98765')).toBe('Phone number is not valid')
    expect(validateMobile('9999999999')).toBe('Invalid Phone number')
    expect(validateMobile('9876543210')).toBeUndefined()
    expect(validateMobile('4155550100', '+1')).toBeUndefined()
  })

  it('checks names', () => {
    expect(validatePersonName('')).toBe('Name is required')
    expect(validatePersonName('Jo3')).toBe('Name can only contain letters')
    expect(validatePersonName('Jo')).toBe('Minimum 3 characters required')
    expect(validatePersonName('Abcdefghij Abcdefghij Abcd')).toBe('Maximum 25 character allowed')
    expect(validatePersonName('Mary  Thomas')).toBeUndefined()
    // Malayalam and Tamil letters carry combining vowel signs and viramas.
    expect(validatePersonName('അന്ന മരിയ')).toBeUndefined()
    expect(validatePersonName('அன்பு செல்வி')).toBeUndefined()
  })

  it('requires a bride to be 18 and a groom 21', () => {
    expect(validateDob('2008-11-22', 20, today)).toBeUndefined()
    expect(validateDob('2008-11-23', 20, today)).toBe('The bride must be at least 18 years old')
    expect(validateDob('2005-11-22', 10, today)).toBeUndefined()
    expect(validateDob('2005-11-23', 10, today)).toBe('The groom must be at least 21 years old')
    expect(validateDob('', 10, today)).toBe('Date of birth is required')
    expect(validateDob('2030-01-01', 10, today)).toBe('Please enter a valid date of birth')
    expect(validateDob('1900-01-01', 10, today)).toBe('Please enter a valid date of birth')
    expect(latestBirthDate(20, today)).toBe('2008-11-22')
    expect(latestBirthDate(10, today)).toBe('2005-11-22')
  })

  it('validates each registration step with the required messages', () => {
    const empty: RegisterValues = {
      profileCreatedBy: '',
      name: '',
      gender: '',
      dateOfBirth: '',
      email: '',
      phoneCode: '+91',
      phone: '',
      password: '',
      confirmPassword: '',
      religionId: '',
      communityId: '',
      motherTongueId: '',
    }
    expect(validateRegisterStep(1, empty, today)).toEqual({
      profileCreatedBy: 'Profile created by is required',
      name: 'Name is required',
      gender: 'Gender is required',
      dateOfBirth: 'Date of birth is required',
    })
    expect(validateRegisterStep(2, empty, today)).toEqual({
      email: 'Email is required',
      phone: 'Phone number is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    })
    expect(validateRegisterStep(3, empty, today)).toEqual({
      religionId: 'Religion is required',
      communityId: 'Community is required',
      motherTongueId: 'Language is required',
    })
    expect(validateRegisterStep(2, { ...empty, phoneCode: '' }, today).phoneCode).toBe('Phone code is required')
  })
})
