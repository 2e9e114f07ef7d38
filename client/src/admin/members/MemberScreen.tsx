import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { notifySuccess } from '../../app/notify'
import { useBlobUrl } from '../blobs'
import { fmtDate, fmtDateTime } from '../dates'
import { ADMIN, useCan } from '../permissions'
import type { MemberDetail } from '../types'
import { ActionDialog, AdminPage, AuditNote, QueryStatus, StatusPill, TableCard, genderWord, resultError } from '../ui'
import type { ActionValues } from '../ui'
import { useGetMemberQuery, useMemberActionMutation, useRemoveMemberPhotoMutation } from './api'
import type { MemberAction } from './api'

/** What each member action is called and says in its confirmation. */
const ACTIONS: Record<MemberAction, { title: (name: string) => string; confirm: string; body: string; done: string; danger?: boolean }> = {
  suspend: {
    title: (n) => `Suspend ${n}?`,
    confirm: 'Suspend',
    body: 'The member cannot log in until the suspension ends. They are told why.',
    done: 'Member suspended',
    danger: true,
  },
  ban: { title: (n) => `Ban ${n}?`, confirm: 'Ban', body: 'The member can no longer log in, and their profile leaves every list.', done: 'Member banned', danger: true },
  unban: { title: (n) => `Lift the ban on ${n}?`, confirm: 'Lift ban', body: 'The member can log in again.', done: 'Ban lifted' },
  hide: { title: (n) => `Hide ${n}'s profile?`, confirm: 'Hide profile', body: 'Other members no longer see the profile in matches, searches or lists.', done: 'Profile hidden', danger: true },
  unhide: { title: (n) => `Show ${n}'s profile again?`, confirm: 'Show profile', body: 'Other members see the profile again.', done: 'Profile shown again' },
}

/** One photo, fetched with the admin's token and shown from a blob: URL (revoked when it leaves the page). */
function PhotoTile({ url, index, canRemove, onRemove }: { url: string; index: number; canRemove: boolean; onRemove: () => void }) {
  const img = useBlobUrl(url)
  return (
    <figure className="admin-photo">
      {img.url ? (
        <img src={img.url} alt={`Photo ${index + 1}`} />
      ) : img.error ? (
        <div className="admin-photo__error" role="alert">
          {img.error}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={img.retry}>
            Try again
          </button>
        </div>
      ) : (
        <div className="admin-photo__loading" aria-busy="true" aria-label={`Loading photo ${index + 1}`} />
      )}
      {canRemove && (
        <figcaption>
          <button type="button" className="btn btn--outline btn--sm" onClick={onRemove}>
            Remove photo {index + 1}
          </button>
        </figcaption>
      )}
    </figure>
  )
}

/** The member's details as label and value pairs. */
function Details({ m }: { m: MemberDetail }) {
  const rows: [string, string][] = [
    ['Profile ID', m.profileId],
    ['Gender', genderWord(m.gender)],
    ['E-mail', m.email],
    ['Phone', m.phone],
    ['Date of birth', fmtDate(m.dob)],
    ['City', m.city || '—'],
    ['State', m.state || '—'],
    ['Denomination', m.denomination || '—'],
    ['Profile created by', m.createdBy || '—'],
    ['Joined', fmtDate(m.joinedAt)],
    ['Last active', fmtDateTime(m.lastActiveAt)],
    ['Plan', m.plan ?? 'Free'],
    ['Suspended until', fmtDateTime(m.suspendedUntil)],
    ['Reports against / filed', `${m.reports?.against ?? 0} / ${m.reports?.filed ?? 0}`],
    ['Orders', String(m.orders ?? 0)],
  ]
  return (
    <dl className="admin-details">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** One member (opening it is audited): details, photos, proofs, and the actions the admin's role allows. */
export default function MemberScreen() {
  const { profileId = '' } = useParams()
  const can = useCan()
  const member = useGetMemberQuery(profileId)
  const [act] = useMemberActionMutation()
  const [removePhoto] = useRemoveMemberPhotoMutation()
  const [open, setOpen] = useState<MemberAction | null>(null)
  const [photoToRemove, setPhotoToRemove] = useState<{ id: string | number; index: number } | null>(null)
  const m = member.data

  const runAction = async (action: MemberAction, v: ActionValues) => {
    const err = resultError(await act({ profileId, action, reason: v.reason, days: v.days }))
    if (err) return err
    setOpen(null)
    notifySuccess(ACTIONS[action].done)
  }

  const runRemove = async (v: ActionValues) => {
    if (!photoToRemove) return
    const err = resultError(await removePhoto({ profileId, photoId: photoToRemove.id, reason: v.reason }))
    if (err) return err
    setPhotoToRemove(null)
    notifySuccess('Photo removed')
  }

  const banned = m?.status === 'banned'
  const actionButtons: { action: MemberAction; label: string; show: boolean }[] = m
    ? [
        { action: 'suspend', label: 'Suspend', show: can('members:suspend') && m.status !== 'deleted' },
        { action: banned ? 'unban' : 'ban', label: banned ? 'Lift ban' : 'Ban', show: can('members:ban') && m.status !== 'deleted' },
        { action: m.hidden ? 'unhide' : 'hide', label: m.hidden ? 'Show profile' : 'Hide profile', show: can('members:hide') && m.status !== 'deleted' },
      ]
    : []
  const shown = actionButtons.filter((b) => b.show)

  return (
    <AdminPage
      title={m ? m.name : 'Member'}
      intro={<AuditNote>Opening a member is recorded in the audit log.</AuditNote>}
      actions={
        <Link to={ADMIN.members} className="btn btn--ghost btn--sm">
          ‹ Members
        </Link>
      }
    >
      <QueryStatus isLoading={member.isLoading} error={member.error} onRetry={() => void member.refetch()} />
      {m && (
        <>
          <div className="admin-card">
            <div className="admin-card__head">
              <h2 className="admin-card__title">
                {m.profileId} <StatusPill value={m.status} /> {m.hidden && <StatusPill value="hidden" />}
              </h2>
              {shown.length > 0 && (
                <div className="admin-actions" role="group" aria-label="Member actions">
                  {shown.map((b) => (
                    <button key={b.action} type="button" className={'btn btn--sm ' + (ACTIONS[b.action].danger ? 'btn--danger' : 'btn--outline')} onClick={() => setOpen(b.action)}>
                      {b.label}
                    </button>
                  ))}
                </div>
              )}
            </div>
            <Details m={m} />
          </div>

          <div className="admin-card">
            <h2 className="admin-card__title">Photos ({m.photos.length})</h2>
            {m.photos.length ? (
              <div className="admin-photos">
                {m.photos.map((p, i) => (
                  <PhotoTile key={p.id} url={p.url} index={i} canRemove={can('photos:delete')} onRemove={() => setPhotoToRemove({ id: p.id, index: i })} />
                ))}
              </div>
            ) : (
              <p className="admin-muted">No photos.</p>
            )}
          </div>

          <div className="admin-card">
            <h2 className="admin-card__title">Proofs</h2>
            {m.proofs.length ? (
              <TableCard label="Proofs">
                <thead>
                  <tr>
                    <th scope="col">Proof</th>
                    <th scope="col">Status</th>
                    <th scope="col">Uploaded</th>
                    <th scope="col">Reviewed</th>
                  </tr>
                </thead>
                <tbody>
                  {m.proofs.map((p) => (
                    <tr key={p.id}>
                      <td>{p.kind === 'id' ? 'ID proof' : 'Parish letter'}</td>
                      <td>
                        <StatusPill value={p.status} />
                      </td>
                      <td>{fmtDate(p.uploadedAt)}</td>
                      <td>{fmtDate(p.reviewedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </TableCard>
            ) : (
              <p className="admin-muted">No proofs uploaded.</p>
            )}
            {can('proofs:read') && m.proofs.some((p) => p.status === 'pending') && (
              <p>
                <Link to={ADMIN.proofs}>Review pending proofs</Link>
              </p>
            )}
          </div>

          {open && (
            <ActionDialog
              open
              title={ACTIONS[open].title(m.name)}
              confirmLabel={ACTIONS[open].confirm}
              danger={ACTIONS[open].danger}
              days={open === 'suspend' ? { label: 'Days (1–365)', min: 1, max: 365 } : undefined}
              onConfirm={(v) => runAction(open, v)}
              onCancel={() => setOpen(null)}
            >
              <p>{ACTIONS[open].body}</p>
            </ActionDialog>
          )}
          <ActionDialog
            open={photoToRemove !== null}
            title={`Remove photo ${(photoToRemove?.index ?? 0) + 1}?`}
            confirmLabel="Remove photo"
            danger
            onConfirm={runRemove}
            onCancel={() => setPhotoToRemove(null)}
          >
            <p>The photo is deleted from the member&apos;s profile and cannot be brought back. The member is told why.</p>
          </ActionDialog>
        </>
      )}
    </AdminPage>
  )
}
