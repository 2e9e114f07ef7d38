import { useCallback, useMemo, useRef, useState } from 'react'
import type { ChangeEvent, FormEvent } from 'react'

/** Field errors keyed by field name. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>

/** A server message about a field, kept while the field still holds the value it was about. */
type ServerErrors<T> = Partial<Record<keyof T, { message: string; value: string }>>

/**
 * Small form state helper: values, per-field errors after blur or submit, and server field errors merged in.
 * A server error stays under its field until that field changes (client checks cannot see duplicates).
 */
export function useForm<T extends { [K in keyof T]: string }>(initial: T, validate: (v: T) => FieldErrors<T>) {
  const [values, setValues] = useState<T>(initial)
  const [clientErrors, setClientErrors] = useState<FieldErrors<T>>({})
  const [serverErrors, setServerErrorState] = useState<ServerErrors<T>>({})
  const touched = useRef<Partial<Record<keyof T, boolean>>>({})
  const formRef = useRef<HTMLFormElement>(null)
  // What the handlers read: update and reset write it together with the state, so it is never behind.
  const valuesRef = useRef(values)

  const errors = useMemo(() => {
    const out: FieldErrors<T> = { ...clientErrors }
    for (const k of Object.keys(serverErrors) as (keyof T)[]) {
      const s = serverErrors[k]
      if (!out[k] && s && s.value === values[k]) out[k] = s.message
    }
    return out
  }, [clientErrors, serverErrors, values])

  const update = useCallback(
    (name: keyof T, value: string) => {
      const next = { ...valuesRef.current, [name]: value } as T
      valuesRef.current = next
      setValues(next)
      if (touched.current[name]) setClientErrors((prev) => ({ ...prev, [name]: validate(next)[name] }))
    },
    [validate],
  )

  const onChange = useCallback((e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => update(e.target.name as keyof T, e.target.value), [update])

  const onBlur = useCallback(
    (e: { target: { name: string } }) => {
      const name = e.target.name as keyof T
      touched.current[name] = true
      setClientErrors((prev) => ({ ...prev, [name]: validate(valuesRef.current)[name] }))
    },
    [validate],
  )

  /** Validates everything; focuses the first invalid field. Returns true when valid. */
  const check = useCallback(
    (e?: FormEvent) => {
      e?.preventDefault()
      const all = validate(valuesRef.current)
      for (const k of Object.keys(valuesRef.current)) touched.current[k as keyof T] = true
      setClientErrors(all)
      const first = Object.keys(valuesRef.current).find((k) => all[k as keyof T])
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return !first
    },
    [validate],
  )

  const reset = useCallback(() => {
    valuesRef.current = initial
    setValues(initial)
    setClientErrors({})
    setServerErrorState({})
    touched.current = {}
  }, [initial])

  /**
   * Shows server 422/409 field errors under the matching fields and focuses the first such field in form order;
   * pass focus false for background checks (on blur), so the focus never jumps while the member types elsewhere.
   */
  const setServerErrors = useCallback((fieldErrors: Record<string, string>, { focus = true }: { focus?: boolean } = {}) => {
    setServerErrorState((prev) => {
      const next = { ...prev }
      for (const [k, message] of Object.entries(fieldErrors)) {
        if (k in valuesRef.current) next[k as keyof T] = { message, value: valuesRef.current[k as keyof T] }
      }
      return next
    })
    if (!focus) return
    const fields = Array.from(formRef.current?.querySelectorAll<HTMLElement>('[name]') ?? [])
    fields.find((el) => fieldErrors[el.getAttribute('name') ?? ''])?.focus()
  }, [])

  /** Sets one value from code (not an input event), re-checking it when already touched. */
  const setValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => update(name, value), [update])

  /** Forgets one field's server error, e.g. when a later server check passes. */
  const clearError = useCallback((name: keyof T) => {
    setServerErrorState((prev) => ({ ...prev, [name]: undefined }))
  }, [])

  return { values, errors, onChange, onBlur, check, reset, setServerErrors, setValue, clearError, formRef }
}
