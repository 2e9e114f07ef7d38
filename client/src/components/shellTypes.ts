/** The site settings the shell shows (a subset of GET common settings). */
export interface ShellSettings {
  supportEmail: string
  contactNo: string[]
  whatsapp: string
  social: { facebook: string; instagram: string; twitter: string; youtube: string }
  officeAddress: { line1: string; line2: string; city: string; state: string; pincode: string; country: string }
}

/** A navigation entry. */
export interface NavItem {
  to: string
  label: string
}

/** The logged-out header links of spec §2, in order. */
export const PUBLIC_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/about-us', label: 'About Us' },
  { to: '/success-stories', label: 'Success Stories' },
  { to: '/plans', label: 'Pricing Plans' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact Us' },
]

/** tel: href from a display number like "+91 98400 12345". */
export function telHref(n: string): string {
  return 'tel:' + n.replace(/[^\d+]/g, '')
}

/** A titled group of navigation entries (a menu of the logged-in header). */
export interface NavGroup {
  label: string
  items: NavItem[]
}

/** The logged-in menu groups of spec §2, mapped onto the spec's route constants. */
export const MEMBER_MENU: NavGroup[] = [
  {
    label: 'My Matrimony',
    items: [
      { to: '/my-matrimony', label: 'Dashboard' },
      { to: '/my-matrimony/my-profile', label: 'My profile' },
      { to: '/my-matrimony/my-photos', label: 'My Photos' },
      { to: '/my-matrimony/partner-preferences', label: 'Partner Preference' },
      { to: '/my-matrimony/my-account', label: 'My Account' },
      { to: '/contact-detail', label: 'Contact Details' },
      { to: '/my-matrimony/orders', label: 'My Orders' },
      { to: '/inbox/notification', label: 'Notifications' },
    ],
  },
  {
    label: 'Matches',
    items: [
      { to: '/matches/new-matches', label: 'New Matches' },
      { to: '/matches/daily-recommendations', label: 'Today Matches' },
      { to: '/matches/my-matches', label: 'My Matches' },
      { to: '/matches/nearby-matches', label: 'Near Me' },
      { to: '/matches/recent-visitors', label: 'Recent Visitors' },
      { to: '/matches/discovery', label: 'More Matches' },
    ],
  },
  {
    label: 'Search',
    items: [
      { to: '/search/basic', label: 'Basic' },
      { to: '/search/advance', label: 'Advance' },
    ],
  },
  {
    label: 'Inbox',
    items: [
      { to: '/inbox/received', label: 'Received' },
      { to: '/inbox/accepted', label: 'Accepted' },
      { to: '/inbox/requests', label: 'Requests' },
      { to: '/inbox/sent', label: 'Sent' },
      { to: '/inbox/contacts', label: 'Contacts' },
      { to: '/inbox/notification', label: 'Notifications' },
    ],
  },
]

/** The profile dropdown of spec §2 (Logout is a button after these). */
export const PROFILE_MENU: NavItem[] = [
  { to: '/my-matrimony/my-profile', label: 'My Profile' },
  { to: '/my-matrimony/my-account', label: 'Account Settings' },
  { to: '/contact-filter', label: 'Contact' },
  { to: '/email-alerts', label: 'Email/SMS Alerts' },
  { to: '/my-matrimony/my-account/privacy', label: 'Privacy Options' },
]

/** What the logged-in header shows about the member (from GET profile). */
export interface HeaderMember {
  userName: string
  profileID: string
  gender: number
  photoUrl: string | null
  /** null for a free member. */
  plan: { name: string; expiresAt: string } | null
  prevContactViewPending: number
}

/** The plan menu label of spec §2: "Update Plan" when prevContactViewPending is 0, otherwise "Renew Plan". */
export function planMenuLabel(prevContactViewPending: number): 'Update Plan' | 'Renew Plan' {
  return prevContactViewPending === 0 ? 'Update Plan' : 'Renew Plan'
}
