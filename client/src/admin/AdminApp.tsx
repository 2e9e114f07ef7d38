import { lazy, useEffect } from 'react'
import { useStore } from 'react-redux'
import { Route, Routes } from 'react-router'
import { ToastContainer } from 'react-toastify'
import { useAppSelector } from '../app/hooks'
import { TOAST_OPTIONS } from '../app/notify'
import { config } from '../app/config'
import { injectApiSlice } from '../app/store'
import type { AppStore } from '../app/store'
import '../styles/admin.css'
import { adminApi } from './api'
import LoginScreen from './login/LoginScreen'
import RequireAdmin, { Guard } from './shell/RequireAdmin'
import { AdminBoot } from './shell/AdminBoot'

// Each area is a chunk of its own inside the admin chunk: a moderator never downloads the blog editor.
const Dashboard = lazy(() => import('./dashboard/Dashboard'))
const MembersScreen = lazy(() => import('./members/MembersScreen'))
const MemberScreen = lazy(() => import('./members/MemberScreen'))
const ProofsScreen = lazy(() => import('./moderation/ProofsScreen'))
const ReportsScreen = lazy(() => import('./moderation/ReportsScreen'))
const ReportScreen = lazy(() => import('./moderation/ReportScreen'))
const BlogsScreen = lazy(() => import('./content/BlogsScreen'))
const BlogEditor = lazy(() => import('./content/BlogEditor'))
const StoriesScreen = lazy(() => import('./content/StoriesScreen'))
const FaqScreen = lazy(() => import('./content/FaqScreen'))
const PagesScreen = lazy(() => import('./content/PagesScreen'))
const PlansScreen = lazy(() => import('./finance/PlansScreen'))
const CouponsScreen = lazy(() => import('./finance/CouponsScreen'))
const OrdersScreen = lazy(() => import('./finance/OrdersScreen'))
const SiteScreen = lazy(() => import('./site/SiteScreen'))
const InboxScreen = lazy(() => import('./support/InboxScreen'))
const MessageScreen = lazy(() => import('./support/MessageScreen'))
const AdminsScreen = lazy(() => import('./admins/AdminsScreen'))
const AuditScreen = lazy(() => import('./admins/AuditScreen'))
const NotFound = lazy(() => import('./shell/AdminNotFound'))

/** The back office's screens under /admin, each behind the permissions that open it. */
function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginScreen />} />
      <Route element={<RequireAdmin />}>
        <Route index element={<Dashboard />} />
        <Route path="members" element={<Guard anyOf={['members:read']}><MembersScreen /></Guard>} />
        <Route path="members/:profileId" element={<Guard anyOf={['members:view']}><MemberScreen /></Guard>} />
        <Route path="proofs" element={<Guard anyOf={['proofs:read']}><ProofsScreen /></Guard>} />
        <Route path="reports" element={<Guard anyOf={['reports:read']}><ReportsScreen /></Guard>} />
        <Route path="reports/:id" element={<Guard anyOf={['reports:view']}><ReportScreen /></Guard>} />
        <Route path="content/blogs" element={<Guard anyOf={['blogs:write']}><BlogsScreen /></Guard>} />
        <Route path="content/blogs/:id" element={<Guard anyOf={['blogs:write']}><BlogEditor /></Guard>} />
        <Route path="content/stories" element={<Guard anyOf={['stories:write']}><StoriesScreen /></Guard>} />
        <Route path="content/faq" element={<Guard anyOf={['faq:write']}><FaqScreen /></Guard>} />
        <Route path="content/pages" element={<Guard anyOf={['pages:write']}><PagesScreen /></Guard>} />
        <Route path="finance/plans" element={<Guard anyOf={['plans:write']}><PlansScreen /></Guard>} />
        <Route path="finance/coupons" element={<Guard anyOf={['coupons:write']}><CouponsScreen /></Guard>} />
        <Route path="finance/orders" element={<Guard anyOf={['payments:read']}><OrdersScreen /></Guard>} />
        <Route path="site" element={<Guard anyOf={['settings:write', 'maintenance:write']}><SiteScreen /></Guard>} />
        <Route path="support" element={<Guard anyOf={['contact:read']}><InboxScreen /></Guard>} />
        <Route path="support/:id" element={<Guard anyOf={['contact:read']}><MessageScreen /></Guard>} />
        <Route path="admins" element={<Guard anyOf={['admins:manage']}><AdminsScreen /></Guard>} />
        <Route path="audit" element={<Guard anyOf={['audit:read']}><AuditScreen /></Guard>} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  )
}

/**
 * The admin back office (issue 21), loaded as its own chunk by the router's /admin/* route only. On first render it
 * mounts its API slice (adminApi) on the store (reducer and middleware, injected lazily), then shows its routes.
 */
export default function AdminApp() {
  const store = useStore() as AppStore
  const mounted = useAppSelector((s) => (s as Record<string, unknown>)[adminApi.reducerPath] !== undefined)
  useEffect(() => {
    if (!mounted) injectApiSlice(store, adminApi)
  }, [mounted, store])

  return (
    <div className="admin-root">
      <title>{`Back office | ${config.brandName} Matrimony`}</title>
      <meta name="robots" content="noindex" />
      {mounted ? <AdminRoutes /> : <AdminBoot />}
      <ToastContainer position="top-center" autoClose={TOAST_OPTIONS.autoClose} theme={TOAST_OPTIONS.theme} draggable={TOAST_OPTIONS.draggable} newestOnTop limit={3} />
    </div>
  )
}
