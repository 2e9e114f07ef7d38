import { toast } from 'react-toastify'

/** Toast options of spec §9: 2 s, dark, not draggable. */
export const TOAST_OPTIONS = { autoClose: 2000, theme: 'dark', draggable: false } as const

/** Shows an error toast; the same text is not stacked twice. */
export function notifyError(message: string) {
  toast.error(message, { toastId: `err:${message}` })
}

/** Shows a success toast. */
export function notifySuccess(message: string) {
  toast.success(message, { toastId: `ok:${message}` })
}

/** Shows a neutral toast (a live notification); one per id, so the same notification never stacks. */
export function notifyInfo(message: string, id?: string | number) {
  toast.info(message, { toastId: `info:${id ?? message}` })
}
