import Icon from './Icon'

/** The back-to-top button, shown after 300 px of scroll. */
export default function BackToTop({ visible }: { visible: boolean }) {
  return (
    <button
      type="button"
      className={'back-to-top' + (visible ? ' is-visible' : '')}
      aria-label="Back to top"
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
        document.getElementById('main')?.focus({ preventScroll: true })
      }}
    >
      <Icon name="arrowUp" size={22} />
    </button>
  )
}
