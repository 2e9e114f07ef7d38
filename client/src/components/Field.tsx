import { useState } from 'react'
import type { ChangeEvent, FocusEvent, InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

interface BaseProps {
  id: string
  label: string
  error?: string
  hint?: string
  optional?: boolean
}

/** A labelled input with its error (aria-describedby) below. */
export function TextField({ id, label, error, hint, optional, ...input }: BaseProps & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className={'field' + (error ? ' has-error' : '')}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : <span className="field__req" aria-hidden="true"> *</span>}
      </label>
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-required={!optional || undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** A labelled textarea with its error below. */
export function TextAreaField({ id, label, error, hint, optional, ...input }: BaseProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className={'field' + (error ? ' has-error' : '')}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : <span className="field__req" aria-hidden="true"> *</span>}
      </label>
      <textarea id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-required={!optional || undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** A select option. */
export interface FieldOption {
  value: string | number
  label: string
}

/** A labelled select with a placeholder option and its error below. */
export function SelectField({
  id,
  label,
  error,
  hint,
  optional,
  options,
  placeholder = 'Select',
  ...select
}: BaseProps & { options: FieldOption[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className={'field' + (error ? ' has-error' : '')}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : <span className="field__req" aria-hidden="true"> *</span>}
      </label>
      <select id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-required={!optional || undefined} {...select}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/** A group of radio buttons shown as large tappable pills, with its error below. */
export function ChoiceField({
  id,
  label,
  error,
  hint,
  options,
  value,
  onChange,
  onBlur,
}: BaseProps & {
  options: FieldOption[]
  value: string
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={'field field--choice' + (error ? ' has-error' : '')} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend>
        {label}
        <span className="field__req" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="choice">
        {options.map((o) => (
          <label key={o.value} className={'choice__item' + (String(o.value) === value ? ' is-checked' : '')}>
            <input type="radio" name={id} value={o.value} checked={String(o.value) === value} onChange={onChange} onBlur={onBlur} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** A password input with a show/hide button (handy on a phone keyboard). */
export function PasswordField(props: BaseProps & InputHTMLAttributes<HTMLInputElement>) {
  const [shown, setShown] = useState(false)
  return (
    <div className="password-field">
      <TextField {...props} type={shown ? 'text' : 'password'} autoCapitalize="none" autoCorrect="off" spellCheck={false} />
      <button type="button" className="password-field__toggle" onClick={() => setShown((s) => !s)} aria-pressed={shown} aria-label={shown ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}>
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  )
}
