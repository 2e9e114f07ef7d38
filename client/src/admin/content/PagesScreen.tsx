import { useState } from 'react'
import type { FormEvent } from 'react'
import { notifySuccess } from '../../app/notify'
import { TextAreaField, TextField } from '../../components/Field'
import Markdown from '../../components/Markdown'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError } from '../api'
import { fmtDateTime } from '../dates'
import type { SitePage } from '../types'
import { AdminPage, QueryStatus, useListParams } from '../ui'
import { useListPagesQuery, useSavePageMutation } from './api'

interface PageValues {
  title: string
  body: string
}

function validatePage(v: PageValues): FieldErrors<PageValues> {
  return { title: v.title.trim() ? undefined : 'Please enter the title', body: v.body.trim() ? undefined : 'Please write the page' }
}

/** Editing one page, with its preview. */
function PageForm({ page }: { page: SitePage }) {
  const [initial] = useState<PageValues>(() => ({ title: page.title, body: page.body }))
  const { values, errors, onChange, onBlur, check, setServerErrors, formRef } = useForm(initial, validatePage)
  const [save, { isLoading }] = useSavePageMutation()
  const [formError, setFormError] = useState<string | null>(null)

  const onSubmit = async (e: FormEvent) => {
    if (!check(e)) return
    const r = await save({ key: page.key, title: values.title.trim(), body: values.body })
    if ('error' in r) {
      const err = asAdminError(r.error)
      if (err?.fieldErrors) setServerErrors(err.fieldErrors)
      setFormError(err?.fieldErrors ? null : (err?.message ?? null))
      return
    }
    setFormError(null)
    notifySuccess('Page saved')
  }

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="admin-editor">
      <div className="admin-editor__fields admin-card">
        <TextField id="title" label="Title" value={values.title} onChange={onChange} onBlur={onBlur} error={errors.title} />
        <TextAreaField id="body" label="Body" rows={20} value={values.body} onChange={onChange} onBlur={onBlur} error={errors.body} />
        {formError && (
          <p className="admin-form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            Save page
          </button>
          <span className="admin-muted">Last saved {fmtDateTime(page.updatedAt)}</span>
        </div>
      </div>
      <section className="admin-editor__preview admin-card" aria-label="Preview">
        <p className="admin-preview__label">Preview</p>
        <h2 className="admin-preview__title">{values.title}</h2>
        <Markdown body={values.body} headingLevel={3} />
      </section>
    </form>
  )
}

/** The four static pages (about us, privacy, terms, returns): pick one, edit its title and body. */
export default function PagesScreen() {
  const list = useListPagesQuery()
  const { get, set } = useListParams()
  const items = list.data?.items ?? []
  const current = items.find((p) => p.key === get('key')) ?? items[0]

  return (
    <AdminPage title="Pages" intro="A saved page shows on the public site at once.">
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No pages" />
      {items.length > 0 && (
        <nav className="admin-tabs" aria-label="Pages">
          {items.map((p) => (
            <button key={p.key} type="button" className={'admin-tab' + (p.key === current?.key ? ' is-current' : '')} aria-pressed={p.key === current?.key} onClick={() => set('key', p.key)}>
              {p.title || p.key}
            </button>
          ))}
        </nav>
      )}
      {current && <PageForm key={current.key + current.updatedAt} page={current} />}
    </AdminPage>
  )
}
