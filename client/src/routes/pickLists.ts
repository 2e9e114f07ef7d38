import { useMemo } from 'react'
import type { PickOption } from '../components/ChipPicker'
import type { ChoiceLists, PartnerChoices } from '../components/choiceLists'
import { useGetMasterQuery } from '../features/master/api'
import type { MasterItem, MasterKind } from '../features/master/api'
import { useGetSettingsOptionsQuery } from '../features/settings/api'

/** The choice lists with the limits of GET profile/options (partnerMinAgeBride, partnerMaxAge, preferenceMaxValues, …). */
export interface PickLists extends ChoiceLists {
  limits: Record<string, number>
}

const items = (list: MasterItem[] | undefined, extra?: (i: MasterItem) => Partial<PickOption<number>>): PickOption<number>[] =>
  (list ?? []).map((i) => ({ value: Number(i.id), label: i.name, ...extra?.(i) }))

/** Loads one master list (cached); GET master/{kind} also serves the income bands and heights. */
function useMaster(kind: MasterKind) {
  return useGetMasterQuery({ kind })
}

/**
 * Loads the choice lists once (each cached by the API slice): master data for the long lists, GET profile/options
 * for the fixed ones. lists is null until all have arrived; failed is the first failed query, retry asks again.
 */
export function usePickLists() {
  const master = {
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
  const queries = [...Object.values(master), enums]
  const failed = queries.find((q) => q.isError)
  const [community, language, degree, profession, country, state, city, income, height] = Object.values(master).map((q) => q.data)
  const lists = useMemo<PickLists | null>(() => {
    if (!community || !language || !degree || !profession || !country || !state || !city || !income || !height || !enums.data) return null
    const { enums: e, limits } = enums.data
    const stateName = new Map(state.map((s) => [Number(s.id), s.name]))
    const fixed = (key: string) => (e[key] ?? []).map((o) => ({ value: o.value, label: o.label }))
    return {
      community: items(community),
      motherTongue: items(language),
      education: items(degree),
      profession: items(profession, (p) => ({ hint: typeof p.category === 'string' ? p.category : undefined })),
      country: items(country),
      state: items(state, (s) => ({ parent: Number(s.countryId) })),
      city: items(city, (c) => ({ parent: Number(c.stateId), hint: stateName.get(Number(c.stateId)) })),
      height: height.map((h) => ({ value: Number(h.cm), label: String(h.label) })),
      // "Not disclosed" bounds nothing, so it cannot be an end of a range.
      income: income.filter((b) => Number(b.min) > 0 || Number(b.max) > 0).map((b) => ({ value: String(b.code), label: String(b.label) })),
      maritalStatus: fixed('maritalStatus'),
      diet: fixed('diet'),
      smoking: fixed('smoking'),
      drinking: fixed('drinking'),
      limits,
    }
  }, [community, language, degree, profession, country, state, city, income, height, enums.data])
  return { lists, failed, retry: () => queries.filter((q) => q.isError).forEach((q) => void q.refetch()) }
}

/** Gender code of a bride (spec §3: 10 a groom, 20 a bride). */
const BRIDE = 20

/** The youngest and oldest partner a member may look for: a bride looks for a groom (at least 21), a groom for a bride (at least 18). */
function partnerAgeLimits(gender: number | undefined, limits: Record<string, number>): { minAge: number; maxAge: number } {
  return {
    minAge: gender === BRIDE ? (limits.partnerMinAgeGroom ?? 21) : (limits.partnerMinAgeBride ?? 18),
    maxAge: limits.partnerMaxAge ?? 70,
  }
}

/** The lists as the partner preference and search forms take them: with this member's age limits and the most values a list may hold. */
export function partnerChoices({ limits, ...lists }: PickLists, gender: number | undefined): PartnerChoices {
  return { ...lists, ...partnerAgeLimits(gender, limits), maxValues: limits.preferenceMaxValues ?? 50 }
}
