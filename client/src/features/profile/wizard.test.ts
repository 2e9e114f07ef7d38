import type { CompletionKey, CompletionSection } from './types'
import { backTarget, completionPercent, isProfileComplete, startWizard, wizardReducer } from './wizard'

const KEYS: CompletionKey[] = ['basic', 'contact', 'faith', 'education', 'location', 'family', 'about', 'lifestyle', 'photos', 'preference']

/** A completion list in which the given sections are complete. */
function completion(...complete: CompletionKey[]): CompletionSection[] {
  return KEYS.map((key) => ({ key, label: key, complete: complete.includes(key), steps: complete.includes(key) ? 3 : 0, missing: complete.includes(key) ? [] : ['x'] }))
}

describe('completion', () => {
  it('counts 30 steps as complete (spec §2)', () => {
    expect(isProfileComplete(27)).toBe(false)
    expect(isProfileComplete(30)).toBe(true)
    expect(isProfileComplete(undefined)).toBe(false)
    expect(completionPercent(9)).toBe(30)
    expect(completionPercent(30)).toBe(100)
  })

  it('goes back in history when this app has an earlier entry, else to the dashboard', () => {
    expect(backTarget(3, 'abc')).toBe(-1)
    expect(backTarget(0, 'abc')).toBe('/my-matrimony')
    expect(backTarget(undefined, 'abc')).toBe(-1)
    expect(backTarget(undefined, 'default')).toBe('/my-matrimony')
  })
})

describe('the wizard', () => {
  const afterRegistration = completion('basic', 'contact', 'faith')

  it('walks only the sections not yet complete, in order', () => {
    const s = startWizard(afterRegistration)
    expect(s).toEqual({ steps: ['education', 'location', 'family', 'about', 'lifestyle', 'photos', 'preference'], index: 0, done: false })
    expect(startWizard(completion(...KEYS)).done).toBe(true)
  })

  it('moves on after Save & continue and Skip, goes Back, and ends with the summary', () => {
    let s = startWizard(afterRegistration)
    s = wizardReducer(s, { type: 'saved', completion: completion('basic', 'contact', 'faith', 'education') })
    expect(s.steps[s.index]).toBe('location')
    s = wizardReducer(s, { type: 'skip' })
    expect(s.steps[s.index]).toBe('family')
    s = wizardReducer(s, { type: 'back' })
    expect(s.steps[s.index]).toBe('location')
    s = wizardReducer(s, { type: 'back' })
    s = wizardReducer(s, { type: 'back' })
    expect(s.index).toBe(0)
    s = wizardReducer(s, { type: 'goto', key: 'preference' })
    s = wizardReducer(s, { type: 'skip' })
    expect(s.done).toBe(true)
    // Back from the summary returns to the last step.
    s = wizardReducer(s, { type: 'back' })
    expect(s).toMatchObject({ done: false, index: 6 })
  })

  it('passes over sections completed meanwhile (for example the height saved in an earlier step)', () => {
    let s = startWizard(afterRegistration)
    s = wizardReducer(s, { type: 'goto', key: 'about' })
    s = wizardReducer(s, { type: 'saved', completion: completion('basic', 'contact', 'faith', 'about', 'lifestyle') })
    expect(s.steps[s.index]).toBe('photos')
  })

  it('keeps the list fixed, so Back reaches a section just completed, and adds one that fell incomplete', () => {
    let s = startWizard(afterRegistration)
    s = wizardReducer(s, { type: 'saved', completion: completion('basic', 'contact', 'faith', 'education') })
    s = wizardReducer(s, { type: 'back' })
    expect(s.steps[s.index]).toBe('education')
    s = wizardReducer(s, { type: 'goto', key: 'basic' })
    expect(s.steps[s.index]).toBe('basic')
    expect(s.steps).toHaveLength(8)
  })
})
