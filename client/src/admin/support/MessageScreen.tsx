import { useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { notifySuccess } from '../../app/notify'
import { useGetMeQuery } from '../api'
import { fmtDateTime } from '../dates'
import { ADMIN, useCan } from '../permissions'
import type { ContactDetail } from '../types'
import { ActionDialog, AdminPage, AuditNote, QueryStatus, StatusPill, resultError } from '../ui'
import { useAnswerContactMutation, useAssignContactMutation, useGetContactQuery, useListAssigneesQuery } from './api'

/** Who answered, whichever shape the server gives. */
function answeredByWords(v: ContactDetail['answeredBy']): string {
  if (!v) return '—'
  return typeof v === 'string' ? v : v.name
}

/** Handing the message to another admin (not the one holding it, nor oneself: "Assign to me" does that): those whose roles open the inbox, by name. */
function AssignOther({ id, current, self }: { id: number; current: number | null; self: number | undefined }) {
  const assignees = useListAssigneesQuery()
  const [assign, { isLoading }] = useAssignContactMutation()
  const [target, setTarget] = useState('')
  const [error, setError] = useState<string | null>(null)
  const choices = (assignees.data?.items ?? []).filter((a) => a.id !== current && a.id !== self)

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const who = choices.find((a) => String(a.id) === target)
    if (!who) {
      setError('Choose an admin')
      return
    }
    const err = resultError(await assign({ id, adminId: who.id, assignee: { id: who.id, name: who.name } }))
    setError(err ? err.message : null)
    if (!err) {
      setTarget('')
      notifySuccess('Message assigned')
    }
  }

  if (assignees.isLoading) return <p className="admin-muted">Loading the admins…</p>
  if (assignees.isError) return <p className="field__error">The list of admins could not be loaded.</p>
  if (!choices.length) return <p className="admin-muted">No other admin works the contact inbox.</p>
  return (
    <form className="admin-inline" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={'field field--compact' + (error ? ' has-error' : '')}>
        <label htmlFor="assign-to">Assign to another admin</label>
        <select id="assign-to" value={target} onChange={(e) => setTarget(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'assign-to-error' : undefined}>
          <option value="">Choose</option>
          {choices.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
        {error && (
          <p id="assign-to-error" className="field__error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--outline btn--sm" disabled={isLoading}>
        Assign
      </button>
    </form>
  )
}

/** One contact-us message (opening it is audited): who wrote, what, and assign / mark answered with a note. */
export default function MessageScreen() {
  const id = Number(useParams().id)
  const can = useCan()
  const { data: me } = useGetMeQuery()
  const msg = useGetContactQuery(id)
  const [assign, { isLoading: assigning }] = useAssignContactMutation()
  const [answer] = useAnswerContactMutation()
  const [answering, setAnswering] = useState(false)
  const m = msg.data

  const assignToMe = async () => {
    if (!me) return
    const err = resultError(await assign({ id, adminId: null, assignee: { id: me.id, name: me.name || me.email } }))
    if (!err) notifySuccess('Assigned to you')
  }

  return (
    <AdminPage
      title={m ? m.subject || '(no subject)' : 'Message'}
      intro={<AuditNote>Opening a message is recorded in the audit log.</AuditNote>}
      actions={
        <Link to={ADMIN.contact} className="btn btn--ghost btn--sm">
          ‹ Inbox
        </Link>
      }
    >
      <QueryStatus isLoading={msg.isLoading} error={msg.error} onRetry={() => void msg.refetch()} />
      {m && (
        <>
          <div className="admin-card">
            <div className="admin-card__head">
              <h2 className="admin-card__title">
                From {m.name} <StatusPill value={m.status} />
              </h2>
            </div>
            <dl className="admin-details">
              <div>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${m.email}`}>{m.email}</a>
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{m.phone || '—'}</dd>
              </div>
              <div>
                <dt>Received</dt>
                <dd>{fmtDateTime(m.createdAt)}</dd>
              </div>
              <div>
                <dt>Assigned to</dt>
                <dd>{m.assignedTo ? (m.assignedTo.id === me?.id ? `${m.assignedTo.name} (you)` : m.assignedTo.name) : 'Nobody yet'}</dd>
              </div>
              {m.status === 'answered' && (
                <>
                  <div>
                    <dt>Answered</dt>
                    <dd>
                      {answeredByWords(m.answeredBy)} · {fmtDateTime(m.answeredAt)}
                    </dd>
                  </div>
                  <div>
                    <dt>Note</dt>
                    <dd className="admin-prewrap">{m.adminNote || '—'}</dd>
                  </div>
                </>
              )}
            </dl>
            <h3 className="admin-card__subtitle">Message</h3>
            <p className="admin-prewrap admin-message">{m.message}</p>
          </div>
          {can('contact:write') && (
            <div className="admin-card">
              <h2 className="admin-card__title">Handle it</h2>
              <div className="admin-actions">
                {m.assignedTo?.id !== me?.id && (
                  <button type="button" className="btn btn--outline btn--sm" onClick={() => void assignToMe()} disabled={assigning}>
                    Assign to me
                  </button>
                )}
                {m.status !== 'answered' && (
                  <button type="button" className="btn btn--primary btn--sm" onClick={() => setAnswering(true)}>
                    Mark answered
                  </button>
                )}
              </div>
              <AssignOther id={id} current={m.assignedTo?.id ?? null} self={me?.id} />
            </div>
          )}
          <ActionDialog
            open={answering}
            title="Mark this message answered?"
            confirmLabel="Mark answered"
            reason={{ label: 'Note', required: true, name: 'note' }}
            onConfirm={async (v) => {
              const err = resultError(await answer({ id, note: v.reason, by: me?.name || me?.email || 'you' }))
              if (err) return err
              notifySuccess('Marked answered')
              setAnswering(false)
            }}
            onCancel={() => setAnswering(false)}
          >
            <p>Say how it was answered (by e-mail, by phone, what was agreed); the note stays with the message.</p>
          </ActionDialog>
        </>
      )}
    </AdminPage>
  )
}
