import { defaults, OPTIONS } from './testData'
import { PREF_MSG, toPayload, validatePreference } from './validation'

describe('validatePreference', () => {
  it('accepts the defaults', () => {
    expect(validatePreference(defaults(), OPTIONS)).toEqual({})
  })

  it('refuses an age range whose minimum is above its maximum', () => {
    const p = defaults()
    p.age = { min: 35, max: 30, strict: true }
    expect(validatePreference(p, OPTIONS)).toEqual({ age: PREF_MSG.ageOrder })
  })

  it('refuses ages outside the legal range for this member', () => {
    const p = defaults()
    p.age = { min: 19, max: 30, strict: true }
    expect(validatePreference(p, OPTIONS).age).toBe('Please choose an age range between 21 and 70')
  })

  it('refuses a height or income range that is upside down, and accepts an open end', () => {
    const p = defaults()
    p.height = { min: 178, max: 165, strict: false }
    p.income = { min: '10-15L', max: '3-5L', strict: false }
    expect(validatePreference(p, OPTIONS)).toEqual({ height: PREF_MSG.heightOrder, income: PREF_MSG.incomeOrder })
    p.height = { min: 178, max: 0, strict: false }
    p.income = { min: '10-15L', max: '', strict: false }
    expect(validatePreference(p, OPTIONS)).toEqual({})
  })

  it('refuses more values than a list may hold', () => {
    const p = defaults()
    p.city.values = Array.from({ length: 51 }, (_, i) => i + 1)
    expect(validatePreference(p, OPTIONS).city).toBe('Please choose at most 50 values')
  })
})

describe('toPayload', () => {
  it('drops answer-only names and never sends an open field as a must', () => {
    const p = defaults()
    p.state.strict = true
    p.community.strict = true
    p.height = { min: 0, max: 0, strict: true }
    const body = toPayload(p)
    expect(body.state).toEqual({ values: [], strict: false })
    expect(body.community).toEqual({ values: [1], strict: true })
    expect(body.height.strict).toBe(false)
    expect(body.age).toEqual({ min: 24, max: 31, strict: true })
  })
})
