import type { FormEvent } from 'react'
import { TextAreaField, TextField } from '../../components/Field'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { useSubmitStoryMutation } from './api'
import type { StorySubmission } from './types'
import { useForm } from '../../lib/useForm'
import { validateStory } from './validation'

const EMPTY: StorySubmission = { brideName: '', groomName: '', email: '', phone: '', weddingDate: '', story: '' }

/** Share-your-story form: the story is reviewed before it is published. */
export default function StoryForm() {
  const form = useForm(EMPTY, validateStory)
  const [submit, { isLoading }] = useSubmitStoryMutation()
  const { values, errors, onChange, onBlur, formRef } = form
  const today = new Date().toISOString().slice(0, 10)

  const onSubmit = async (e: FormEvent) => {
    if (!form.check(e)) return
    try {
      const res = await submit({ ...values, phone: values.phone.replace(/[\s-]/g, '') }).unwrap()
      notifySuccess(res.message || 'Thank you for sharing your story')
      form.reset()
    } catch (err) {
      const apiErr = asApiError(err)
      if (apiErr?.fieldErrors) form.setServerErrors(apiErr.fieldErrors)
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="story-form-title">
      <h2 id="story-form-title" className="form__title">
        Share your success story
      </h2>
      <p className="muted">Did you meet your life partner here? Tell us — our team reads every story before it is published, and we will ask before using any photo.</p>
      <div className="form__grid">
        <TextField id="brideName" label="Bride's name" value={values.brideName} onChange={onChange} onBlur={onBlur} error={errors.brideName} maxLength={60} />
        <TextField id="groomName" label="Groom's name" value={values.groomName} onChange={onChange} onBlur={onBlur} error={errors.groomName} maxLength={60} />
        <TextField id="email" label="Email" type="email" autoComplete="email" value={values.email} onChange={onChange} onBlur={onBlur} error={errors.email} />
        <TextField id="phone" label="Mobile number" type="tel" inputMode="numeric" optional value={values.phone} onChange={onChange} onBlur={onBlur} error={errors.phone} maxLength={14} />
        <TextField id="weddingDate" label="Wedding date" type="date" max={today} value={values.weddingDate} onChange={onChange} onBlur={onBlur} error={errors.weddingDate} />
      </div>
      <TextAreaField id="story" label="Your story" rows={6} value={values.story} onChange={onChange} onBlur={onBlur} error={errors.story} maxLength={5100} />
      <button type="submit" className="btn btn--primary btn--lg" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Submit story for review'}
      </button>
    </form>
  )
}
