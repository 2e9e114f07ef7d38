import { useEffect, useState } from 'react'

/** Scroll thresholds of spec §9. */
export const HEADER_ACTIVE_AT = 200
export const HEADER_EFFECT_AT = 400
export const BACK_TO_TOP_AT = 300

/** Which scroll thresholds the page has passed; updated at most once per frame. */
export function useScrollThresholds() {
  const [y, setY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY))
  useEffect(() => {
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        setY(window.scrollY)
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    onScroll()
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return {
    headerActive: y >= HEADER_ACTIVE_AT,
    headerScrolled: y >= HEADER_EFFECT_AT,
    showBackToTop: y >= BACK_TO_TOP_AT,
  }
}
