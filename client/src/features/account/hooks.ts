import { useCallback, useEffect, useState } from 'react'

/** A countdown in seconds for "Resend OTP"-style buttons: start(n) begins it, remaining reaches 0 when allowed again. */
export function useCooldown() {
  const [remaining, setRemaining] = useState(0)
  useEffect(() => {
    if (remaining <= 0) return
    const t = setTimeout(() => setRemaining((r) => r - 1), 1000)
    return () => clearTimeout(t)
  }, [remaining])
  const start = useCallback((seconds: number) => setRemaining(seconds), [])
  return { remaining, start }
}

/** Seconds to wait before an OTP can be sent again. */
export const OTP_RESEND_SECONDS = 30
