import { useMemo } from 'react'
import { useAppSelector } from '../app/hooks'
import type { FieldOption } from '../components/Field'
import type { RegisterOptions } from '../features/account/RegisterForm'
import type { CommonState } from '../features/common/commonSlice'

/** Used until GET common has answered: India's code. */
const INDIA: FieldOption = { value: '+91', label: '+91 IN' }

/** Country calling codes from master data, India first, one entry per code. */
export function phoneCodeOptions(countries: { code: string; phoneCode: string }[] | undefined): FieldOption[] {
  if (!countries?.length) return [INDIA]
  const seen = new Set<string>()
  const out: FieldOption[] = []
  const sorted = [...countries].sort((a, b) => (a.code === 'IN' ? -1 : b.code === 'IN' ? 1 : a.code.localeCompare(b.code)))
  for (const c of sorted) {
    if (!c.phoneCode || seen.has(c.phoneCode)) continue
    seen.add(c.phoneCode)
    out.push({ value: c.phoneCode, label: `${c.phoneCode} ${c.code}` })
  }
  return out
}

/** The register and login forms' master-data options, from the common state (GET common, loaded once). */
export function useAccountOptions(): RegisterOptions {
  const md = useAppSelector((s: { common: CommonState }) => s.common.commonData)
  return useMemo(() => {
    const opts = (items: { id: number | string; name: string }[] | undefined): FieldOption[] => (items ?? []).map((i) => ({ value: i.id, label: i.name }))
    return {
      religions: opts(md?.religion),
      communities: opts(md?.community),
      languages: opts(md?.language),
      phoneCodes: phoneCodeOptions(md?.country),
    }
  }, [md])
}
