import type { ReactNode } from 'react'

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
