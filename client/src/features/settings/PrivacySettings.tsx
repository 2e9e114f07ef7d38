import { asApiError } from '../../api/api'
import { useId } from 'react'
import type { ReactNode } from 'react'
import Switch from '../../components/Switch'
import { ErrorState, Skeleton } from '../../components/States'
import { useAppDispatch } from '../../app/hooks'
import { patchSettings, useGetSettingsQuery, useUpdateSettingsMutation } from './api'
import { CHAT_CHOICES, CONTACT_CHOICES, PHOTO_CHOICES } from './copy'
import type { SettingChoice } from './copy'
import { useAutoSave } from './useAutoSave'
import type { AutoSave } from './useAutoSave'
import type { MemberSettings, SettingsUpdate } from './types'

/** A radio group of large cards, each with its label and what choosing it means. */
export function ChoiceCards<V extends string>({ name, legend, choices, value, onChange, describedBy }: { name: string; legend: ReactNode; choices: SettingChoice<V>[]; value: V; onChange: (value: V) => void; describedBy?: string }) {
  const id = useId()
  return (
    <fieldset className="choice-cards" aria-describedby={describedBy}>
      <legend className="choice-cards__legend">{legend}</legend>
      {choices.map((c) => {
        const checked = c.value === value
        return (
          <label key={c.value} className={'choice-card' + (checked ? ' is-checked' : '')}>
            <input type="radio" name={name} value={c.value} checked={checked} onChange={() => onChange(c.value)} aria-labelledby={`${id}-${c.value}-t`} aria-describedby={`${id}-${c.value}-d`} />
            <span className="choice-card__body">
              <span id={`${id}-${c.value}-t`} className="choice-card__title">
                {c.label}
              </span>
              {c.isDefault && <span className="choice-card__tag">Default</span>}
              <span id={`${id}-${c.value}-d`} className="choice-card__desc">
                {c.description}
              </span>
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}

/** "Saving…" or why the last save failed, read out politely. */
function SaveStatus({ save }: { save: AutoSave<unknown> }) {
  return (
    <p className={'setting-status' + (save.error ? ' is-error' : '')} role="status">
      {save.saving || save.pending ? 'Saving…' : save.error ? `Not saved: ${save.error}` : ''}
    </p>
  )
}

/** Loads GET profile/settings once for the settings below it: a skeleton while loading, a retry on failure. */
export function WithSettings({ children }: { children: (settings: MemberSettings) => ReactNode }) {
  const { data, isLoading, isError, error, refetch } = useGetSettingsQuery(undefined, { refetchOnMountOrArgChange: true })
  if (data) return <>{children(data)}</>
  if (isLoading || !isError)
    return (
      <div className="panel" aria-busy="true" aria-label="Loading your settings">
        <Skeleton lines={4} />
      </div>
    )
  return (
    <div className="panel">
      <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
    </div>
  )
}

/**
 * One setting of PATCH profile/settings, saved as the member changes it. The saved value is read from the store
 * here, not from a parent's props, so it is fresh in the same render that lets go of the pending value.
 */
function useSetting<K extends keyof SettingsUpdate>(field: K, initial: MemberSettings[K]) {
  const dispatch = useAppDispatch()
  const { data } = useGetSettingsQuery()
  const [update] = useUpdateSettingsMutation()
  const save = useAutoSave<MemberSettings[K]>(async (value) => {
    const change = { [field]: value } as SettingsUpdate
    const res = await update(change).unwrap()
    dispatch(patchSettings(change, res.data))
    return res.message
  })
  return { value: save.pending ? save.pending.value : (data?.[field] ?? initial), save }
}

/** A settings radio group bound to one field of profile/settings. */
function SettingChoices<K extends 'photoVisibility' | 'chatSetting' | 'contactFilter'>({ field, legend, choices, settings, note }: { field: K; legend: string; choices: SettingChoice<MemberSettings[K]>[]; settings: MemberSettings; note?: ReactNode }) {
  const { value, save } = useSetting(field, settings[field])
  const noteId = useId()
  return (
    <div className="setting">
      <ChoiceCards name={field} legend={legend} choices={choices} value={value} onChange={save.change} describedBy={note ? noteId : undefined} />
      {note && (
        <p id={noteId} className="small muted setting-note">
          {note}
        </p>
      )}
      <SaveStatus save={save as AutoSave<unknown>} />
    </div>
  )
}

/** Photo visibility: all members, or only those whose photo request I accept. */
export function PhotoVisibilitySetting({ settings }: { settings: MemberSettings }) {
  return <SettingChoices field="photoVisibility" legend="Who can see my photos" choices={PHOTO_CHOICES} settings={settings} note="Visitors to the site never see member photos, whatever you choose." />
}

/** Who may start a chat with me: any verified member, members I accepted, or nobody. */
export function ChatSettingChoice({ settings }: { settings: MemberSettings }) {
  return <SettingChoices field="chatSetting" legend="Who can chat with me" choices={CHAT_CHOICES} settings={settings} note="You can always reply to a chat, and blocking a member ends a chat at once." />
}

/** The contact filter: who may see my full mobile number and e-mail with a contact view. */
export function ContactFilterSetting({ settings }: { settings: MemberSettings }) {
  return (
    <SettingChoices
      field="contactFilter"
      legend="Who can see my contact details"
      choices={CONTACT_CHOICES}
      settings={settings}
      note="Whatever you choose, visitors never see your contact details, and other members see only the first 4 digits of your number and your e-mail without its name part. They can still send you a phone request, which you may accept or ignore."
    />
  )
}

/** Whether the member appears on the public premium-members list (first name, denomination and city only). */
export function PublicListsSwitch({ settings }: { settings: MemberSettings }) {
  const { value, save } = useSetting('showInPublicLists', settings.showInPublicLists)
  return (
    <div className="setting">
      <Switch
        id="show-in-public-lists"
        label="Show me on the Premium Members page"
        checked={value}
        onChange={save.change}
        description="While you are on a paid plan, visitors can find you on the public Premium Members list by your first name, denomination and city only — never your photo, full name or contact details."
      />
      <SaveStatus save={save as AutoSave<unknown>} />
    </div>
  )
}
