import { useState } from 'react'
import type { FormEvent } from 'react'
import { notifySuccess } from '../../app/notify'
import { TextAreaField, TextField } from '../../components/Field'
import Markdown from '../../components/Markdown'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError } from '../api'
import type { FaqItem } from '../types'
import { ActionDialog, AdminPage, QueryStatus, TableCard, resultError } from '../ui'
import { useDeleteFaqMutation, useListFaqQuery, useSaveFaqMutation } from './api'

interface FaqValues {
  question: string
  answer: string
  category: string
  sort: string
}

function validateFaq(v: FaqValues): FieldErrors<FaqValues> {
  return {
    question: v.question.trim() ? undefined : 'Please enter the question',
    answer: v.answer.trim() ? undefined : 'Please enter the answer',
    sort: v.sort.trim() && !/^-?\d+$/.test(v.sort.trim()) ? 'Enter a whole number' : undefined,
  }
}

/** Adding or editing one question. */
function FaqForm({ item, nextSort, onDone }: { item: FaqItem | null; nextSort: number; onDone: () => void }) {
  const [initial] = useState<FaqValues>(() =>
    item ? { question: item.question, answer: item.answer, category: item.category ?? '', sort: String(item.sort) } : { question: '', answer: '', category: '', sort: String(nextSort) },
  )
  const { values, errors, onChange, onBlur, check, setServerErrors, formRef } = useForm(initial, validateFaq)
  const [save, { isLoading }] = useSaveFaqMutation()
  const [formError, setFormError] = useState<string | null>(null)

  const onSubmit = async (e: FormEvent) => {
    if (!check(e)) return
    const body = { question: values.question.trim(), answer: values.answer.trim(), category: values.category.trim(), sort: Number(values.sort || 0) }
    const r = await save({ id: item?.id, body })
    if ('error' in r) {
      const err = asAdminError(r.error)
      if (err?.fieldErrors) setServerErrors(err.fieldErrors)
      setFormError(err?.fieldErrors ? null : (err?.message ?? null))
      return
    }
    notifySuccess(item ? 'Question saved' : 'Question added')
    onDone()
  }

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="admin-card" aria-label={item ? 'Edit question' : 'Add a question'}>
      <h2 className="admin-card__title">{item ? 'Edit question' : 'Add a question'}</h2>
      <TextField id="question" label="Question" value={values.question} onChange={onChange} onBlur={onBlur} error={errors.question} />
      <div className="admin-grid-2">
        <TextField id="category" label="Category" optional value={values.category} onChange={onChange} onBlur={onBlur} error={errors.category} />
        <TextField id="sort" label="Order" optional inputMode="numeric" value={values.sort} onChange={onChange} onBlur={onBlur} error={errors.sort} hint="Lower numbers come first." />
      </div>
      <div className="admin-grid-2">
        <TextAreaField id="answer" label="Answer" rows={6} value={values.answer} onChange={onChange} onBlur={onBlur} error={errors.answer} />
        <section aria-label="Answer preview" className="admin-preview-box">
          <p className="admin-preview__label">Preview</p>
          <Markdown body={values.answer} headingLevel={4} />
        </section>
      </div>
      {formError && (
        <p className="admin-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={isLoading}>
          {item ? 'Save question' : 'Add question'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** The FAQ: every question in order; add, edit, delete (with a confirmation). */
export default function FaqScreen() {
  const list = useListFaqQuery()
  const [remove] = useDeleteFaqMutation()
  const [editing, setEditing] = useState<FaqItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<FaqItem | null>(null)
  const items = [...(list.data?.items ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id)
  const nextSort = items.length ? Math.max(...items.map((i) => i.sort)) + 1 : 1

  const doDelete = async () => {
    if (!deleting) return
    const err = resultError(await remove(deleting.id))
    if (err) return err
    notifySuccess('Question deleted')
    if (editing !== 'new' && editing?.id === deleting.id) setEditing(null)
    setDeleting(null)
  }

  return (
    <AdminPage
      title="FAQ"
      intro="The questions show on the public FAQ page at once, in this order."
      actions={
        editing === null && (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setEditing('new')}>
            Add a question
          </button>
        )
      }
    >
      {editing !== null && <FaqForm key={editing === 'new' ? 'new' : editing.id} item={editing === 'new' ? null : editing} nextSort={nextSort} onDone={() => setEditing(null)} />}
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle="No questions yet" />
      {items.length > 0 && (
        <TableCard label="Questions">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Question</th>
              <th scope="col">Category</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id}>
                <td>{i.sort}</td>
                <td>{i.question}</td>
                <td>{i.category || '—'}</td>
                <td>
                  <div className="admin-actions">
                    <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(i)} aria-label={`Edit "${i.question}"`}>
                      Edit
                    </button>
                    <button type="button" className="btn btn--danger btn--sm" onClick={() => setDeleting(i)} aria-label={`Delete "${i.question}"`}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      )}
      <ActionDialog open={deleting !== null} title="Delete this question?" confirmLabel="Delete" danger reason={false} onConfirm={doDelete} onCancel={() => setDeleting(null)}>
        <p>&ldquo;{deleting?.question}&rdquo; leaves the FAQ page at once.</p>
      </ActionDialog>
    </AdminPage>
  )
}
