import { useEffect } from 'react'
import type { RefObject } from 'react'
import { useBlocker } from 'react-router'
import ConfirmDialog from '../../components/ConfirmDialog'

/**
 * Asks before leaving with unsaved changes: in-app navigation through the router (a dialog), closing or reloading
 * the tab natively. `bypass` lets the page itself navigate away (after a save) without asking.
 */
export function useUnsavedChangesGuard(dirty: boolean, bypass?: RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !bypass?.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay here"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>You changed this section but did not save it. If you leave now, the changes are lost.</p>
    </ConfirmDialog>
  )
}
