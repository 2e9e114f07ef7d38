/** Route constants of spec §2. */
export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  faq: '/faq',
  privacy: '/privacy',
  termsAndUse: '/terms-and-use',
  returnAndCancellation: '/return-and-cancellation',
  successStories: '/success-stories',
  successStoriesDetail: '/success-stories-detail',
  blogs: '/blogs',
  blogByUri: '/blogs/:uri',
  blogDetail: '/blog-detail',
  plans: '/plans',
  // Public: a visitor sees the plan and its price, a member the checkout (spec §2 lists it as public).
  planUpgrade: '/plan-upgrade',
  // Ours (member): where the payment window sends the browser back, and the two outcomes; ?order=ID on each.
  planUpgradeCallback: '/plan-upgrade/callback',
  planUpgradeSuccess: '/plan-upgrade/success',
  planUpgradeFailure: '/plan-upgrade/failure',
  premiumMembers: '/premium-members',
  appShell: '/_app',
  // Account pages (ours: the spec names no path for them). E-mailed links open /activate and /reset-password.
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  activate: '/activate',
  // The unsubscribe link of every alert e-mail (?t=TOKEN): no login needed.
  unsubscribe: '/unsubscribe',
  // Member routes the account pages link to.
  myMatrimony: '/my-matrimony',
  myAccount: '/my-matrimony/my-account',
  privacyOptions: '/my-matrimony/my-account/privacy',
  hideDeleteAccount: '/hide-delete-account',
  myOrders: '/my-matrimony/orders',
  myProfile: '/my-matrimony/my-profile',
  editProfile: '/edit-profile',
  profileCompletion: '/profile-completion',
  myPhotos: '/my-matrimony/my-photos',
  uploadPhotos: '/upload-photos',
  profileView: '/profile',
  partnerPreferences: '/my-matrimony/partner-preferences',
  contactDetail: '/contact-detail',
  contactFilter: '/contact-filter',
  emailAlerts: '/email-alerts',
  // The match lists and the searches of spec §2.
  newMatches: '/matches/new-matches',
  myMatches: '/matches/my-matches',
  todayMatches: '/matches/daily-recommendations',
  nearbyMatches: '/matches/nearby-matches',
  discoveryMatches: '/matches/discovery',
  searchBasic: '/search/basic',
  searchAdvance: '/search/advance',
  // The member lists of spec §2 "Lists".
  blockedProfiles: '/matches/discovery/blocked-profile',
  dontShowProfiles: '/dont-show-profiles',
  recentViewed: '/recent-viewed',
  recentVisitors: '/recent-visitors',
  matchesRecentVisitors: '/matches/recent-visitors',
  // The inbox's invitation lists.
  inboxReceived: '/inbox/received',
  inboxSent: '/inbox/sent',
  inboxAccepted: '/inbox/accepted',
  // Photo and phone requests, received and sent (?box=sent, ?kind=photo|phone).
  inboxRequests: '/inbox/requests',
  // The members who accepted the viewer's phone request, and the notifications.
  inboxContacts: '/inbox/contacts',
  inboxNotification: '/inbox/notification',
  // The chat page (ours: the spec names the chat screens but no path for them).
  chat: '/chat',
  // The admin back office (issue 21): its own chunk, layout and session; none of the member shell.
  admin: '/admin',
} as const

/** Whether a path belongs to the admin back office (it keeps working while the member site is in maintenance). */
export function isAdminPath(pathname: string): boolean {
  return pathname === ROUTES.admin || pathname.startsWith(ROUTES.admin + '/')
}

/** Pages opened from e-mailed links: they use the minimal layout (the tokenAction flag). */
export const TOKEN_ACTION_ROUTES: string[] = [ROUTES.activate, ROUTES.resetPassword, ROUTES.unsubscribe]

/** Member-only routes of spec §2 (profile view, my matrimony, account, matches, lists, search, inbox) and the payment's return pages. */
export const MEMBER_ROUTES: { path: string; title: string }[] = [
  { path: '/profile', title: 'Profile' },
  { path: '/my-matrimony', title: 'My Matrimony' },
  { path: '/my-matrimony/partner-preferences', title: 'Partner Preferences' },
  { path: '/my-matrimony/my-profile', title: 'My Profile' },
  { path: '/my-matrimony/my-account', title: 'My Account' },
  { path: '/my-matrimony/my-photos', title: 'My Photos' },
  { path: '/my-matrimony/my-account/privacy', title: 'Privacy Options' },
  { path: '/my-matrimony/orders', title: 'My Orders' },
  { path: '/contact-detail', title: 'Contact Details' },
  { path: '/contact-filter', title: 'Contact Filter' },
  { path: '/email-alerts', title: 'Email/SMS Alerts' },
  { path: '/hide-delete-account', title: 'Hide or Delete Account' },
  { path: '/profile-completion', title: 'Profile Completion' },
  { path: '/edit-profile', title: 'Edit Profile' },
  { path: '/upload-photos', title: 'Upload Photos' },
  { path: '/matches/new-matches', title: 'New Matches' },
  { path: '/matches/my-matches', title: 'My Matches' },
  { path: '/matches/daily-recommendations', title: 'Today Matches' },
  { path: '/matches/nearby-matches', title: 'Near Me' },
  { path: '/matches/recent-visitors', title: 'Recent Visitors' },
  { path: '/matches/discovery', title: 'More Matches' },
  { path: '/matches/discovery/blocked-profile', title: 'Blocked Profiles' },
  { path: '/dont-show-profiles', title: "Don't Show Profiles" },
  { path: '/recent-viewed', title: 'Recently Viewed' },
  { path: '/recent-visitors', title: 'Recent Visitors' },
  { path: '/search/basic', title: 'Basic Search' },
  { path: '/search/advance', title: 'Advance Search' },
  { path: '/inbox/notification', title: 'Notifications' },
  { path: '/inbox/received', title: 'Received' },
  { path: '/inbox/accepted', title: 'Accepted' },
  { path: '/inbox/requests', title: 'Requests' },
  { path: '/inbox/sent', title: 'Sent' },
  { path: '/inbox/contacts', title: 'Contacts' },
  { path: '/plan-upgrade/callback', title: 'Confirming your payment' },
  { path: '/plan-upgrade/success', title: 'Payment received' },
  { path: '/plan-upgrade/failure', title: 'Payment not completed' },
  { path: '/chat', title: 'Chat' },
]
