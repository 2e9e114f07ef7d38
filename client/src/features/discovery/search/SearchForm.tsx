import { useEffect, useMemo, useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import ChipPicker from '../../../components/ChipPicker'
import type { PickOption } from '../../../components/ChipPicker'
import { RangePicker, ToggleChips } from '../../../components/ChoiceControls'
import Icon from '../../../components/Icon'
import { compactFilter } from '../../../entities/member'
import type { SearchFilter, SearchKind, SearchSort } from '../../../entities/member'
import { FORM_FIELDS } from './errors'
import type { SearchErrors } from './errors'
import { SORTS } from './searchQuery'
import type { SearchField, SearchOptions } from './types'

/** One field of the form with its error underneath; `title` labels a group that has no label of its own. */
function Row({ field, title, hint, error, children }: { field: SearchField; title?: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  const titleId = `search-${field}-title`
  return (
    <div id={`search-${field}`} className={'search-row' + (error ? ' has-error' : '')} role="group" aria-labelledby={title ? titleId : undefined}>
      {title && (
        <p id={titleId} className="search-row__title">
          {title}
        </p>
      )}
      {children}
      {hint && (
        <p id={`search-${field}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`search-${field}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** A yes/no filter as a large tappable checkbox. */
function Check({ id, label, checked, onChange, describedBy }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void; describedBy?: string }) {
  return (
    <label className="search-check" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} aria-describedby={describedBy} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  )
}

/** The list fields and their words. */
const LISTS = {
  community: { label: 'Denomination', any: 'Any denomination', placeholder: 'Search denominations' },
  motherTongue: { label: 'Mother tongue', any: 'Any mother tongue', placeholder: 'Search languages' },
  state: { label: 'State', any: 'Any state', placeholder: 'Search states' },
  city: { label: 'City', any: 'Any city', placeholder: 'Search cities' },
  education: { label: 'Education', any: 'Any education', placeholder: 'Search degrees' },
  profession: { label: 'Profession', any: 'Any profession', placeholder: 'Search professions' },
} as const

type ListField = keyof typeof LISTS
type ChipField = 'maritalStatus' | 'diet' | 'smoking' | 'drinking'

const CHIP_TITLES: Record<ChipField, string> = { maritalStatus: 'Marital status', diet: 'Diet', smoking: 'Smoking', drinking: 'Drinking' }

interface SearchFormProps {
  kind: SearchKind
  /** The search the results show (from the address); the form starts from it. */
  applied: SearchFilter
  options: SearchOptions
  /** The server's 422 answer for the applied search. */
  errors: SearchErrors
  busy?: boolean
  onSearch: (filter: SearchFilter) => void
}

/**
 * The basic search (age, height, marital status, denomination, mother tongue, state, city, with photo, sort) or the
 * advanced one (adds diocese or parish, education, profession, income, diet, smoking, drinking, verified only and
 * active in the last 30 days). The server's errors show under their fields until the field is changed.
 */
export default function SearchForm({ kind, applied, options, errors, busy, onSearch }: SearchFormProps) {
  // The profile ID lookup is a form of its own: a search from here leaves it out.
  const [draft, setDraft] = useState<SearchFilter>(() => {
    const start = { ...applied }
    delete start.profileId
    return start
  })
  const [edited, setEdited] = useState<ReadonlySet<SearchField>>(() => new Set())
  const [errorsSeen, setErrorsSeen] = useState(errors)
  const form = useRef<HTMLFormElement>(null)
  const advance = kind === 'advance'

  // New errors from the server: every field shows its error again.
  if (errorsSeen !== errors) {
    setErrorsSeen(errors)
    setEdited(new Set())
  }
  const errorOf = (f: SearchField) => (edited.has(f) ? undefined : errors.fields[f])
  const describedBy = (f: SearchField, hint?: boolean) => [hint && `search-${f}-hint`, errorOf(f) && `search-${f}-error`].filter(Boolean).join(' ') || undefined

  // The first field with an error takes the focus, so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    const first = FORM_FIELDS[kind].find((f) => errors.fields[f])
    if (!first) return
    form.current?.querySelector<HTMLElement>(`#search-${first} input, #search-${first} select, #search-${first} button`)?.focus()
  }, [errors, kind])

  const set = (field: SearchField, patch: Partial<SearchFilter>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setEdited((e) => (e.has(field) ? e : new Set(e).add(field)))
  }

  const ages = useMemo(() => {
    const out: PickOption<number>[] = []
    for (let a = options.minAge; a <= options.maxAge; a++) out.push({ value: a, label: `${a} years` })
    return out
  }, [options.minAge, options.maxAge])

  // Cities of the chosen states: the list stays short on a phone. A chosen city keeps its name when its state goes.
  const states = draft.state
  const cityOptions = useMemo(() => (states?.length ? options.city.filter((c) => c.parent === undefined || states.includes(c.parent)) : options.city), [options.city, states])
  const cityNames = useMemo(() => new Map(options.city.map((c) => [c.value, c.label])), [options.city])

  const picker = (f: ListField, opts: PickOption<number>[], hint?: ReactNode) => (
    <Row field={f} hint={hint} error={errorOf(f)}>
      <ChipPicker
        id={`search-${f}-input`}
        label={LISTS[f].label}
        options={opts}
        value={draft[f] ?? []}
        names={f === 'city' ? cityNames : undefined}
        onChange={(values) => set(f, { [f]: values })}
        anyLabel={LISTS[f].any}
        placeholder={LISTS[f].placeholder}
        max={options.maxValues}
        invalid={!!errorOf(f)}
        describedBy={describedBy(f, !!hint)}
      />
    </Row>
  )

  const chips = (f: ChipField) => (
    <Row field={f} title={CHIP_TITLES[f]} error={errorOf(f)}>
      <ToggleChips id={`search-${f}-chips`} options={options[f]} value={draft[f] ?? []} anyLabel="Any" describedBy={describedBy(f)} onChange={(values) => set(f, { [f]: values })} />
    </Row>
  )

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(compactFilter({ ...draft, sort: draft.sort ?? 'relevance' }))
  }

  return (
    <form ref={form} className="search-form" noValidate onSubmit={onSubmit} aria-label={advance ? 'Advance search' : 'Basic search'} aria-busy={busy || undefined}>
      {errors.other.length > 0 && (
        <div className="notice notice--error" role="alert">
          <Icon name="info" size={20} />
          <div>
            {errors.other.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        </div>
      )}
      <div className="search-form__grid">
        <Row field="age" error={errorOf('age')}>
          <RangePicker
            id="search-age"
            labels={['Age from', 'Age to']}
            options={ages}
            open="Any"
            min={draft.ageMin ?? 0}
            max={draft.ageMax ?? 0}
            invalid={!!errorOf('age')}
            describedBy={describedBy('age')}
            onChange={(ageMin, ageMax) => set('age', { ageMin, ageMax })}
          />
        </Row>
        <Row field="height" error={errorOf('height')}>
          <RangePicker
            id="search-height"
            labels={['Height from', 'Height to']}
            options={options.height}
            open="Any"
            min={draft.heightMin ?? 0}
            max={draft.heightMax ?? 0}
            invalid={!!errorOf('height')}
            describedBy={describedBy('height')}
            onChange={(heightMin, heightMax) => set('height', { heightMin, heightMax })}
          />
        </Row>
        {chips('maritalStatus')}
        {picker('community', options.community)}
        {picker('motherTongue', options.motherTongue)}
        {advance && (
          <Row field="diocese" error={errorOf('diocese')}>
            <div className="field field--compact">
              <label htmlFor="search-diocese-input">Diocese or parish</label>
              <input
                id="search-diocese-input"
                type="text"
                maxLength={80}
                autoComplete="off"
                placeholder="e.g. Ernakulam-Angamaly or St. Mary's"
                value={draft.diocese ?? ''}
                aria-invalid={errorOf('diocese') ? true : undefined}
                aria-describedby={describedBy('diocese')}
                onChange={(e) => set('diocese', { diocese: e.target.value })}
              />
            </div>
          </Row>
        )}
        {advance && picker('education', options.education)}
        {advance && picker('profession', options.profession)}
        {advance && (
          <Row field="income" error={errorOf('income')}>
            <RangePicker
              id="search-income"
              labels={['Income from', 'Income to']}
              options={options.income}
              open="Any"
              min={draft.incomeMin ?? ''}
              max={draft.incomeMax ?? ''}
              invalid={!!errorOf('income')}
              describedBy={describedBy('income')}
              onChange={(incomeMin, incomeMax) => set('income', { incomeMin, incomeMax })}
            />
          </Row>
        )}
        {picker('state', options.state)}
        {picker('city', cityOptions, states?.length ? 'Showing cities of the states you chose.' : 'Choose states above to shorten this list.')}
        {advance && chips('diet')}
        {advance && chips('smoking')}
        {advance && chips('drinking')}
        <Row field="withPhoto" title="Show only" error={errorOf('withPhoto') ?? errorOf('verifiedOnly') ?? errorOf('activeWithin30')}>
          <Check id="search-with-photo" label="Members with a photo" checked={!!draft.withPhoto} onChange={(withPhoto) => set('withPhoto', { withPhoto })} />
          {advance && <Check id="search-verified" label="Verified members" checked={!!draft.verifiedOnly} onChange={(verifiedOnly) => set('verifiedOnly', { verifiedOnly })} />}
          {advance && (
            <Check id="search-active" label="Active in the last 30 days" checked={!!draft.activeWithin30} onChange={(activeWithin30) => set('activeWithin30', { activeWithin30 })} />
          )}
        </Row>
        <Row field="sort" error={errorOf('sort')}>
          <div className="field field--compact">
            <label htmlFor="search-sort-input">Sort by</label>
            <select
              id="search-sort-input"
              value={draft.sort ?? 'relevance'}
              aria-invalid={errorOf('sort') ? true : undefined}
              aria-describedby={describedBy('sort')}
              onChange={(e) => set('sort', { sort: e.target.value as SearchSort })}
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </Row>
      </div>
      <div className="search-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          <Icon name="search" size={18} /> {busy ? 'Searching…' : 'Search'}
        </button>
        <button
          type="button"
          className="link-btn"
          onClick={() => {
            setDraft({ sort: draft.sort })
            setEdited(new Set(FORM_FIELDS[kind]))
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  )
}

/**
 * The advanced search's lookup of one profile by its ID (the server ignores the other filters then). An ID is
 * letters and digits, so anything else is left out as it is typed.
 */
export function ProfileIdLookup({ initial, error, onFind }: { initial?: string; error?: string; onFind: (profileId: string) => void }) {
  const [value, setValue] = useState(initial ?? '')
  const [note, setNote] = useState<string | null>(null)
  return (
    <form
      className="profile-lookup"
      role="search"
      aria-label="Find a profile by ID"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        const id = value.trim().toUpperCase()
        if (!id) {
          setNote('Type a profile ID, for example TFM123456.')
          return
        }
        setNote(null)
        onFind(id)
      }}
    >
      <div className={'field field--compact' + (error || note ? ' has-error' : '')}>
        <label htmlFor="search-profile-id">Know the profile ID?</label>
        <div className="profile-lookup__row">
          <input
            id="search-profile-id"
            type="text"
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            placeholder="e.g. TFM123456"
            value={value}
            aria-invalid={error || note ? true : undefined}
            aria-describedby={error || note ? 'search-profile-id-error' : undefined}
            onChange={(e) => setValue(e.target.value.replace(/[^0-9a-z]/gi, ''))}
          />
          <button type="submit" className="btn btn--outline">
            Find
          </button>
        </div>
        {(error || note) && (
          <p id="search-profile-id-error" className="field__error">
            {error ?? note}
          </p>
        )}
      </div>
    </form>
  )
}
