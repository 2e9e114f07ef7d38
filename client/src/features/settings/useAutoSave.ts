import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'

/** What useAutoSave gives a control: the value waiting to be confirmed, whether it is being saved, the last failure. */
export interface AutoSave<T> {
  /** The member's latest choice until the server has confirmed it; undefined once saved or failed. */
  pending: { value: T } | undefined
  saving: boolean
  error: string
  change: (value: T) => void
}

/**
 * Saves a setting shortly after the member stops changing it, one request at a time, always ending on their last
 * choice: arrowing through a radio group or tapping a switch twice sends one request, never two racing ones. A change
 * still waiting when the screen closes is sent at once. On success the server's message is toasted.
 */
export function useAutoSave<T>(save: (value: T) => Promise<string>, delay = 350): AutoSave<T> {
  const [pending, setPending] = useState<{ value: T }>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const wanted = useRef<{ value: T } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef(false)
  const mounted = useRef(true)
  // flush runs from timers and after awaits, so it calls the latest save the screen rendered.
  const saveRef = useRef(save)
  useLayoutEffect(() => {
    saveRef.current = save
  }, [save])

  // One save at a time; a choice made meanwhile is sent when the save in flight ends.
  const flush = useCallback(() => {
    const run = async (): Promise<void> => {
      clearTimeout(timer.current)
      timer.current = undefined
      if (inFlight.current || !wanted.current) return
      const { value } = wanted.current
      wanted.current = null
      inFlight.current = true
      if (mounted.current) setSaving(true)
      try {
        const message = await saveRef.current(value)
        if (!wanted.current) {
          notifySuccess(message || 'Record updated Successfully')
          if (mounted.current) setPending(undefined)
        }
      } catch (err) {
        if (!wanted.current && mounted.current) {
          setPending(undefined)
          setError(asApiError(err)?.message ?? 'We could not save this just now.')
        }
      } finally {
        inFlight.current = false
        if (mounted.current) setSaving(false)
        if (wanted.current) void run()
      }
    }
    return run()
  }, [])

  const change = useCallback(
    (value: T) => {
      wanted.current = { value }
      setPending({ value })
      setError('')
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void flush(), delay)
    },
    [delay, flush],
  )

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      if (timer.current !== undefined) void flush()
    }
  }, [flush])

  return { pending, saving, error, change }
}
