import type { ReactNode } from 'react'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import TabNav from '../components/TabNav'
import { ROUTES } from '../app/routes'

const ACCOUNT_LINKS = [
  { to: ROUTES.myMatrimony, label: 'Dashboard' },
  { to: ROUTES.myProfile, label: 'My Profile' },
  { to: ROUTES.myPhotos, label: 'My Photos' },
  { to: ROUTES.partnerPreferences, label: 'Partner Preference' },
  { to: ROUTES.myAccount, label: 'My Account' },
  { to: ROUTES.myOrders, label: 'My Orders' },
  { to: ROUTES.contactDetail, label: 'Contact Details' },
  { to: ROUTES.contactFilter, label: 'Contact Filter' },
  { to: ROUTES.emailAlerts, label: 'Email/SMS Alerts' },
  { to: ROUTES.privacyOptions, label: 'Privacy Options' },
  { to: ROUTES.hideDeleteAccount, label: 'Hide or Delete Account' },
]

/** The frame of the account pages: page header, a side menu of the account pages, and the content. */
export default function MemberPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Seo title={title} description="Your account" />
      <PageHeader title={title} intro={intro} crumbs={title === 'My Matrimony' ? [] : [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]} />
      <div className="container section member-layout">
        <TabNav links={ACCOUNT_LINKS} label="My account" className="member-side" />
        <div className="member-main">{children}</div>
      </div>
    </>
  )
}
