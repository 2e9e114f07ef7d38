import { useCallback, useRef, useState } from 'react'
import type { ChangeEvent, FormEvent } from 'react'
import type { FieldErrors } from './validation'

/** Small form state helper: values, per-field errors after blur or submit, server field errors merged in. */
export function useForm<T extends { [K in keyof T]: string }>(initial: T, validate: (v: T) => FieldErrors<T>) {
  const [values, setValues] = useState<T>(initial)
  const [errors, setErrors] = useState<FieldErrors<T>>({})
  const touched = useRef<Partial<Record<keyof T, boolean>>>({})
  const formRef = useRef<HTMLFormElement>(null)

  const onChange = useCallback(
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const name = e.target.name as keyof T
      const next = { ...values, [name]: e.target.value }
      setValues(next)
      if (touched.current[name]) setErrors((prev) => ({ ...prev, [name]: validate(next)[name] }))
    },
    [values, validate],
  )

  const onBlur = useCallback(
    (e: { target: { name: string } }) => {
      const name = e.target.name as keyof T
      touched.current[name] = true
      setErrors((prev) => ({ ...prev, [name]: validate(values)[name] }))
    },
    [values, validate],
  )

  /** Validates everything; focuses the first invalid field. Returns true when valid. */
  const check = useCallback(
    (e?: FormEvent) => {
      e?.preventDefault()
      const all = validate(values)
      for (const k of Object.keys(values)) touched.current[k as keyof T] = true
      setErrors(all)
      const first = Object.keys(values).find((k) => all[k as keyof T])
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return !first
    },
    [values, validate],
  )

  const reset = useCallback(() => {
    setValues(initial)
    setErrors({})
    touched.current = {}
  }, [initial])

  /** Shows server 422 field errors under the matching fields. */
  const setServerErrors = useCallback((fieldErrors: Record<string, string>) => {
    setErrors((prev) => ({ ...prev, ...(fieldErrors as FieldErrors<T>) }))
    const first = Object.keys(fieldErrors)[0]
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }, [])

  return { values, errors, onChange, onBlur, check, reset, setServerErrors, formRef }
}
