import type { ReactNode } from 'react'
import type { PickOption } from './types'

/** The plain-words meaning of the two strictness choices, shown once at the top of the form. */
export const STRICT_WORDS = {
  soft: 'Nice to have',
  strict: 'Must match',
  softMeans: 'members who match are shown first, and others still appear.',
  strictMeans: 'only members who match are shown in your matches.',
}

/** "Nice to have" or "Must match" for one preference, as two radio pills. */
export function StrictToggle({ id, title, strict, disabled, onChange }: { id: string; title: string; strict: boolean; disabled?: boolean; onChange: (strict: boolean) => void }) {
  const choices = [
    { on: false, label: STRICT_WORDS.soft },
    { on: true, label: STRICT_WORDS.strict },
  ]
  return (
    <fieldset className="strict-toggle" disabled={disabled}>
      <legend className="sr-only">How much does {title.toLowerCase()} matter?</legend>
      <div className="segmented">
        {choices.map((c) => {
          const checked = c.on === (strict && !disabled)
          return (
            <label key={String(c.on)} className={(checked ? 'is-checked' : '') + (c.on ? ' is-strict' : '')}>
              <input type="radio" name={`${id}-strict`} value={c.on ? 'strict' : 'soft'} checked={checked} onChange={() => onChange(c.on)} />
              {c.label}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

/** One preference: its title, its strictness and the control(s), with its error underneath. */
export function PrefRow({
  id,
  title,
  hint,
  strict,
  strictDisabled,
  onStrict,
  error,
  children,
}: {
  id: string
  title: string
  hint?: ReactNode
  strict: boolean
  /** An open preference ("any") has nothing to match, so it cannot be a must. */
  strictDisabled?: boolean
  onStrict: (strict: boolean) => void
  error?: string
  children: ReactNode
}) {
  return (
    <div id={`pref-${id}`} className={'pref-row' + (error ? ' has-error' : '') + (strict && !strictDisabled ? ' is-strict' : '')} role="group" aria-labelledby={`${id}-title`}>
      <div className="pref-row__head">
        <h3 id={`${id}-title`} className="pref-row__title">
          {title}
        </h3>
        <StrictToggle id={id} title={title} strict={strict} disabled={strictDisabled} onChange={onStrict} />
      </div>
      <div className="pref-row__body">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** Two selects, lower and upper end of a range; an empty option leaves that end open when `open` is given. */
export function RangePicker<V extends string | number>({
  id,
  labels,
  options,
  min,
  max,
  open,
  invalid,
  describedBy,
  onChange,
}: {
  id: string
  labels: [string, string]
  options: PickOption<V>[]
  min: V
  max: V
  /** The label of the open end ("Any"); without it both ends are required. */
  open?: string
  invalid?: boolean
  describedBy?: string
  onChange: (min: V, max: V) => void
}) {
  const parse = (raw: string): V => {
    const o = options.find((x) => String(x.value) === raw)
    if (o) return o.value
    return (typeof min === 'number' ? 0 : '') as V
  }
  const select = (end: 'min' | 'max') => {
    const current = end === 'min' ? min : max
    return (
      <div className="field field--compact">
        <label htmlFor={`${id}-${end}`}>{labels[end === 'min' ? 0 : 1]}</label>
        <select
          id={`${id}-${end}`}
          name={`${id}-${end}`}
          value={String(current ?? '')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => (end === 'min' ? onChange(parse(e.target.value), max) : onChange(min, parse(e.target.value)))}
        >
          {open && <option value={typeof min === 'number' ? '0' : ''}>{open}</option>}
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    )
  }
  return (
    <div className="range-pick">
      {select('min')}
      <span className="range-pick__to" aria-hidden="true">
        to
      </span>
      {select('max')}
    </div>
  )
}

/** A short fixed list as toggle chips, headed by an "Any" chip that stands for no choice. */
export function ToggleChips<V extends string>({ id, options, value, anyLabel, describedBy, onChange }: { id: string; options: PickOption<V>[]; value: V[]; anyLabel: string; describedBy?: string; onChange: (value: V[]) => void }) {
  const flip = (v: V) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v])
  return (
    <div id={id} className="chips toggle-chips" aria-describedby={describedBy}>
      <button type="button" className="chip" aria-pressed={value.length === 0} onClick={() => onChange([])}>
        {anyLabel}
      </button>
      {options.map((o) => (
        <button key={o.value} type="button" className="chip" aria-pressed={value.includes(o.value)} onClick={() => flip(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  )
}
