import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router'
import { useEffect, useMemo, useState } from 'react'
import Maintenance from '../routes/Maintenance'
import { config } from './config'
import { makeStore } from './store'
import type { AppStore } from './store'
import { createAppRouter } from './router'
import { isAdminPath } from './routes'
import { MAINTENANCE_EVENT } from '../api/maintenance'

/**
 * The whole app; in maintenance mode only the maintenance screen (spec §2), except the admin back office, which keeps
 * working. Maintenance switched on while a page is open reaches it through the first member call that the server
 * refuses with 503 (MAINTENANCE_EVENT).
 */
export default function App({ store }: { store?: AppStore }) {
  const s = useMemo(() => store ?? makeStore(), [store])
  const [begun, setBegun] = useState(false)
  useEffect(() => {
    const on = () => setBegun(true)
    window.addEventListener(MAINTENANCE_EVENT, on)
    return () => window.removeEventListener(MAINTENANCE_EVENT, on)
  }, [])
  const down = (config.maintenanceMode || begun) && !isAdminPath(window.location.pathname)
  const router = useMemo(() => (down ? null : createAppRouter()), [down])
  if (down || !router) return <Maintenance brand={config.brandName} />
  return (
    <Provider store={s}>
      <RouterProvider router={router} />
    </Provider>
  )
}
