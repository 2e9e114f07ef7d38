import { useEffect, useState } from 'react'
import { isMissing } from '../../api/api'
import { useGetOrderQuery } from './api'

/** How long to wait before each new look at an order that is still being confirmed (about half a minute in all). */
export const ORDER_POLL_DELAYS: readonly number[] = [2000, 3000, 5000, 8000, 12000]

/**
 * GET payment/{id}, looked at again after each of delays while the order still awaits its payment ("created": the
 * bank's answer or the gateway's webhook is on its way) or the look failed for a passing reason. pending says it
 * is still looking; gaveUp that it stopped with the order still unsettled; again() starts over.
 */
export function useOrderWatch(orderId: string, { skip = false, delays = ORDER_POLL_DELAYS }: { skip?: boolean; delays?: readonly number[] } = {}) {
  const query = useGetOrderQuery(orderId, { skip: skip || !orderId })
  const [tries, setTries] = useState(0)
  const { data, isError, error, isFetching, refetch } = query
  const unsettled = !skip && Boolean(orderId) && (data?.status === 'created' || (isError && !isMissing(error)))
  const exhausted = tries >= delays.length
  useEffect(() => {
    if (!unsettled || exhausted || isFetching) return
    const t = setTimeout(() => {
      setTries((n) => n + 1)
      void refetch()
    }, delays[tries])
    return () => clearTimeout(t)
  }, [unsettled, exhausted, isFetching, tries, delays, refetch])
  const again = () => {
    setTries(0)
    void refetch()
  }
  return { ...query, pending: unsettled && !exhausted, gaveUp: unsettled && exhausted && !isFetching, again }
}
