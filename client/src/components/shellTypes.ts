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
