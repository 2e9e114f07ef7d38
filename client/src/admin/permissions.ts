import { useCallback } from 'react'
import { useGetMeQuery } from './api'
import type { Me, Permission } from './types'

/** The back office's addresses. */
export const ADMIN = {
  home: '/admin',
  login: '/admin/login',
  members: '/admin/members',
  member: (profileId: string) => `/admin/members/${encodeURIComponent(profileId)}`,
  proofs: '/admin/proofs',
  reports: '/admin/reports',
  report: (id: number) => `/admin/reports/${id}`,
  blogs: '/admin/content/blogs',
  blogNew: '/admin/content/blogs/new',
  blog: (id: number) => `/admin/content/blogs/${id}`,
  stories: '/admin/content/stories',
  faq: '/admin/content/faq',
  pages: '/admin/content/pages',
  plans: '/admin/finance/plans',
  coupons: '/admin/finance/coupons',
  orders: '/admin/finance/orders',
  site: '/admin/site',
  contact: '/admin/support',
  contactMessage: (id: number) => `/admin/support/${id}`,
  admins: '/admin/admins',
  audit: '/admin/audit',
} as const

/** Whether an admin holds a permission. */
export function hasPermission(me: Pick<Me, 'permissions'> | undefined, p: Permission): boolean {
  return !!me && me.permissions.includes(p)
}

/** Whether an admin holds at least one of the permissions (none listed: every admin). */
export function hasAny(me: Pick<Me, 'permissions'> | undefined, anyOf: readonly Permission[]): boolean {
  return anyOf.length === 0 || anyOf.some((p) => hasPermission(me, p))
}

/** can(p): whether the signed-in admin holds p (from GET me, already loaded by the guard). */
export function useCan(): (p: Permission) => boolean {
  const { data: me } = useGetMeQuery()
  return useCallback((p: Permission) => hasPermission(me, p), [me])
}

/** A link of the navigation and the permissions that open it. */
export interface NavItem {
  to: string
  label: string
  anyOf: readonly Permission[]
  /** Marked current only on its own address (the dashboard). */
  end?: boolean
}

/** The navigation, grouped; an admin sees only the links their permissions open. */
export const NAV_GROUPS: { label: string; items: NavItem[] }[] = [
  { label: 'Overview', items: [{ to: ADMIN.home, label: 'Dashboard', anyOf: [], end: true }] },
  {
    label: 'Members',
    items: [
      { to: ADMIN.members, label: 'Members', anyOf: ['members:read'] },
      { to: ADMIN.proofs, label: 'Proofs', anyOf: ['proofs:read'] },
      { to: ADMIN.reports, label: 'Reports', anyOf: ['reports:read'] },
    ],
  },
  {
    label: 'Content',
    items: [
      { to: ADMIN.blogs, label: 'Blogs', anyOf: ['blogs:write'] },
      { to: ADMIN.stories, label: 'Stories', anyOf: ['stories:write'] },
      { to: ADMIN.faq, label: 'FAQ', anyOf: ['faq:write'] },
      { to: ADMIN.pages, label: 'Pages', anyOf: ['pages:write'] },
    ],
  },
  {
    label: 'Finance',
    items: [
      { to: ADMIN.plans, label: 'Plans', anyOf: ['plans:write'] },
      { to: ADMIN.coupons, label: 'Coupons', anyOf: ['coupons:write'] },
      { to: ADMIN.orders, label: 'Orders', anyOf: ['payments:read'] },
    ],
  },
  { label: 'Support', items: [{ to: ADMIN.contact, label: 'Contact inbox', anyOf: ['contact:read'] }] },
  {
    label: 'Administration',
    items: [
      { to: ADMIN.site, label: 'Site settings', anyOf: ['settings:write', 'maintenance:write'] },
      { to: ADMIN.admins, label: 'Admins', anyOf: ['admins:manage'] },
      { to: ADMIN.audit, label: 'Audit log', anyOf: ['audit:read'] },
    ],
  },
]

/** The navigation an admin may use: the groups with at least one link left. */
export function navFor(me: Pick<Me, 'permissions'> | undefined): { label: string; items: NavItem[] }[] {
  return NAV_GROUPS.map((g) => ({ label: g.label, items: g.items.filter((i) => hasAny(me, i.anyOf)) })).filter((g) => g.items.length > 0)
}
