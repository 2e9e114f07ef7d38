import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** Scrolls to #anchor targets once they exist (content often arrives after the route renders). */
export function useHashScroll() {
  const { hash, key } = useLocation()
  useEffect(() => {
    if (!hash) return
    const id = decodeURIComponent(hash.slice(1))
    let tries = 0
    const t = window.setInterval(() => {
      const el = document.getElementById(id)
      if (el || ++tries > 40) {
        window.clearInterval(t)
        if (el) {
          el.scrollIntoView({ block: 'start' })
          if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
          el.focus({ preventScroll: true })
        }
      }
    }, 75)
    return () => window.clearInterval(t)
  }, [hash, key])
}
