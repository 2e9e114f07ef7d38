import { useState } from 'react'
import type { FormEvent } from 'react'
import { notifySuccess } from '../../app/notify'
import { TextAreaField, TextField } from '../../components/Field'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError, pageArgs } from '../api'
import { fmtDate } from '../dates'
import type { AdminStory, StoryStatus } from '../types'
import { ActionDialog, AdminPage, ListPager, PAGE_SIZE, QueryStatus, StatusPill, resultError, useListParams } from '../ui'
import { useApproveStoryMutation, useListStoriesQuery, useRejectStoryMutation, useUpdateStoryMutation } from './api'

const TABS: { value: StoryStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Rejected' },
]

/** The story form's fields. */
interface StoryValues {
  title: string
  brideName: string
  groomName: string
  denomination: string
  city: string
  weddingDate: string
  summary: string
  story: string
}

const need = (v: string, what: string) => (v.trim() ? undefined : `Please enter the ${what}`)

function validateStory(v: StoryValues): FieldErrors<StoryValues> {
  return {
    title: need(v.title, 'title'),
    brideName: need(v.brideName, "bride's name"),
    groomName: need(v.groomName, "groom's name"),
    summary: need(v.summary, 'summary'),
    story: need(v.story, 'story'),
  }
}

/** Editing one story in place. */
function StoryEditForm({ story, onDone }: { story: AdminStory; onDone: () => void }) {
  const [initial] = useState<StoryValues>(() => ({
    title: story.title,
    brideName: story.brideName,
    groomName: story.groomName,
    denomination: story.denomination ?? '',
    city: story.city ?? '',
    weddingDate: story.weddingDate ? story.weddingDate.slice(0, 10) : '',
    summary: story.summary,
    story: story.story,
  }))
  const { values, errors, onChange, onBlur, check, setServerErrors, formRef } = useForm(initial, validateStory)
  const [save, { isLoading }] = useUpdateStoryMutation()
  const [formError, setFormError] = useState<string | null>(null)
  const f = (id: keyof StoryValues) => ({ id: `story-${story.id}-${id}`, name: id, value: values[id], onChange, onBlur, error: errors[id] })

  const onSubmit = async (e: FormEvent) => {
    if (!check(e)) return
    const r = await save({ id: story.id, body: { ...values, weddingDate: values.weddingDate || null } })
    if ('error' in r) {
      const err = asAdminError(r.error)
      if (err?.fieldErrors) setServerErrors(err.fieldErrors)
      setFormError(err?.fieldErrors ? null : (err?.message ?? null))
      return
    }
    notifySuccess('Story saved')
    onDone()
  }

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="admin-inline-form" aria-label={`Edit ${story.title}`}>
      <div className="admin-grid-2">
        <TextField label="Title" {...f('title')} />
        <TextField label="Wedding date" type="date" optional {...f('weddingDate')} />
        <TextField label="Bride's name" {...f('brideName')} />
        <TextField label="Groom's name" {...f('groomName')} />
        <TextField label="Denomination" optional {...f('denomination')} />
        <TextField label="City" optional {...f('city')} />
      </div>
      <TextAreaField label="Summary" rows={2} {...f('summary')} />
      <TextAreaField label="Story" rows={8} {...f('story')} />
      {formError && (
        <p className="admin-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={isLoading}>
          Save story
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** Success stories: the pending ones first; approve, reject with a reason, or edit. */
export default function StoriesScreen() {
  const { page, get, set } = useListParams()
  const status = (get('status') || 'pending') as StoryStatus
  const list = useListStoriesQuery({ status, ...pageArgs(page, PAGE_SIZE) })
  const [approve] = useApproveStoryMutation()
  const [reject] = useRejectStoryMutation()
  const [editing, setEditing] = useState<number | null>(null)
  const [deciding, setDeciding] = useState<{ story: AdminStory; approve: boolean } | null>(null)
  const items = list.data?.items ?? []

  const decide = async (reason: string) => {
    if (!deciding) return
    const r = deciding.approve ? await approve(deciding.story.id) : await reject({ id: deciding.story.id, reason })
    const err = resultError(r)
    if (err) return err
    notifySuccess(deciding.approve ? 'Story published' : 'Story rejected')
    setDeciding(null)
  }

  return (
    <AdminPage title="Success stories" intro="Stories members send wait here; a published story shows on the success stories page at once.">
      <nav className="admin-tabs" aria-label="Story status">
        {TABS.map((t) => (
          <button key={t.value} type="button" className={'admin-tab' + (t.value === status ? ' is-current' : '')} aria-pressed={t.value === status} onClick={() => set('status', t.value === 'pending' ? '' : t.value)}>
            {t.label}
          </button>
        ))}
      </nav>
      <QueryStatus isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()} isEmpty={!items.length} emptyTitle={`No ${status} stories`} />
      {items.map((s) => (
        <article key={s.id} className="admin-card admin-story">
          <div className="admin-card__head">
            <h2 className="admin-card__title">
              {s.title} <StatusPill value={s.status} />
            </h2>
            <div className="admin-actions">
              {s.status === 'pending' && (
                <>
                  <button type="button" className="btn btn--primary btn--sm" onClick={() => setDeciding({ story: s, approve: true })}>
                    Approve
                  </button>
                  <button type="button" className="btn btn--danger btn--sm" onClick={() => setDeciding({ story: s, approve: false })}>
                    Reject
                  </button>
                </>
              )}
              {editing !== s.id && (
                <button type="button" className="btn btn--outline btn--sm" onClick={() => setEditing(s.id)}>
                  Edit
                </button>
              )}
            </div>
          </div>
          {editing === s.id ? (
            <StoryEditForm story={s} onDone={() => setEditing(null)} />
          ) : (
            <>
              <p className="admin-muted">
                {s.brideName} &amp; {s.groomName}
                {s.denomination ? ` · ${s.denomination}` : ''}
                {s.city ? ` · ${s.city}` : ''}
                {s.weddingDate ? ` · married ${fmtDate(s.weddingDate)}` : ''} · sent {fmtDate(s.createdAt)}
                {s.submittedBy ? ` by ${s.submittedBy.email}${s.submittedBy.phone ? `, ${s.submittedBy.phone}` : ''}` : ''}
              </p>
              <p>
                <strong>{s.summary}</strong>
              </p>
              <details>
                <summary>Read the story</summary>
                <p className="admin-prewrap">{s.story}</p>
              </details>
            </>
          )}
        </article>
      ))}
      {items.length > 0 && <ListPager page={page} total={list.data?.total ?? 0} shown={items.length} />}
      {deciding && (
        <ActionDialog
          open
          title={deciding.approve ? `Publish "${deciding.story.title}"?` : `Reject "${deciding.story.title}"?`}
          confirmLabel={deciding.approve ? 'Publish' : 'Reject'}
          danger={!deciding.approve}
          reason={deciding.approve ? false : { label: 'Reason', required: true }}
          onConfirm={(v) => decide(v.reason)}
          onCancel={() => setDeciding(null)}
        >
          <p>{deciding.approve ? 'The story shows on the success stories page at once.' : 'The story stays off the site.'}</p>
        </ActionDialog>
      )}
    </AdminPage>
  )
}
