import { useCallback, useState } from 'react'
import type { Dispatch } from '@reduxjs/toolkit'
import { isEnvelope, toApiError, withSessionRules } from '../../api/api'
import type { ApiError } from '../../api/api'
import { tokenStore } from '../../api/session'
import { useAppDispatch } from '../../app/hooks'
import { notifyError } from '../../app/notify'
import { filenameFromDisposition, saveBlob } from '../../lib/download'

/** The words when an invoice could not be downloaded and the server said nothing better. */
export const INVOICE_ERROR = 'The invoice could not be downloaded just now. Please try again.'

/** An invoice PDF and the name to save it as. */
export interface InvoiceFile {
  blob: Blob
  filename: string
}

/**
 * GET generate/invoice/{orderId} with the member's bearer token (under the session rules: an expired token is
 * renewed once and the call sent again): the PDF and its file name (Content-Disposition, else invoice-ID.pdf), or the
 * server's error (404 when the order has no invoice).
 */
export async function fetchInvoice(orderId: string, dispatch: Dispatch): Promise<{ data: InvoiceFile; error?: undefined } | { error: ApiError }> {
  const url = `${window.location.origin}/api/v1/generate/invoice/${encodeURIComponent(orderId)}`
  const send = async (): Promise<{ data?: InvoiceFile; error?: ApiError }> => {
    const token = tokenStore.token()
    let res: Response
    try {
      res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
    } catch {
      return { error: toApiError('FETCH_ERROR', null) }
    }
    const type = res.headers.get('Content-Type') ?? ''
    if (res.ok && !type.includes('json')) {
      const blob = await res.blob()
      return { data: { blob, filename: filenameFromDisposition(res.headers.get('Content-Disposition'), `invoice-${orderId}.pdf`) } }
    }
    const body: unknown = await res.json().catch(() => null)
    return { error: isEnvelope(body) ? toApiError(res.ok ? 'ENVELOPE_ERROR' : res.status, body) : { status: res.ok ? 'ENVELOPE_ERROR' : res.status, message: INVOICE_ERROR } }
  }
  const result: { data?: InvoiceFile; error?: ApiError } = await withSessionRules(send, dispatch)
  if (result.error) return { error: result.error }
  if (!result.data) return { error: { status: 'ENVELOPE_ERROR', message: INVOICE_ERROR } }
  return { data: result.data }
}

/**
 * Downloading invoices from a screen: download(orderId) fetches the PDF and saves it, busy is the order being
 * fetched, and errors (by order) keeps the last failure's words, also toasted.
 */
export function useInvoiceDownload() {
  const dispatch = useAppDispatch()
  const [busy, setBusy] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const download = useCallback(
    async (orderId: string) => {
      setBusy(orderId)
      setErrors((e) => {
        const next = { ...e }
        delete next[orderId]
        return next
      })
      const r = await fetchInvoice(orderId, dispatch)
      setBusy((b) => (b === orderId ? null : b))
      if (r.error) {
        const message = r.error.message || INVOICE_ERROR
        setErrors((e) => ({ ...e, [orderId]: message }))
        notifyError(message)
        return
      }
      saveBlob(r.data.blob, r.data.filename)
    },
    [dispatch],
  )
  return { download, busy, errors }
}
