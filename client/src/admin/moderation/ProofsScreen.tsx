import { useState } from 'react'
import { Link } from 'react-router'
import { notifySuccess } from '../../app/notify'
import { pageArgs } from '../api'
import { useBlobUrl } from '../blobs'
import { fmtDate } from '../dates'
import { ADMIN, useCan } from '../permissions'
import type { ProofRow, ProofStatus } from '../types'
import { ActionDialog, AdminPage, AuditNote, ListPager, PAGE_SIZE, QueryStatus, StatusPill, TableCard, resultError, useListParams } from '../ui'
import type { ActionValues } from '../ui'
import { useListProofsQuery, useProofVerdictMutation } from './api'

const TABS: { value: ProofStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
]

/** A proof's kind in words. */
export function proofKind(kind: string): string {
  return kind === 'parish' ? 'Parish letter' : 'ID proof'
}

/** The proof image, fetched with the token only once the moderator asks (each opening is audited). */
function ProofImage({ proof, onClose }: { proof: ProofRow; onClose: () => void }) {
  const img = useBlobUrl(`proofs/${proof.id}/image`)
  return (
    <div className="admin-card admin-proof-view">
      <div className="admin-card__head">
        <h2 className="admin-card__title">
          {proofKind(proof.kind)} of {proof.member.name}
        </h2>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
          Close image
        </button>
      </div>
      {img.url ? (
        <img className="admin-proof-view__img" src={img.url} alt={`${proofKind(proof.kind)} of ${proof.member.name}`} />
      ) : img.error ? (
        <p className="admin-form-error" role="alert">
          {img.error}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={img.retry}>
            Try again
          </button>
        </p>
      ) : (
        <p className="admin-muted" aria-busy="true">
          Loading the image…
        </p>
      )}
    </div>
  )
}

/** Proofs: the pending queue first (verified and rejected beside it); open the image, Verify or Reject with a reason. */
export default function ProofsScreen() {
  const can = useCan()
  const { page, get, set } = useListParams()
  const status = (get('status') || 'pending') as ProofStatus
  const list = useListProofsQuery({ status, ...pageArgs(page, PAGE_SIZE) })
  const [verdict] = useProofVerdictMutation()
  const [viewing, setViewing] = useState<ProofRow | null>(null)
  const [deciding, setDeciding] = useState<{ proof: ProofRow; verdict: 'verified' | 'rejected' } | null>(null)
  const items = list.data?.items ?? []

  const decide = async (v: ActionValues) => {
    if (!deciding) return
    const err = resultError(await verdict({ id: deciding.proof.id, verdict: deciding.verdict, reason: v.reason }))
    if (err) return err
    if (viewing?.id === deciding.proof.id) setViewing(null)
    setDeciding(null)
    notifySuccess(deciding.verdict === 'verified' ? 'Proof verified' : 'Proof rejected')
  }

  const badge = (p: ProofRow) => (p.kind === 'parish' ? 'Parish verified' : 'ID verified')

  return (
    <AdminPage title="Proofs" intro={can('proofs:view') ? <AuditNote>Opening a proof image is recorded in the audit log.</AuditNote> : undefined}>
      <nav className="admin-tabs" aria-label="Proof status">
        {TABS.map((t) => (
          <button key={t.value} type="button" className={'admin-tab' + (t.value === status ? ' is-current' : '')} aria-pressed={t.value === status} onClick={() => set('status', t.value === 'pending' ? '' : t.value)}>
            {t.label}
          </button>
        ))}
      </nav>
      {viewing && <ProofImage key={viewing.id} proof={viewing} onClose={() => setViewing(null)} />}
      <QueryStatus
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        isEmpty={!items.length}
        emptyTitle={status === 'pending' ? 'No proofs are waiting' : `No ${status} proofs`}
      />
      {items.length > 0 && (
        <>
          <TableCard label="Proofs">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Proof</th>
                <th scope="col">Status</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Reviewed</th>
                <th scope="col">Note</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.member.name}
                    <br />
                    <span className="admin-muted">{can('members:view') ? <Link to={ADMIN.member(p.member.profileId)}>{p.member.profileId}</Link> : p.member.profileId}</span>
                  </td>
                  <td>{proofKind(p.kind)}</td>
                  <td>
                    <StatusPill value={p.status} />
                  </td>
                  <td className="admin-nowrap">{fmtDate(p.uploadedAt)}</td>
                  <td className="admin-nowrap">{fmtDate(p.reviewedAt)}</td>
                  <td>{p.note || '—'}</td>
                  <td>
                    <div className="admin-actions">
                      {can('proofs:view') && p.hasImage && (
                        <button type="button" className="btn btn--outline btn--sm" onClick={() => setViewing(p)} aria-label={`Open image of ${p.member.name}'s ${proofKind(p.kind)}`}>
                          Open image
                        </button>
                      )}
                      {can('proofs:verify') && p.status === 'pending' && (
                        <>
                          <button type="button" className="btn btn--primary btn--sm" onClick={() => setDeciding({ proof: p, verdict: 'verified' })}>
                            Verify
                          </button>
                          <button type="button" className="btn btn--danger btn--sm" onClick={() => setDeciding({ proof: p, verdict: 'rejected' })}>
                            Reject
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableCard>
          <ListPager page={page} total={list.data?.total ?? 0} shown={items.length} />
        </>
      )}
      {deciding && (
        <ActionDialog
          open
          title={deciding.verdict === 'verified' ? `Verify ${deciding.proof.member.name}'s ${proofKind(deciding.proof.kind).toLowerCase()}?` : `Reject ${deciding.proof.member.name}'s ${proofKind(deciding.proof.kind).toLowerCase()}?`}
          confirmLabel={deciding.verdict === 'verified' ? 'Verify' : 'Reject'}
          danger={deciding.verdict === 'rejected'}
          reason={deciding.verdict === 'rejected' ? { label: 'Reason', required: true } : false}
          onConfirm={decide}
          onCancel={() => setDeciding(null)}
        >
          <p>
            {deciding.verdict === 'verified'
              ? `The member gets the "${badge(deciding.proof)}" badge and is told.`
              : 'The member is told the proof was not accepted, with your reason, and may upload another.'}{' '}
            The image is deleted 30 days after the decision.
          </p>
        </ActionDialog>
      )}
    </AdminPage>
  )
}
