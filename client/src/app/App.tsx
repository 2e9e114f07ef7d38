import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router'
import { useMemo } from 'react'
import Maintenance from '../routes/Maintenance'
import { config } from './config'
import { makeStore } from './store'
import type { AppStore } from './store'
import { createAppRouter } from './router'

/** The whole app; in maintenance mode only the maintenance screen (spec §2). */
export default function App({ store }: { store?: AppStore }) {
  const s = useMemo(() => store ?? makeStore(), [store])
  const router = useMemo(() => (config.maintenanceMode ? null : createAppRouter()), [])
  if (config.maintenanceMode || !router) return <Maintenance brand={config.brandName} />
  return (
    <Provider store={s}>
      <RouterProvider router={router} />
    </Provider>
  )
}
