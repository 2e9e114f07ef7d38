/** An upload's progress bar: the share of bytes sent, then "processing" while the server re-encodes the image. */
export default function UploadProgressBar({ fraction, label, processing }: { fraction: number; label: string; processing?: boolean }) {
  const pct = Math.max(0, Math.min(100, Math.round(fraction * 100)))
  return (
    <div className="upload-progress">
      <div
        className={'progress' + (processing ? ' progress--busy' : '')}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={processing ? 'Uploaded; preparing the image' : `${pct}% uploaded`}
      >
        <span className="progress__bar" style={{ width: `${pct}%` }} />
      </div>
      <span className="small muted" aria-hidden="true">
        {processing ? 'Uploaded; preparing the image…' : `${pct}% uploaded`}
      </span>
    </div>
  )
}
