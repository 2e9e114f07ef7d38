import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react'

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
