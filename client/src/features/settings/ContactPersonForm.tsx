import type { FormEvent } from 'react'
import { SelectField, TextField } from '../../components/Field'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useForm } from '../../lib/useForm'
import { useUpdateContactMeMutation } from './api'
import type { EnumOption, MemberSettings } from './types'
import { oneLine, validateContactPerson } from './validation'
import type { ContactPersonValues } from './validation'

/**
 * The contact person members see with the number after a contact view (PATCH profile/contact-me): whom to ask for,
 * their relation and a good time to call. Every field may be left empty.
 */
export default function ContactPersonForm({ settings, relations }: { settings: MemberSettings; relations: EnumOption[] }) {
  const initial: ContactPersonValues = { contactPerson: settings.contactPerson, contactRelation: settings.contactRelation, callTime: settings.callTime }
  const form = useForm<ContactPersonValues>(initial, validateContactPerson)
  const { formRef } = form
  const [update, { isLoading }] = useUpdateContactMeMutation()
  const v = form.values
  const unchanged = oneLine(v.contactPerson) === settings.contactPerson && v.contactRelation === settings.contactRelation && oneLine(v.callTime) === settings.callTime

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    try {
      const res = await update({ contactPerson: oneLine(v.contactPerson), contactRelation: v.contactRelation, callTime: oneLine(v.callTime) }).unwrap()
      // Show what was stored (spaces collapsed), so the form reads as saved.
      form.setValue('contactPerson', res.data.contactPerson)
      form.setValue('callTime', res.data.callTime)
      notifySuccess(res.message || 'Record updated Successfully')
    } catch (err) {
      const fe = asApiError(err)?.fieldErrors
      if (fe) form.setServerErrors(fe)
    }
  }

  const relationLabel = relations.find((r) => r.value === v.contactRelation)?.label
  const who = oneLine(v.contactPerson)
  return (
    <form ref={formRef} className="form contact-person" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="contact-person-title">
      <h2 id="contact-person-title" className="panel__title">
        Contact person
      </h2>
      <p className="small muted">When a member views your contact, we show this with your number, so they know whom to ask for. A parent or guardian running the profile can put their own name here.</p>
      <div className="form__grid form__grid--tight">
        <TextField
          id="contactPerson"
          label="Person to ask for"
          optional
          autoComplete="name"
          maxLength={60}
          value={v.contactPerson}
          onChange={form.onChange}
          onBlur={form.onBlur}
          error={form.errors.contactPerson}
          hint="Leave empty to take calls yourself."
        />
        <SelectField
          id="contactRelation"
          label="Relation"
          optional
          placeholder="Not set"
          options={relations}
          value={v.contactRelation}
          onChange={form.onChange}
          onBlur={form.onBlur}
          error={form.errors.contactRelation}
        />
        <TextField
          id="callTime"
          label="Best time to call"
          optional
          maxLength={60}
          placeholder="e.g. Weekdays after 6 pm"
          value={v.callTime}
          onChange={form.onChange}
          onBlur={form.onBlur}
          error={form.errors.callTime}
          hint="No phone numbers or e-mail addresses here."
        />
      </div>
      <div className="contact-preview" aria-label="What members see">
        <p className="contact-preview__title">What members see after a contact view</p>
        <p>
          <strong>Ask for:</strong> {who ? `${who}${relationLabel ? ` (${relationLabel})` : ''}` : 'You (the bride or groom)'}
        </p>
        <p>
          <strong>Best time to call:</strong> {oneLine(v.callTime) || 'Any time'}
        </p>
      </div>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={isLoading || unchanged}>
          {isLoading ? 'Saving…' : 'Save contact person'}
        </button>
      </div>
    </form>
  )
}
