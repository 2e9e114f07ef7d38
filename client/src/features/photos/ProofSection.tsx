import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChangeEvent } from 'react'
import { asApiError } from '../../api/api'
import { notifyError, notifySuccess } from '../../app/notify'
import ConfirmDialog from '../../components/ConfirmDialog'
import Icon from '../../components/Icon'
import { ErrorState, Skeleton } from '../../components/States'
import { formatDate } from '../../lib/format'
import { useDeleteProofMutation, useGetProofsQuery } from './api'
import { fileProblem } from './checks'
import { useProofImage, useUploadProof } from './hooks'
import { UPLOAD_CANCELLED } from './transport'
import type { Proof, ProofKind } from './types'
import { ACCEPT_ATTR } from './types'
import UploadProgressBar from './UploadProgressBar'

/** What each kind of proof is, in the member's words. */
const KIND_TEXT: Record<ProofKind, { title: string; what: string; button: string }> = {
  id: {
    title: 'ID proof',
    what: 'A photo of an identity document: Aadhaar, passport, voter ID, PAN card or driving licence. You may cover the document number.',
    button: 'Upload ID proof',
  },
  parish: {
    title: 'Parish letter',
    what: 'A letter from your parish or church, signed by the vicar or pastor, saying that you are a member.',
    button: 'Upload parish letter',
  },
}

/** The status badge and sentence of a proof. */
function proofStatus(p: Proof): { badge: string; tone: 'ok' | 'todo' | 'bad'; line: string } {
  switch (p.status) {
    case 'pending':
      return { badge: 'Waiting for review', tone: 'todo', line: `Uploaded on ${formatDate(p.uploadedAt)}. Our team checks it soon; you get a badge once it is verified.` }
    case 'verified':
      return { badge: 'Verified', tone: 'ok', line: `Verified on ${formatDate(p.reviewedAt)}. Your profile shows the badge.` }
    case 'rejected':
      return {
        badge: 'Not accepted',
        tone: 'bad',
        line: `Checked on ${formatDate(p.reviewedAt)} and not accepted${p.note ? `: ${p.note}` : ''}. Please upload a clearer image.`,
      }
    default:
      return { badge: 'Not uploaded', tone: 'todo', line: 'Not uploaded yet.' }
  }
}

/** One kind of proof: its status, the member's own image on request, upload or replace with progress, and delete. */
function ProofCard({ proof }: { proof: Proof }) {
  const text = KIND_TEXT[proof.kind]
  const status = proofStatus(proof)
  const upload = useUploadProof()
  const [remove, { isLoading: deleting }] = useDeleteProofMutation()
  const [progress, setProgress] = useState<{ fraction: number; processing: boolean } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [showImage, setShowImage] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const image = useProofImage(proof.kind, showImage && proof.hasImage, proof.uploadedAt)
  const inputId = `proof-${proof.kind}`
  const verified = proof.status === 'verified'
  const cancelConfirm = useCallback(() => setConfirming(false), [])

  useEffect(() => () => abort.current?.abort(), [])

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    const problem = fileProblem(file)
    setError(problem)
    if (problem) return
    abort.current = new AbortController()
    setProgress({ fraction: 0, processing: false })
    const res = await upload(proof.kind, file, {
      signal: abort.current.signal,
      onProgress: (p) => setProgress({ fraction: p.total ? p.loaded / p.total : 0, processing: p.total > 0 && p.loaded >= p.total }),
    })
    setProgress(null)
    if (res.error) {
      if (res.error.message === UPLOAD_CANCELLED) return
      const msg = res.error.fieldErrors?.image ?? res.error.fieldErrors?.kind ?? res.error.message
      setError(msg)
      notifyError(msg)
      return
    }
    notifySuccess(res.message || 'proof image updated successfully')
  }

  const onDelete = async () => {
    try {
      const res = await remove(proof.kind).unwrap()
      notifySuccess(res.message || 'Deleted')
      setShowImage(false)
    } catch {
      // Toasted by the store middleware.
    }
    setConfirming(false)
  }

  return (
    <li className="proof-card" aria-labelledby={`${inputId}-title`}>
      <div className="proof-card__head">
        <h3 id={`${inputId}-title`} className="proof-card__title">
          <Icon name={proof.kind === 'id' ? 'shield' : 'cross'} size={18} /> {text.title}
        </h3>
        <span className={'badge ' + (status.tone === 'ok' ? 'badge--ok' : status.tone === 'bad' ? 'badge--bad' : 'badge--todo')}>{status.badge}</span>
      </div>
      <p className="small">{text.what}</p>
      <p className="small proof-card__status" role="status">
        {status.line}
      </p>

      {proof.hasImage && (
        <div className="proof-card__image">
          <button type="button" className="link-btn" aria-expanded={showImage} onClick={() => setShowImage((s) => !s)}>
            {showImage ? 'Hide my upload' : 'Show my upload'}
          </button>
          {showImage && image.loading && <Skeleton lines={2} />}
          {showImage && image.error && <p className="field__error">{image.error.message}</p>}
          {showImage && image.url && <img src={image.url} alt={`Your ${text.title.toLowerCase()} as uploaded`} className="proof-card__img" />}
        </div>
      )}
      {!proof.hasImage && proof.status !== 'none' && <p className="small muted">The image was deleted 30 days after the check; the result is kept.</p>}

      {progress && <UploadProgressBar fraction={progress.fraction} processing={progress.processing} label={`Uploading ${text.title.toLowerCase()}`} />}
      {error && (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}

      {!verified && (
        <div className="proof-card__actions">
          <input
            id={inputId}
            type="file"
            accept={ACCEPT_ATTR}
            className="sr-only file-input"
            disabled={progress !== null}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => void onFile(e)}
          />
          <label htmlFor={inputId} className={'btn btn--outline btn--sm' + (progress ? ' is-disabled' : '')}>
            {proof.status === 'none' ? text.button : 'Replace image'}
          </label>
          {progress && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => abort.current?.abort()}>
              Cancel upload
            </button>
          )}
          {!progress && proof.status !== 'none' && (
            <button type="button" className="btn btn--ghost btn--sm" disabled={deleting} onClick={() => setConfirming(true)}>
              Delete<span className="sr-only"> {text.title.toLowerCase()}</span>
            </button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Delete your ${text.title.toLowerCase()}?`}
        confirmLabel={deleting ? 'Deleting…' : 'Delete'}
        danger
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={cancelConfirm}
      >
        <p>The image is removed and the review stops. You can upload a new one at any time.</p>
      </ConfirmDialog>
    </li>
  )
}

/** Proof images (GET profile/proof): an ID or a parish letter, seen only by the member and the verification team. */
export default function ProofSection() {
  const { data, isLoading, isError, error, refetch } = useGetProofsQuery()
  return (
    <section className="panel" aria-labelledby="proof-title">
      <h2 id="proof-title" className="panel__title">
        Proof of identity
      </h2>
      <p className="small">
        A verified ID or parish letter gives your profile a badge that families trust. Only you and our verification team ever see these images; other members
        see only the badge. The image is deleted 30 days after it is checked. JPEG, PNG or WebP, up to 10 MB.
      </p>
      {isLoading && <Skeleton lines={4} />}
      {isError && <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />}
      {data && (
        <ul className="proof-list">
          {data.proofs.map((p) => (
            <ProofCard key={p.kind} proof={p} />
          ))}
        </ul>
      )}
    </section>
  )
}
