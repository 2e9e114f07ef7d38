import { useEffect, useState } from 'react'
import type { ChangeEvent, FormEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { TextField } from '../../components/Field'
import MemberPhoto from '../../components/MemberPhoto'
import { ErrorState, Skeleton } from '../../components/States'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { ROUTES } from '../../app/routes'
import { FormActions } from './SectionForm'
import { useGetSuggestedPreferenceQuery, useSaveSuggestedPreferenceMutation, useUploadCompletionPhotoMutation } from './api'
import type { ProfileOptions, SuggestedPreference } from './types'

/** Image types and size the server accepts (server/internal/media). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_IMAGE_BYTES = 10 << 20
const MSG_NOT_IMAGE = 'Please upload a JPEG, PNG or WebP image'
const MSG_TOO_BIG = 'The image must be 10 MB or smaller'
const MSG_IMAGE_REQUIRED = 'Image is required'

/** The client check of a chosen photo, with the server's messages. */
export function checkImage(file: File | null | undefined, maxBytes = MAX_IMAGE_BYTES): string | undefined {
  if (!file) return MSG_IMAGE_REQUIRED
  if (!IMAGE_TYPES.includes(file.type)) return MSG_NOT_IMAGE
  if (file.size > maxBytes) return MSG_TOO_BIG
  return undefined
}

/** The completion page's photo step: choose one photo, see it, upload it. Managing photos is the My Photos page. */
export function PhotoStep({ gender, maxBytes, onUploaded, actions }: { gender: number; maxBytes?: number; onUploaded: () => void; actions?: ReactNode }) {
  // The chosen file with its preview URL, made when it is picked.
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null)
  const file = picked?.file ?? null
  const preview = picked?.url ?? null
  const [error, setError] = useState<string>()
  const [upload, { isLoading }] = useUploadCompletionPhotoMutation()

  // A preview URL is freed once another file replaces it, or when the step closes.
  useEffect(() => {
    if (!picked) return
    return () => URL.revokeObjectURL(picked.url)
  }, [picked])

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null
    setPicked(f ? { file: f, url: URL.createObjectURL(f) } : null)
    setError(f ? checkImage(f, maxBytes) : undefined)
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = checkImage(file, maxBytes)
    setError(problem)
    if (problem || !file) return
    try {
      const res = await upload(file).unwrap()
      notifySuccess(res.message || 'profile image update successfully')
      onUploaded()
    } catch (err) {
      const apiErr = asApiError(err)
      setError(apiErr?.fieldErrors?.image ?? apiErr?.message)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="photo-step">
      <div className="photo-step__row">
        <MemberPhoto src={preview} gender={gender} alt={preview ? 'The photo you chose' : ''} size={140} className="photo-step__preview" />
        <div className="photo-step__pick">
          <TextField id="image" label="Your photo" type="file" accept={IMAGE_TYPES.join(',')} onChange={onPick} error={error} hint="A clear, recent photo of your face: JPEG, PNG or WebP, up to 10 MB." />
          <p className="small muted">
            Visitors never see member photos. You can protect them so that only members you accept see them, in <Link to={ROUTES.privacyOptions}>Privacy options</Link>; add more photos in{' '}
            <Link to={ROUTES.myPhotos}>My Photos</Link>.
          </p>
        </div>
      </div>
      <FormActions actions={actions} busy={isLoading} label="Upload & continue" busyLabel="Uploading…" />
    </form>
  )
}

/** The labels of a list of fixed-list values, or of master names. */
function listText(values: string[] | null | undefined, labels?: { value: string; label: string }[]): string {
  if (!values?.length) return 'Any'
  return values.map((v) => labels?.find((l) => l.value === v)?.label ?? v).join(', ')
}

/** The rows of the suggested preferences, as the member reads them. */
export function preferenceRows(p: SuggestedPreference, options: ProfileOptions | undefined): [string, string][] {
  const names = (l: { names?: string[] | null; values: number[] | null }) => (l.values?.length ? (l.names?.length ? l.names.join(', ') : `${l.values.length} chosen`) : 'Any')
  const rows: [string, string][] = [
    ['Age', `${p.age.min} to ${p.age.max} years`],
    ['Marital status', listText(p.maritalStatus.values, options?.enums.maritalStatus)],
    ['Denomination', names(p.community)],
    ['Mother tongue', names(p.motherTongue)],
    ['Country', names(p.country)],
  ]
  if (p.height.min || p.height.max) {
    rows.splice(1, 0, ['Height', p.height.min && p.height.max ? `${p.height.min} to ${p.height.max} cm` : p.height.min ? `${p.height.min} cm or taller` : `Up to ${p.height.max} cm`])
  }
  return rows
}

/** The completion page's preference step: the preferences suggested from the profile, saved as they are or set in detail. */
export function PreferenceStep({ options, onSaved, actions }: { options: ProfileOptions | undefined; onSaved: () => void; actions?: ReactNode }) {
  const { data, isLoading, isError, error, refetch } = useGetSuggestedPreferenceQuery()
  const [save, { isLoading: saving }] = useSaveSuggestedPreferenceMutation()
  const [formError, setFormError] = useState('')

  if (isLoading) return <Skeleton lines={5} />
  if (isError || !data) return <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setFormError('')
    try {
      const res = await save(data).unwrap()
      notifySuccess(res.message || 'Record added Successfully')
      onSaved()
    } catch (err) {
      setFormError(asApiError(err)?.message ?? 'We could not save your preferences. Please try again.')
    }
  }

  return (
    <form onSubmit={onSubmit} className="pref-step">
      {formError && (
        <div className="form__error" role="alert">
          <p>{formError}</p>
        </div>
      )}
      <p className="small muted">{data.saved ? 'Your saved preferences:' : 'Suggested from your profile:'}</p>
      <dl className="profile-facts profile-facts--compact">
        {preferenceRows(data, options).map(([k, v]) => (
          <div key={k} className="profile-facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="small">
        Want education, profession, income, city or lifestyle preferences too? <Link to={ROUTES.partnerPreferences}>Set your partner preferences in detail</Link>.
      </p>
      <FormActions actions={actions} busy={saving} label="Save & continue" />
    </form>
  )
}
