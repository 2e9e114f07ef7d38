import { useEffect, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'

/** The preloader stays this long after a route change ends (spec §9). */
export const PRELOADER_HIDE_MS = 2000

/** visible: on during a route change and for 2 s after it completes; busy: the new screen is still loading. */
export function usePreloader() {
  const navigation = useNavigation()
  const location = useLocation()
  const busy = navigation.state !== 'idle'
  const [visible, setVisible] = useState(true)
  // Each start or end of a route change shows it again.
  const [shownFor, setShownFor] = useState({ busy, key: location.key })
  if (shownFor.busy !== busy || shownFor.key !== location.key) {
    setShownFor({ busy, key: location.key })
    setVisible(true)
  }

  useEffect(() => {
    if (busy) return
    const t = window.setTimeout(() => setVisible(false), PRELOADER_HIDE_MS)
    return () => window.clearTimeout(t)
  }, [busy, location.key])

  return { visible, busy }
}
