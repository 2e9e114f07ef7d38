import { useCallback, useState } from 'react'
import type { FormEvent } from 'react'
import ConfirmDialog from '../../components/ConfirmDialog'
import { PasswordField } from '../../components/Field'
import Switch from '../../components/Switch'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useForm } from '../../lib/useForm'
import { selectProfile } from '../../entities/account'
import { useDeleteAccountMutation, useExportDataMutation, useSetHiddenMutation } from './api'
import { clearLocalSession } from './session'
import { MSG, prune } from './validation'

/** Hide or show the profile (profile/hide): hidden profiles leave every list, search and chat list. */
export function HideProfileSwitch() {
  const profile = useAppSelector(selectProfile)
  const [setHidden, { isLoading }] = useSetHiddenMutation()
  if (!profile) return null
  const onChange = async (hidden: boolean) => {
    try {
      const res = await setHidden({ hidden }).unwrap()
      notifySuccess(res.message || (hidden ? 'Your profile is hidden' : 'Your profile is visible again'))
    } catch {
      // Toasted by the store middleware.
    }
  }
  return (
    <div className="hide-switch">
      <Switch
        id="hide-profile"
        label="Hide my profile"
        checked={profile.hidden}
        disabled={isLoading}
        onChange={(v) => void onChange(v)}
        description="While hidden, nobody finds you in matches, searches or the chat list. Your data, invitations and plan stay as they are."
      />
      <p className={'hide-switch__state ' + (profile.hidden ? 'is-hidden' : 'is-visible')} role="status">
        {profile.hidden ? 'Your profile is hidden from other members.' : 'Your profile is visible to other members.'}
      </p>
    </div>
  )
}

/** Downloads everything the service holds about the member (GET user/export) as a JSON file. */
export function DownloadDataButton() {
  const profile = useAppSelector(selectProfile)
  const [exportData, { isLoading }] = useExportDataMutation()
  const onClick = async () => {
    try {
      const data = await exportData().unwrap()
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = `my-matrimony-data-${profile?.profileID ?? 'export'}.json`
      document.body.appendChild(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch {
      // Toasted by the store middleware.
    }
  }
  return (
    <button type="button" className="btn btn--outline" onClick={() => void onClick()} disabled={isLoading}>
      {isLoading ? 'Preparing…' : 'Download my data'}
    </button>
  )
}

/** Deletes the account for good (profile/delete) after the password and a confirmation dialog; then logs out here. */
export function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const dispatch = useAppDispatch()
  const validate = useCallback((v: { deletePassword: string }) => prune({ deletePassword: v.deletePassword ? undefined : MSG.passwordRequired }), [])
  const form = useForm({ deletePassword: '' }, validate)
  const { formRef } = form
  const [remove, { isLoading }] = useDeleteAccountMutation()
  const [confirming, setConfirming] = useState(false)
  const cancel = useCallback(() => setConfirming(false), [])

  const onSubmit = (e: FormEvent) => {
    if (form.check(e)) setConfirming(true)
  }

  const onConfirm = async () => {
    try {
      const res = await remove({ password: form.values.deletePassword }).unwrap()
      setConfirming(false)
      dispatch(clearLocalSession())
      notifySuccess(res.message || 'Your account and all its data have been deleted')
      onDeleted()
    } catch (err) {
      setConfirming(false)
      const fe = asApiError(err)?.fieldErrors
      if (fe?.password) form.setServerErrors({ deletePassword: fe.password })
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="delete-title">
      <h2 id="delete-title" className="panel__title">
        Delete my account
      </h2>
      <p className="small">
        This removes your profile, photos, proofs, messages you sent and every login, for good. Only what Indian law requires is kept (payments and invoices), and
        nobody can be identified from it. You can register again later with the same email and phone.
      </p>
      <div className="inline-form">
        <PasswordField
          id="deletePassword"
          label="Your password"
          autoComplete="current-password"
          maxLength={64}
          value={form.values.deletePassword}
          onChange={form.onChange}
          onBlur={form.onBlur}
          error={form.errors.deletePassword}
        />
        <button type="submit" className="btn btn--danger">
          Delete my account
        </button>
      </div>
      <ConfirmDialog open={confirming} title="Delete your account for good?" confirmLabel={isLoading ? 'Deleting…' : 'Yes, delete everything'} danger busy={isLoading} onConfirm={() => void onConfirm()} onCancel={cancel}>
        <p>Your profile, photos and messages will be erased and cannot be brought back. If you only need a break, hide your profile instead.</p>
      </ConfirmDialog>
    </form>
  )
}
