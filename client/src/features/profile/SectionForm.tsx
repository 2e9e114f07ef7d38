import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ChangeEvent, FormEvent, ReactNode } from 'react'
import { SelectField, TextAreaField, TextField } from '../../components/Field'
import type { FieldOption } from '../../components/Field'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useAppDispatch } from '../../app/hooks'
import { useForm } from '../../lib/useForm'
import { setReloadProfile } from '../../entities/account'
import { useUpdateProfileMutation } from './api'
import { useProfileList } from './lists'
import { SECTION_FIELDS, toPayload, toValues, validateSection } from './sections'
import type { FieldSpec, FormSectionKey, ListKind, SectionValues, ValidationContext } from './sections'
import type { EnumKey, OwnProfile, ProfileOptions } from './types'
import { charCount } from './validation'

/** The spec §8 success message, used when an answer carries none. */
export const PROFILE_UPDATED = 'profile updated successfully'

interface SectionFormProps {
  section: FormSectionKey
  profile: OwnProfile
  /** GET profile/options; the fixed-list selects wait for it. */
  options: ProfileOptions | undefined
  /** Called after a successful save with the whole profile the server answered. */
  onSaved?: (profile: OwnProfile, message: string) => void
  /** Told whenever the form starts or stops differing from what is saved. */
  onDirtyChange?: (dirty: boolean) => void
  submitLabel?: string
  /** Extra buttons (Back, Skip) shown before the submit button. */
  actions?: ReactNode
}

function sameValues(a: SectionValues, b: SectionValues): boolean {
  return Object.keys(a).every((k) => a[k] === b[k])
}

/** One section of the member's profile as a form: client checks, PUT profile, server field errors under the fields. */
export default function SectionForm({ section, profile, options, onSaved, onDirtyChange, submitLabel = 'Save', actions }: SectionFormProps) {
  const dispatch = useAppDispatch()
  const [save, { isLoading }] = useUpdateProfileMutation()
  const [formError, setFormError] = useState('')
  // The values when the form opened; later answers of the server do not reset what the member is typing.
  const [initial] = useState(() => toValues(section, profile))
  const [saved, setSaved] = useState(initial)
  const ctx = useRef<ValidationContext>({ hasStates: true, hasCities: true })
  const validate = useCallback((v: SectionValues) => validateSection(section, v, ctx.current), [section])
  const form = useForm<SectionValues>(initial, validate)
  const { values, formRef } = form

  // Location: whether the chosen country has states and the chosen state cities decides what is required.
  const states = useProfileList('state', section === 'location' ? values.countryId : '')
  const cities = useProfileList('city', section === 'location' ? values.stateId : '')
  const hasStates = states.loading || states.options.length > 0
  const hasCities = cities.loading || cities.options.length > 0
  // validate runs in the handlers, after this render is committed.
  useLayoutEffect(() => {
    ctx.current = { hasStates, hasCities }
  }, [hasStates, hasCities])

  const dirty = !sameValues(values, saved)
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange])

  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    form.onChange(e)
    const spec = SECTION_FIELDS[section].find((f) => f.name === e.target.name)
    for (const child of spec?.clears ?? []) form.setValue(child, '')
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError('')
    if (!form.check()) return
    try {
      const res = await save(toPayload(section, values)).unwrap()
      setSaved(values)
      notifySuccess(res.message || PROFILE_UPDATED)
      // The header and the dashboard show the name and completedSteps from the summary profile.
      dispatch(setReloadProfile(true))
      onSaved?.(res.data, res.message)
    } catch (err) {
      const apiErr = asApiError(err)
      if (apiErr?.fieldErrors && Object.keys(apiErr.fieldErrors).some((k) => k in values)) form.setServerErrors(apiErr.fieldErrors)
      else setFormError(apiErr?.message ?? 'We could not save your changes. Please try again.')
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="profile-form">
      {formError && (
        <div className="form__error" role="alert">
          <p>{formError}</p>
        </div>
      )}
      <div className="form__grid form__grid--tight">
        {SECTION_FIELDS[section].map((f) => (
          <ProfileField key={f.name} spec={f} values={values} error={form.errors[f.name]} options={options} onChange={onChange} onBlur={form.onBlur} />
        ))}
      </div>
      <FormActions actions={actions} busy={isLoading} label={submitLabel} />
    </form>
  )
}

/** The row under a profile form: extra buttons (Back, Skip), then the submit button, which says when it is busy. */
export function FormActions({ actions, busy, label, busyLabel = 'Saving…' }: { actions?: ReactNode; busy: boolean; label: string; busyLabel?: string }) {
  return (
    <div className="form__actions profile-form__actions">
      {actions}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  )
}

interface FieldProps {
  spec: FieldSpec
  values: SectionValues
  error?: string
  options: ProfileOptions | undefined
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void
  onBlur: (e: { target: { name: string } }) => void
}

/** One field of a section: a text input, a long text with a counter, or a select from a master or fixed list. */
function ProfileField({ spec, values, error, options, onChange, onBlur }: FieldProps) {
  const common = { id: spec.name, label: spec.label, optional: spec.optional, error, onBlur }
  if (spec.kind === 'select') {
    const props = { spec, values, error, options, onChange, onBlur }
    return spec.source && 'list' in spec.source ? <ListSelect {...props} /> : <EnumSelect {...props} />
  }
  if (spec.kind === 'textarea') {
    const n = charCount(values[spec.name])
    const counter = `${n} / ${spec.max} characters`
    return (
      <div className="profile-form__wide">
        <TextAreaField {...common} value={values[spec.name]} onChange={onChange} rows={6} hint={spec.hint ? `${spec.hint} ${counter}.` : `${counter}.`} />
      </div>
    )
  }
  return <TextField {...common} type="text" value={values[spec.name]} onChange={onChange} hint={spec.hint} autoComplete={spec.autoComplete ?? 'off'} />
}

/** The select element shared by both kinds of list. */
function SelectFor({ spec, values, error, onChange, onBlur, items, placeholder, disabled }: FieldProps & { items: FieldOption[]; placeholder: string; disabled?: boolean }) {
  return (
    <SelectField
      id={spec.name}
      label={spec.label}
      optional={spec.optional}
      error={error}
      hint={spec.hint}
      options={items}
      placeholder={placeholder}
      value={values[spec.name]}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      autoComplete={spec.autoComplete ?? 'off'}
    />
  )
}

const PARENT_NAMES: Record<string, string> = { religionId: 'religion', countryId: 'country', stateId: 'state' }

/** A select over a master list (through the lists context); a dependent one waits for its parent's choice. */
function ListSelect(props: FieldProps) {
  const source = props.spec.source as { list: ListKind; parent?: string }
  const parentId = source.parent ? props.values[source.parent] : ''
  const list = useProfileList(source.list, parentId)
  let placeholder = props.spec.optional ? 'Not specified' : 'Select'
  let disabled = false
  if (source.parent && !parentId) {
    placeholder = `Select the ${PARENT_NAMES[source.parent]} first`
    disabled = true
  } else if (list.loading) {
    placeholder = 'Loading…'
  } else if (list.error) {
    placeholder = 'Could not load the list; please reload the page'
  } else if (source.parent && !list.options.length) {
    placeholder = 'None to choose'
    disabled = true
  }
  return <SelectFor {...props} items={list.options} placeholder={placeholder} disabled={disabled} />
}

/** A select over a fixed list of GET profile/options. */
function EnumSelect(props: FieldProps) {
  const source = props.spec.source as { enum: EnumKey }
  const items = props.options?.enums[source.enum] ?? []
  const placeholder = !props.options ? 'Loading…' : props.spec.optional ? 'Not specified' : 'Select'
  return <SelectFor {...props} items={items} placeholder={placeholder} />
}
