import type { ReactNode } from 'react'
import Icon from './Icon'
import type { IconName } from './Icon'

/** A friendly "nothing here" panel. */
export function EmptyState({ title, children, icon = 'heart' }: { title: string; children?: ReactNode; icon?: IconName }) {
  return (
    <div className="state state--empty" role="status">
      <Icon name={icon} size={36} className="state__icon" />
      <p className="state__title">{title}</p>
      {children && <div className="state__body">{children}</div>}
    </div>
  )
}

/** An error panel with a retry button; announced to screen readers. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <Icon name="info" size={36} className="state__icon" />
      <p className="state__title">We could not load this just now.</p>
      <p className="state__body">{message || 'Please check your connection and try again.'}</p>
      {onRetry && (
        <button type="button" className="btn btn--outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  )
}

/** Grey placeholder blocks while content loads. */
export function Skeleton({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div className={['skeleton', className].filter(Boolean).join(' ')} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__line" style={{ width: `${100 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  )
}

/** A grid of card placeholders. */
export function SkeletonCards({ count = 3 }: { count?: number }) {
  return (
    <div className="card-grid" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-card">
          <span className="skeleton__block" />
          <Skeleton lines={3} />
        </div>
      ))}
    </div>
  )
}
