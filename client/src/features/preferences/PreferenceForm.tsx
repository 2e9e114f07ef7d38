import { useMemo, useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import Icon from '../../components/Icon'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import ChipPicker from '../../components/ChipPicker'
import { RangePicker, ToggleChips } from '../../components/ChoiceControls'
import { PrefRow, STRICT_WORDS } from './controls'
import { useSavePreferenceMutation } from './api'
import { toPayload, validatePreference } from './validation'
import type { PrefErrors } from './validation'
import type { EnumListField, IdListField, PickOption, PrefField, Preference, PreferenceOptions } from './types'

/** The order of the form, so the first error in it gets the focus. */
const FORM_ORDER: PrefField[] = ['age', 'height', 'maritalStatus', 'community', 'motherTongue', 'education', 'profession', 'income', 'country', 'state', 'city', 'diet', 'smoking', 'drinking']

/** Titles and "any" wording of the list fields. */
const LISTS: Record<IdListField | EnumListField, { title: string; any: string; placeholder?: string }> = {
  maritalStatus: { title: 'Marital status', any: 'Any' },
  community: { title: 'Denomination', any: 'Any denomination', placeholder: 'Search denominations' },
  motherTongue: { title: 'Mother tongue', any: 'Any mother tongue', placeholder: 'Search languages' },
  education: { title: 'Education', any: 'Any education', placeholder: 'Search degrees' },
  profession: { title: 'Profession', any: 'Any profession', placeholder: 'Search professions' },
  country: { title: 'Country', any: 'Any country', placeholder: 'Search countries' },
  state: { title: 'State', any: 'Any state', placeholder: 'Search states' },
  city: { title: 'City', any: 'Any city', placeholder: 'Search cities' },
  diet: { title: 'Diet', any: 'Any' },
  smoking: { title: 'Smoking', any: 'Any' },
  drinking: { title: 'Drinking', any: 'Any' },
}

/** Comparable form of a preference: what would be sent. */
const fingerprint = (p: Preference) => JSON.stringify(toPayload({ ...p, saved: true }))

/** The member's partner preferences: every field with its "must match" or "nice to have" choice; saves with POST preference. */
export default function PreferenceForm({ saved, options, onSaved }: { saved: Preference; options: PreferenceOptions; onSaved?: (p: Preference) => void }) {
  const [draft, setDraft] = useState<Preference>(saved)
  const [serverErrors, setServerErrors] = useState<PrefErrors>({})
  const [save, { isLoading }] = useSavePreferenceMutation()
  const formRef = useRef<HTMLFormElement>(null)

  const clientErrors = useMemo(() => validatePreference(draft, options), [draft, options])
  const errors: PrefErrors = { ...serverErrors, ...clientErrors }
  const dirty = fingerprint(draft) !== fingerprint(saved)
  const payload = toPayload(draft)
  const strictCount = FORM_ORDER.filter((f) => payload[f].strict).length

  // Labels of saved values the option lists may not hold (a state left out by a narrower country, say).
  const names = useMemo(() => {
    const out = {} as Record<IdListField, Map<number, string>>
    for (const f of ['community', 'motherTongue', 'education', 'profession', 'country', 'state', 'city'] as const) {
      out[f] = new Map(saved[f].values.map((v, i) => [v, saved[f].names?.[i] ?? String(v)]))
    }
    return out
  }, [saved])

  const set = <K extends PrefField>(field: K, next: Partial<Preference[K]>) => {
    setDraft((d) => ({ ...d, [field]: { ...d[field], ...next } }))
    setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }

  const focusField = (f: PrefField) => {
    const row = formRef.current?.querySelector(`#pref-${f} .pref-row__body`)
    // The search box or select rather than a chip's remove button; toggle chips have only buttons.
    ;(row?.querySelector<HTMLElement>('input, select') ?? row?.querySelector<HTMLElement>('button'))?.focus()
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const first = FORM_ORDER.find((f) => clientErrors[f])
    if (first) {
      focusField(first)
      return
    }
    try {
      const res = await save(toPayload(draft)).unwrap()
      setDraft(res.data)
      setServerErrors({})
      notifySuccess(res.message || 'Record updated Successfully')
      onSaved?.(res.data)
    } catch (err) {
      const fe = asApiError(err)?.fieldErrors
      if (fe) {
        setServerErrors(fe as PrefErrors)
        const f = FORM_ORDER.find((k) => fe[k])
        if (f) focusField(f)
      }
    }
  }

  const describedBy = (f: PrefField, hint?: boolean) => [hint && `${f}-hint`, errors[f] && `${f}-error`].filter(Boolean).join(' ') || undefined

  /** A list field as a searchable chip picker (long master lists). */
  const picker = (f: IdListField, opts: PickOption<number>[], hint?: ReactNode) => (
    <PrefRow id={f} title={LISTS[f].title} hint={hint} strict={draft[f].strict} strictDisabled={draft[f].values.length === 0} onStrict={(strict) => set(f, { strict })} error={errors[f]}>
      <ChipPicker
        id={`${f}-search`}
        labelledBy={`${f}-title`}
        options={opts}
        value={draft[f].values}
        names={names[f]}
        onChange={(values) => set(f, { values })}
        anyLabel={LISTS[f].any}
        placeholder={LISTS[f].placeholder ?? 'Type to search'}
        max={options.maxValues}
        invalid={!!errors[f]}
        describedBy={describedBy(f, !!hint)}
      />
    </PrefRow>
  )

  /** A short fixed list as toggle chips. */
  const chips = (f: EnumListField) => (
    <PrefRow id={f} title={LISTS[f].title} strict={draft[f].strict} strictDisabled={draft[f].values.length === 0} onStrict={(strict) => set(f, { strict })} error={errors[f]}>
      <ToggleChips id={`${f}-chips`} options={options[f]} value={draft[f].values} anyLabel={LISTS[f].any} describedBy={describedBy(f)} onChange={(values) => set(f, { values })} />
    </PrefRow>
  )

  /** A range (age, height, income) as two selects; with an open end ("Any") an open range cannot be a must. */
  const range = <V extends string | number>(f: 'age' | 'height' | 'income', title: string, labels: [string, string], opts: PickOption<V>[], value: { min: V; max: V; strict: boolean }, open?: string) => (
    <PrefRow id={f} title={title} strict={value.strict} strictDisabled={open !== undefined && !value.min && !value.max} onStrict={(strict) => set(f, { strict })} error={errors[f]}>
      <RangePicker id={f} labels={labels} options={opts} open={open} min={value.min} max={value.max} invalid={!!errors[f]} describedBy={describedBy(f)} onChange={(min, max) => set(f, { min, max } as Partial<Preference[typeof f]>)} />
    </PrefRow>
  )

  const ages = useMemo(() => {
    const out: PickOption<number>[] = []
    for (let a = options.minAge; a <= options.maxAge; a++) out.push({ value: a, label: `${a} years` })
    return out
  }, [options.minAge, options.maxAge])

  // States of the chosen countries, cities of the chosen states: the lists stay short on a phone.
  const countries = draft.country.values
  const stateOptions = useMemo(() => (countries.length ? options.state.filter((s) => s.parent === undefined || countries.includes(s.parent)) : options.state), [options.state, countries])
  const states = draft.state.values
  const cityOptions = useMemo(() => (states.length ? options.city.filter((c) => c.parent === undefined || states.includes(c.parent)) : options.city), [options.city, states])


  return (
    <form ref={formRef} className="pref-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Partner preferences">
      <section className="panel pref-intro" aria-labelledby="pref-how-title">
        <h2 id="pref-how-title" className="panel__title">
          How your preferences work
        </h2>
        <dl className="pref-legend">
          <div>
            <dt>
              <span className="pref-legend__tag is-strict">{STRICT_WORDS.strict}</span>
            </dt>
            <dd>{capitalise(STRICT_WORDS.strictMeans)}</dd>
          </div>
          <div>
            <dt>
              <span className="pref-legend__tag">{STRICT_WORDS.soft}</span>
            </dt>
            <dd>{capitalise(STRICT_WORDS.softMeans)}</dd>
          </div>
        </dl>
        <p className="small muted">Leave a field on “Any” when it does not matter to you. A must-match works both ways: members whose own must-match preferences you do not meet are not shown either.</p>
        {!saved.saved && (
          <div className="notice" role="note">
            <Icon name="info" size={20} />
            <p>We suggested these from your own profile. Check them and press “Save preferences” to use them.</p>
          </div>
        )}
      </section>

      <PrefSection id="basic" title="Basic details">
        {range('age', 'Age', ['Youngest', 'Oldest'], ages, draft.age)}
        {range('height', 'Height', ['Shortest', 'Tallest'], options.height, draft.height, 'Any')}
        {chips('maritalStatus')}
      </PrefSection>

      <PrefSection id="faith" title="Faith and language">
        {picker('community', options.community)}
        {picker('motherTongue', options.motherTongue)}
      </PrefSection>

      <PrefSection id="work" title="Education and work">
        {picker('education', options.education)}
        {picker('profession', options.profession)}
        {range('income', 'Annual income', ['Lowest', 'Highest'], options.income, draft.income, 'Any')}
      </PrefSection>

      <PrefSection id="place" title="Location">
        {picker('country', options.country)}
        {picker('state', stateOptions, countries.length > 0 && stateOptions.length === 0 ? 'We list states for India only; leave it on “Any state” for other countries.' : undefined)}
        {picker('city', cityOptions, states.length ? 'Showing cities of the states you chose.' : 'Choose states above to shorten this list.')}
      </PrefSection>

      <PrefSection id="life" title="Lifestyle">
        {chips('diet')}
        {chips('smoking')}
        {chips('drinking')}
      </PrefSection>

      <div className={'pref-actions' + (dirty ? ' is-dirty' : '')}>
        <p className="pref-actions__status" role="status">
          {dirty ? 'You have unsaved changes.' : saved.saved ? 'All changes saved.' : 'Not saved yet.'}
          <span className="pref-actions__count">
            {' '}
            {strictCount === 1 ? '1 must-match preference.' : `${strictCount} must-match preferences.`}
          </span>
        </p>
        <div className="pref-actions__buttons">
          {dirty && (
            <button
              type="button"
              className="btn btn--outline"
              disabled={isLoading}
              onClick={() => {
                setDraft(saved)
                setServerErrors({})
              }}
            >
              Discard
            </button>
          )}
          <button type="submit" className="btn btn--primary" disabled={isLoading || (saved.saved && !dirty)}>
            {isLoading ? 'Saving…' : 'Save preferences'}
          </button>
        </div>
      </div>
    </form>
  )
}

/** One panel of the form, e.g. "Location". */
function PrefSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel pref-section" aria-labelledby={`pref-${id}-title`}>
      <h2 id={`pref-${id}-title`} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}
