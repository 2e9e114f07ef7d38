import { planOfCheckoutPath, planUpgradePath, plainPlanName, registerForPlanPath } from './planLinks'

describe('plan links', () => {
  it('accepts plain plan names only', () => {
    expect(plainPlanName('TFM-CLASSIC')).toBe('TFM-CLASSIC')
    expect(plainPlanName(' TFM-PREMIUM ')).toBe('TFM-PREMIUM')
    for (const bad of ['', null, '/my-matrimony', 'https://evil.example', '//evil.example', 'TFM-CLASSIC&next=/x', '<script>', 'a'.repeat(41)]) expect(plainPlanName(bad)).toBeNull()
  })

  it('builds the checkout and registration links of a plan', () => {
    expect(planUpgradePath('TFM-CLASSIC')).toBe('/plan-upgrade?plan=TFM-CLASSIC')
    expect(planUpgradePath('https://evil.example')).toBe('/plan-upgrade')
    expect(registerForPlanPath('TFM-SUPREME')).toBe('/register?plan=TFM-SUPREME')
    expect(registerForPlanPath(null)).toBe('/register')
  })

  it('reads the plan of a checkout path', () => {
    expect(planOfCheckoutPath('/plan-upgrade?plan=TFM-CLASSIC')).toBe('TFM-CLASSIC')
    expect(planOfCheckoutPath('/my-matrimony?plan=TFM-CLASSIC')).toBeNull()
    expect(planOfCheckoutPath(null)).toBeNull()
  })
})
