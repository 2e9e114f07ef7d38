/** The route-change preloader: a slim top bar, plus a light overlay only while a screen is still loading. */
export default function Preloader({ visible, busy }: { visible: boolean; busy: boolean }) {
  return (
    <div className={'preloader' + (visible ? ' is-visible' : '') + (busy ? ' is-busy' : '')} data-testid="preloader" aria-hidden={!busy}>
      <div className="preloader__bar" />
      {busy && (
        <div className="preloader__overlay" role="status" aria-live="polite">
          <span className="preloader__spinner" />
          <span className="sr-only">Loading…</span>
        </div>
      )}
    </div>
  )
}
