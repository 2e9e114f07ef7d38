import { Link } from 'react-router'

/** The brand mark: a cross between two rings, with the site name. */
export default function Logo({ brand, compact = false }: { brand: string; compact?: boolean }) {
  return (
    <Link to="/" className={'logo' + (compact ? ' logo--compact' : '')} aria-label={`${brand} Matrimony, home`}>
      <svg className="logo__mark" viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="23" fill="#6b1531" />
        <circle cx="19" cy="28" r="8" fill="none" stroke="#e9c46a" strokeWidth="2.6" />
        <circle cx="29" cy="28" r="8" fill="none" stroke="#e9c46a" strokeWidth="2.6" />
        <path d="M22.6 7h2.8v5h4.4v2.8h-4.4v6h-2.8v-6h-4.4V12h4.4z" fill="#fff" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">
          {brand} <span className="logo__accent">Matrimony</span>
        </span>
        {!compact && <span className="logo__tag">Christian brides &amp; grooms of India</span>}
      </span>
    </Link>
  )
}
