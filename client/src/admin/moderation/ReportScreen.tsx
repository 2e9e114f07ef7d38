import { useState } from 'react'
import { reportReasonWords } from '../../lib/reportReasons'
import { Link, useParams } from 'react-router'
import { notifySuccess } from '../../app/notify'
import { fmtDateTime } from '../dates'
import { ADMIN, useCan } from '../permissions'
import type { ReportAction } from '../types'
import { ActionDialog, AdminPage, AuditNote, QueryStatus, StatusPill, resultError } from '../ui'
import type { ActionValues } from '../ui'
import { useGetReportQuery, useReportActionMutation } from './api'

/** The four outcomes of a report, as the buttons and confirmations say them. */
const OUTCOMES: Record<ReportAction, { label: string; title: (name: string) => string; body: string; done: string; danger?: boolean }> = {
  dismiss: { label: 'Dismiss', title: () => 'Dismiss this report?', body: 'Nothing happens to the reported member. The reporter is told the report was reviewed.', done: 'Report dismissed' },
  warn: { label: 'Warn', title: (n) => `Warn ${n}?`, body: 'The member gets a notice about their behaviour. The reporter is told the report was acted on.', done: 'Member warned' },
  suspend: {
    label: 'Suspend',
    title: (n) => `Suspend ${n}?`,
    body: 'The member cannot log in until the suspension ends. The reporter is told the report was acted on.',
    done: 'Member suspended',
    danger: true,
  },
  ban: { label: 'Ban', title: (n) => `Ban ${n}?`, body: 'The member can no longer log in. The reporter is told the report was acted on.', done: 'Member banned', danger: true },
}

/** One report (opening it is audited): who reported whom and why, the chat excerpt, and the moderator's action with a note. */
export default function ReportScreen() {
  const id = Number(useParams().id)
  const can = useCan()
  const report = useGetReportQuery(id)
  const [act] = useReportActionMutation()
  const [open, setOpen] = useState<ReportAction | null>(null)
  const r = report.data

  const run = async (action: ReportAction, v: ActionValues) => {
    const err = resultError(await act({ id, action, note: v.reason, days: v.days }))
    if (err) return err
    setOpen(null)
    notifySuccess(OUTCOMES[action].done)
  }

  return (
    <AdminPage
      title={`Report #${Number.isFinite(id) ? id : ''}`}
      intro={<AuditNote>Opening a report is recorded in the audit log.</AuditNote>}
      actions={
        <Link to={ADMIN.reports} className="btn btn--ghost btn--sm">
          ‹ Reports
        </Link>
      }
    >
      <QueryStatus isLoading={report.isLoading} error={report.error} onRetry={() => void report.refetch()} />
      {r && (
        <>
          <div className="admin-card">
            <div className="admin-card__head">
              <h2 className="admin-card__title">
                {r.kind === 'chat' ? 'Chat report' : 'Profile report'}: {reportReasonWords(r.reason)} <StatusPill value={r.status} />
              </h2>
              {can('reports:act') && r.status === 'open' && (
                <div className="admin-actions" role="group" aria-label="Report actions">
                  {(Object.keys(OUTCOMES) as ReportAction[]).map((a) => (
                    <button key={a} type="button" className={'btn btn--sm ' + (OUTCOMES[a].danger ? 'btn--danger' : 'btn--outline')} onClick={() => setOpen(a)}>
                      {OUTCOMES[a].label}
                    </button>
                  ))}
                </div>
              )}
            </div>
            <dl className="admin-details">
              <div>
                <dt>Reported member</dt>
                <dd>
                  {can('members:view') ? <Link to={ADMIN.member(r.reported.profileId)}>{r.reported.name}</Link> : r.reported.name} ({r.reported.profileId}){' '}
                  <StatusPill value={r.reported.status} />
                </dd>
              </div>
              <div>
                <dt>Reported by</dt>
                <dd>
                  {r.reporter.name} ({r.reporter.profileId})
                </dd>
              </div>
              <div>
                <dt>Filed</dt>
                <dd>{fmtDateTime(r.createdAt)}</dd>
              </div>
              <div>
                <dt>Details</dt>
                <dd className="admin-prewrap">{r.details || '—'}</dd>
              </div>
              {r.status === 'closed' && (
                <>
                  <div>
                    <dt>Outcome</dt>
                    <dd>{r.outcome || '—'}</dd>
                  </div>
                  <div>
                    <dt>Note</dt>
                    <dd className="admin-prewrap">{r.outcomeNote || '—'}</dd>
                  </div>
                  <div>
                    <dt>Handled</dt>
                    <dd>
                      {r.handledBy || '—'} · {fmtDateTime(r.handledAt)}
                    </dd>
                  </div>
                </>
              )}
            </dl>
          </div>
          {r.kind === 'chat' && (
            <div className="admin-card">
              <h2 className="admin-card__title">Chat excerpt (last {r.excerpt.length} messages)</h2>
              {r.excerpt.length ? (
                <ol className="admin-excerpt">
                  {r.excerpt.map((m, i) => (
                    <li key={i} className={'admin-excerpt__msg admin-excerpt__msg--' + m.from}>
                      <span className="admin-excerpt__who">{m.from === 'reporter' ? r.reporter.name : r.reported.name}</span>
                      <span className="admin-excerpt__at">{fmtDateTime(m.at)}</span>
                      <p className="admin-prewrap">{m.text}</p>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="admin-muted">No messages between the two.</p>
              )}
            </div>
          )}
          {open && (
            <ActionDialog
              open
              title={OUTCOMES[open].title(r.reported.name)}
              confirmLabel={OUTCOMES[open].label}
              danger={OUTCOMES[open].danger}
              reason={{ label: 'Note', required: true, name: 'note' }}
              days={open === 'suspend' ? { label: 'Days (1–365)', min: 1, max: 365 } : undefined}
              onConfirm={(v) => run(open, v)}
              onCancel={() => setOpen(null)}
            >
              <p>{OUTCOMES[open].body}</p>
            </ActionDialog>
          )}
        </>
      )}
    </AdminPage>
  )
}
