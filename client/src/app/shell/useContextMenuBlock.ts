import { useEffect } from 'react'

/** Disables the right-click context menu app-wide (spec §2). */
export function useContextMenuBlock() {
  useEffect(() => {
    const block = (e: MouseEvent) => e.preventDefault()
    document.addEventListener('contextmenu', block)
    return () => document.removeEventListener('contextmenu', block)
  }, [])
}
