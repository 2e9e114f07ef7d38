import { useMemo } from 'react'
import { ErrorState, Skeleton } from '../components/States'
import { asApiError } from '../api/api'
import { useAppDispatch, useAppSelector } from '../app/hooks'
import { selectProfile, setReloadMatches } from '../features/account/accountSlice'
import { useGetMasterQuery } from '../features/master/api'
import type { MasterItem, MasterKind } from '../features/master/api'
import { useGetPreferenceQuery } from '../features/preferences/api'
import PreferenceForm from '../features/preferences/PreferenceForm'
import type { PickOption, PreferenceOptions } from '../features/preferences/types'
import { useGetSettingsOptionsQuery } from '../features/settings/api'
import '../styles/settings.css'
import MemberPage from './MemberPage'

/** Gender code of a bride (spec §3: 10 a groom, 20 a bride). */
const BRIDE = 20

const items = (list: MasterItem[] | undefined, extra?: (i: MasterItem) => Partial<PickOption<number>>): PickOption<number>[] =>
  (list ?? []).map((i) => ({ value: Number(i.id), label: i.name, ...extra?.(i) }))

/** Loads one master list (cached); GET master/{kind} also serves the income bands and heights. */
function useMaster(kind: MasterKind | 'income' | 'height') {
  return useGetMasterQuery({ kind: kind as MasterKind })
}

/** The option lists of the preference form: master data, the fixed lists of GET profile/options and the age limits. */
function usePreferenceOptions() {
  const profile = useAppSelector(selectProfile)
  const lists = {
    community: useMaster('community'),
    language: useMaster('language'),
    degree: useMaster('degree'),
    profession: useMaster('profession'),
    country: useMaster('country'),
    state: useMaster('state'),
    city: useMaster('city'),
    income: useMaster('income'),
    height: useMaster('height'),
  }
  const enums = useGetSettingsOptionsQuery()
  const queries = [...Object.values(lists), enums]
  const failed = queries.find((q) => q.isError)
  const gender = profile?.gender
  const [community, language, degree, profession, country, state, city, income, height] = Object.values(lists).map((q) => q.data)
  const options = useMemo<PreferenceOptions | null>(() => {
    if (!community || !language || !degree || !profession || !country || !state || !city || !income || !height || !enums.data || gender === undefined) return null
    const data = { community, language, degree, profession, country, state, city, income, height }
    const { enums: e, limits } = enums.data
    const stateName = new Map(data.state.map((s) => [Number(s.id), s.name]))
    const fixed = (key: string) => (e[key] ?? []).map((o) => ({ value: o.value, label: o.label }))
    return {
      community: items(data.community),
      motherTongue: items(data.language),
      education: items(data.degree),
      profession: items(data.profession, (p) => ({ hint: typeof p.category === 'string' ? p.category : undefined })),
      country: items(data.country),
      state: items(data.state, (s) => ({ parent: Number(s.countryId) })),
      city: items(data.city, (c) => ({ parent: Number(c.stateId), hint: stateName.get(Number(c.stateId)) })),
      height: data.height.map((h) => ({ value: Number(h.cm), label: String(h.label) })),
      // "Not disclosed" bounds nothing, so it cannot be an end of the range.
      income: data.income.filter((b) => Number(b.min) > 0 || Number(b.max) > 0).map((b) => ({ value: String(b.code), label: String(b.label) })),
      maritalStatus: fixed('maritalStatus'),
      diet: fixed('diet'),
      smoking: fixed('smoking'),
      drinking: fixed('drinking'),
      // A bride looks for a groom (at least 21), a groom for a bride (at least 18).
      minAge: gender === BRIDE ? (limits.partnerMinAgeGroom ?? 21) : (limits.partnerMinAgeBride ?? 18),
      maxAge: limits.partnerMaxAge ?? 70,
      maxValues: limits.preferenceMaxValues ?? 50,
    }
  }, [community, language, degree, profession, country, state, city, income, height, enums.data, gender])
  return { options, failed, retry: () => queries.filter((q) => q.isError).forEach((q) => void q.refetch()) }
}

/** /my-matrimony/partner-preferences: the partner preferences, each marked "must match" or "nice to have". */
export default function PartnerPreferences() {
  const dispatch = useAppDispatch()
  const pref = useGetPreferenceQuery()
  const { options, failed, retry } = usePreferenceOptions()
  const error = pref.isError ? pref.error : failed?.error
  return (
    <MemberPage title="Partner Preferences" intro="Tell us who you are looking for. Your matches follow these choices.">
      {pref.data && options ? (
        <PreferenceForm saved={pref.data} options={options} onSaved={() => dispatch(setReloadMatches(true))} />
      ) : error ? (
        <div className="panel">
          <ErrorState
            message={asApiError(error)?.message}
            onRetry={() => {
              if (pref.isError) void pref.refetch()
              retry()
            }}
          />
        </div>
      ) : (
        <div className="panel" aria-busy="true" aria-label="Loading your preferences">
          <Skeleton lines={8} />
        </div>
      )}
    </MemberPage>
  )
}
