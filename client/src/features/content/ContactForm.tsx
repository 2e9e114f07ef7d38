import type { FormEvent } from 'react'
import { TextAreaField, TextField } from '../../components/Field'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useSendContactMessageMutation } from './api'
import type { ContactMessage } from './types'
import { useForm } from '../../lib/useForm'
import { validateContact } from './validation'

const EMPTY: ContactMessage = { name: '', email: '', phone: '', subject: '', message: '' }

/** The contact-us form: client checks mirror the server; server 422 errors show under the fields. */
export default function ContactForm() {
  const form = useForm(EMPTY, validateContact)
  const [send, { isLoading }] = useSendContactMessageMutation()
  const { values, errors, onChange, onBlur, formRef } = form

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    try {
      const res = await send({ ...values, phone: values.phone.replace(/[\s-]/g, '') }).unwrap()
      notifySuccess(res.message || 'Thank you, we have received your message')
      form.reset()
    } catch (err) {
      const apiErr = asApiError(err)
      if (apiErr?.fieldErrors) form.setServerErrors(apiErr.fieldErrors)
      // Other failures (429, network) are toasted by the store middleware.
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="form__title">
        Send us a message
      </h2>
      <p className="muted">We reply within one working day. Fields marked * are required.</p>
      <div className="form__grid">
        <TextField id="name" label="Your name" autoComplete="name" value={values.name} onChange={onChange} onBlur={onBlur} error={errors.name} maxLength={60} />
        <TextField id="email" label="Email" type="email" autoComplete="email" inputMode="email" value={values.email} onChange={onChange} onBlur={onBlur} error={errors.email} />
        <TextField
          id="phone"
          label="Mobile number"
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          optional
          hint="10 digits, e.g. 9876543210"
          value={values.phone}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.phone}
          maxLength={14}
        />
        <TextField id="subject" label="Subject" value={values.subject} onChange={onChange} onBlur={onBlur} error={errors.subject} maxLength={140} />
      </div>
      <TextAreaField id="message" label="Message" rows={6} value={values.message} onChange={onChange} onBlur={onBlur} error={errors.message} maxLength={2100} hint={`${values.message.trim().length}/2000 characters`} />
      <button type="submit" className="btn btn--primary btn--lg" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Send message'}
      </button>
    </form>
  )
}
