import { useState } from 'react'
import type { FormEvent } from 'react'
import { notifySuccess } from '../../app/notify'
import { TextAreaField, TextField } from '../../components/Field'
import Switch from '../../components/Switch'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError } from '../api'
import { useCan } from '../permissions'
import type { SiteSettings } from '../types'
import { ActionDialog, AdminPage, QueryStatus, resultError } from '../ui'
import { useGetMaintenanceQuery, useGetSettingsQuery, useSaveSettingsMutation, useSetMaintenanceMutation } from './api'

/** The settings form's fields, flat. */
export interface SettingsValues {
  supportEmail: string
  phone1: string
  phone2: string
  phone3: string
  whatsapp: string
  facebook: string
  instagram: string
  twitter: string
  youtube: string
  line1: string
  line2: string
  city: string
  state: string
  pincode: string
  country: string
  officeHours: string
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_RE = /^\+?[0-9][0-9 -]{5,18}$/
const URL_RE = /^https?:\/\/\S+$/i

const link = (v: string) => (v.trim() && !URL_RE.test(v.trim()) ? 'Enter a full link starting with https://' : undefined)
const phone = (v: string) => (v.trim() && !PHONE_RE.test(v.trim()) ? 'Enter a phone number (digits, spaces, + and - only)' : undefined)

/** The settings' checks: the support e-mail is needed; phones, links and the PIN code, when given, must look right. */
export function validateSettings(v: SettingsValues): FieldErrors<SettingsValues> {
  return {
    supportEmail: !v.supportEmail.trim() ? 'Please enter the support e-mail' : !EMAIL_RE.test(v.supportEmail.trim()) ? 'Please enter a valid email address' : undefined,
    phone1: phone(v.phone1),
    phone2: phone(v.phone2),
    phone3: phone(v.phone3),
    whatsapp: link(v.whatsapp),
    facebook: link(v.facebook),
    instagram: link(v.instagram),
    twitter: link(v.twitter),
    youtube: link(v.youtube),
    pincode: v.pincode.trim() && !/^\d{6}$/.test(v.pincode.trim()) ? 'A PIN code has 6 digits' : undefined,
  }
}

function valuesOf(s: SiteSettings): SettingsValues {
  const c = s.contactNo ?? []
  return {
    supportEmail: s.supportEmail ?? '',
    phone1: c[0] ?? '',
    phone2: c[1] ?? '',
    phone3: c[2] ?? '',
    whatsapp: s.whatsapp ?? '',
    facebook: s.social?.facebook ?? '',
    instagram: s.social?.instagram ?? '',
    twitter: s.social?.twitter ?? '',
    youtube: s.social?.youtube ?? '',
    line1: s.officeAddress?.line1 ?? '',
    line2: s.officeAddress?.line2 ?? '',
    city: s.officeAddress?.city ?? '',
    state: s.officeAddress?.state ?? '',
    pincode: s.officeAddress?.pincode ?? '',
    country: s.officeAddress?.country ?? '',
    officeHours: s.officeHours ?? '',
  }
}

/** The form's values as PUT settings takes them. */
export function toSettings(v: SettingsValues): SiteSettings {
  const t = (x: string) => x.trim()
  return {
    supportEmail: t(v.supportEmail),
    contactNo: [t(v.phone1), t(v.phone2), t(v.phone3)],
    whatsapp: t(v.whatsapp),
    social: { facebook: t(v.facebook), instagram: t(v.instagram), twitter: t(v.twitter), youtube: t(v.youtube) },
    officeAddress: { line1: t(v.line1), line2: t(v.line2), city: t(v.city), state: t(v.state), pincode: t(v.pincode), country: t(v.country) },
    officeHours: t(v.officeHours),
  }
}

/** The settings form, filled from GET settings. */
function SettingsForm({ settings }: { settings: SiteSettings }) {
  const [initial] = useState(() => valuesOf(settings))
  const { values, errors, onChange, onBlur, check, setServerErrors, formRef } = useForm(initial, validateSettings)
  const [save, { isLoading }] = useSaveSettingsMutation()
  const [formError, setFormError] = useState<string | null>(null)
  const f = (id: keyof SettingsValues, label: string, extra: { optional?: boolean; hint?: string; type?: string; inputMode?: 'tel' | 'email' | 'url' | 'numeric' } = {}) => (
    <TextField id={id} label={label} value={values[id]} onChange={onChange} onBlur={onBlur} error={errors[id]} optional={extra.optional ?? true} hint={extra.hint} type={extra.type} inputMode={extra.inputMode} />
  )

  const onSubmit = async (e: FormEvent) => {
    if (!check(e)) return
    const r = await save(toSettings(values))
    if ('error' in r) {
      const err = asAdminError(r.error)
      if (err?.fieldErrors) setServerErrors(err.fieldErrors)
      setFormError(err?.fieldErrors ? null : (err?.message ?? null))
      return
    }
    setFormError(null)
    notifySuccess('Settings saved')
  }

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="admin-card" aria-label="Site settings">
      <h2 className="admin-card__title">Contact details shown on the site</h2>
      <div className="admin-grid-2">
        {f('supportEmail', 'Support e-mail', { optional: false, type: 'email', inputMode: 'email' })}
        {f('whatsapp', 'WhatsApp link', { hint: 'For example https://wa.me/919800000000', inputMode: 'url' })}
        {f('phone1', 'Phone 1', { inputMode: 'tel' })}
        {f('phone2', 'Phone 2', { inputMode: 'tel' })}
        {f('phone3', 'Phone 3', { inputMode: 'tel' })}
      </div>
      <h2 className="admin-card__title">Social links</h2>
      <div className="admin-grid-2">
        {f('facebook', 'Facebook', { inputMode: 'url' })}
        {f('instagram', 'Instagram', { inputMode: 'url' })}
        {f('twitter', 'X (Twitter)', { inputMode: 'url' })}
        {f('youtube', 'YouTube', { inputMode: 'url' })}
      </div>
      <h2 className="admin-card__title">Office</h2>
      <div className="admin-grid-2">
        {f('line1', 'Address line 1')}
        {f('line2', 'Address line 2')}
        {f('city', 'City')}
        {f('state', 'State')}
        {f('pincode', 'PIN code', { inputMode: 'numeric' })}
        {f('country', 'Country')}
      </div>
      <TextAreaField id="officeHours" label="Office hours" optional rows={2} value={values.officeHours} onChange={onChange} onBlur={onBlur} error={errors.officeHours} />
      {formError && (
        <p className="admin-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Save settings
        </button>
      </div>
    </form>
  )
}

/** Maintenance mode: a switch that asks first, since the member site goes down (or comes back) at once. */
function MaintenanceCard() {
  const state = useGetMaintenanceQuery()
  const [set] = useSetMaintenanceMutation()
  const [asking, setAsking] = useState<boolean | null>(null)
  const on = state.data?.on ?? false

  const confirm = async () => {
    if (asking === null) return
    const err = resultError(await set(asking))
    if (err) return err
    notifySuccess(asking ? 'Maintenance mode is on' : 'The member site is back')
    setAsking(null)
  }

  return (
    <div className="admin-card">
      <h2 className="admin-card__title">Maintenance</h2>
      <QueryStatus isLoading={state.isLoading} error={state.error} onRetry={() => void state.refetch()} />
      {state.data && (
        <Switch
          id="maintenance"
          label="Maintenance mode"
          checked={on}
          onChange={(next) => setAsking(next)}
          description={on ? 'On: members see "Site Under Maintenance". The back office keeps working.' : 'Off: the member site is open.'}
        />
      )}
      <ActionDialog
        open={asking !== null}
        title={asking ? 'Switch maintenance mode on?' : 'Switch maintenance mode off?'}
        confirmLabel={asking ? 'Take the site down' : 'Bring the site back'}
        danger={asking === true}
        reason={false}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <p>
            The member site goes down at once: every member and visitor sees &ldquo;Site Under Maintenance&rdquo; and the member app stops answering until you switch
            it off. The back office keeps working.
          </p>
        ) : (
          <p>The member site opens again at once.</p>
        )}
      </ActionDialog>
    </div>
  )
}

/** Site: the settings form (support e-mail, phones, WhatsApp, social links, office) and the maintenance switch. */
export default function SiteScreen() {
  const can = useCan()
  const settings = useGetSettingsQuery(undefined, { skip: !can('settings:write') })
  return (
    <AdminPage title="Site settings">
      {can('maintenance:write') && <MaintenanceCard />}
      {can('settings:write') && (
        <>
          <QueryStatus isLoading={settings.isLoading} error={settings.error} onRetry={() => void settings.refetch()} />
          {settings.data && <SettingsForm settings={settings.data} />}
        </>
      )}
    </AdminPage>
  )
}
