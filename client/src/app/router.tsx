import { Navigate, createBrowserRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import type { ComponentType } from 'react'
import RootLayout from './layouts/RootLayout'
import RequireMember from './RequireMember'
import RequireVisitor from './RequireVisitor'
import { MEMBER_ROUTES, ROUTES } from './routes'
import RouteError from '../routes/RouteError'

/** A calm brand-coloured bar while the very first screen loads. */
function BootFallback() {
  return (
    <div className="boot" role="status">
      <span className="sr-only">Loading…</span>
    </div>
  )
}

/** Lazy route module: each screen is its own chunk, so a cheap phone downloads only what it shows. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const m = await load()
  return { Component: m.default }
}

/** Member screens built so far; every other member route shows the member-area placeholder. */
const MEMBER_SCREENS: Record<string, ReturnType<typeof page>> = {
  [ROUTES.myMatrimony]: page(() => import('../routes/MyMatrimony')),
  [ROUTES.myAccount]: page(() => import('../routes/MyAccount')),
  [ROUTES.privacyOptions]: page(() => import('../routes/PrivacyOptions')),
  [ROUTES.hideDeleteAccount]: page(() => import('../routes/HideDeleteAccount')),
  [ROUTES.myProfile]: page(() => import('../routes/MyProfile')),
  [ROUTES.editProfile]: page(() => import('../routes/EditProfile')),
  [ROUTES.profileCompletion]: page(() => import('../routes/ProfileCompletion')),
  [ROUTES.myPhotos]: page(() => import('../routes/MyPhotos')),
  [ROUTES.uploadPhotos]: page(() => import('../routes/UploadPhotos')),
  [ROUTES.profileView]: page(() => import('../routes/ProfileView')),
  [ROUTES.partnerPreferences]: page(() => import('../routes/PartnerPreferences')),
  [ROUTES.contactDetail]: page(() => import('../routes/ContactDetail')),
  [ROUTES.contactFilter]: page(() => import('../routes/ContactFilter')),
  [ROUTES.emailAlerts]: page(() => import('../routes/EmailAlerts')),
  [ROUTES.chat]: page(() => import('../routes/Chat')),
  [ROUTES.blockedProfiles]: page(() => import('../routes/BlockedProfiles')),
  [ROUTES.dontShowProfiles]: page(() => import('../routes/DontShowProfiles')),
  [ROUTES.recentViewed]: page(() => import('../routes/RecentlyViewed')),
  [ROUTES.recentVisitors]: page(() => import('../routes/RecentVisitors')),
  [ROUTES.matchesRecentVisitors]: page(() => import('../routes/RecentVisitors')),
  [ROUTES.newMatches]: page(() => import('../routes/NewMatches')),
  [ROUTES.myMatches]: page(() => import('../routes/MyMatches')),
  [ROUTES.todayMatches]: page(() => import('../routes/TodayMatches')),
  [ROUTES.nearbyMatches]: page(() => import('../routes/NearbyMatches')),
  [ROUTES.discoveryMatches]: page(() => import('../routes/DiscoveryMatches')),
  [ROUTES.searchBasic]: page(() => import('../routes/SearchBasic')),
  [ROUTES.searchAdvance]: page(() => import('../routes/SearchAdvance')),
  [ROUTES.inboxReceived]: page(() => import('../routes/InboxReceived')),
  [ROUTES.inboxSent]: page(() => import('../routes/InboxSent')),
  [ROUTES.inboxAccepted]: page(() => import('../routes/InboxAccepted')),
  [ROUTES.inboxRequests]: page(() => import('../routes/InboxRequests')),
  [ROUTES.inboxContacts]: page(() => import('../routes/InboxContacts')),
  [ROUTES.inboxNotification]: page(() => import('../routes/InboxNotifications')),
  [ROUTES.myOrders]: page(() => import('../routes/MyOrders')),
  [ROUTES.planUpgradeCallback]: page(() => import('../routes/PlanUpgradeCallback')),
  [ROUTES.planUpgradeSuccess]: page(() => import('../routes/PlanUpgradeSuccess')),
  [ROUTES.planUpgradeFailure]: page(() => import('../routes/PlanUpgradeFailure')),
}

/** Every route of spec §2, and the admin back office beside them. */
export const routeObjects: RouteObject[] = [
  {
    // Issue 21: the admin app is a chunk of its own that only this route loads, and it sits outside RootLayout, so
    // none of the member shell (header, footer, chat dock, socket, session) runs there. Its screens are its own routes.
    path: ROUTES.admin + '/*',
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootFallback />,
    lazy: page(() => import('../admin/AdminApp')),
  },
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    // Shown for the first moment while the first screen's chunk loads.
    hydrateFallbackElement: <BootFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('../routes/Home')) },
          {
            Component: RequireVisitor,
            children: [
              { path: ROUTES.login, lazy: page(() => import('../routes/Login')) },
              { path: ROUTES.register, lazy: page(() => import('../routes/Register')) },
            ],
          },
          { path: ROUTES.forgotPassword, lazy: page(() => import('../routes/ForgotPassword')) },
          { path: ROUTES.resetPassword, lazy: page(() => import('../routes/ResetPassword')) },
          { path: ROUTES.activate, lazy: page(() => import('../routes/Activate')) },
          { path: ROUTES.unsubscribe, lazy: page(() => import('../routes/Unsubscribe')) },
          { path: ROUTES.aboutUs, lazy: page(() => import('../routes/AboutUs')) },
          { path: ROUTES.contactUs, lazy: page(() => import('../routes/ContactUs')) },
          { path: ROUTES.faq, lazy: page(() => import('../routes/Faq')) },
          { path: ROUTES.privacy, lazy: page(() => import('../routes/Privacy')) },
          { path: ROUTES.termsAndUse, lazy: page(() => import('../routes/TermsAndUse')) },
          { path: ROUTES.returnAndCancellation, lazy: page(() => import('../routes/ReturnAndCancellation')) },
          { path: ROUTES.successStories, lazy: page(() => import('../routes/SuccessStories')) },
          { path: ROUTES.successStoriesDetail, lazy: page(() => import('../routes/SuccessStoryDetail')) },
          { path: ROUTES.blogs, lazy: page(() => import('../routes/Blogs')) },
          { path: ROUTES.blogByUri, lazy: page(() => import('../routes/BlogDetail')) },
          { path: ROUTES.blogDetail, lazy: page(() => import('../routes/BlogDetail')) },
          { path: ROUTES.plans, lazy: page(() => import('../routes/Plans')) },
          // Public (spec §2): a visitor sees the plan and its price, a member the checkout.
          { path: ROUTES.planUpgrade, lazy: page(() => import('../routes/PlanUpgrade')) },
          { path: ROUTES.premiumMembers, lazy: page(() => import('../routes/PremiumMembers')) },
          // The app shell route of spec §2; it opens the home page.
          { path: ROUTES.appShell, element: <Navigate to="/" replace /> },
          {
            Component: RequireMember,
            children: MEMBER_ROUTES.map((r) => ({ path: r.path, lazy: MEMBER_SCREENS[r.path] ?? page(() => import('../routes/MemberArea')) })),
          },
          { path: '*', lazy: page(() => import('../routes/NotFound')) },
        ],
      },
    ],
  },
]

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routeObjects)
}
