import { Link, useLocation } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import { MEMBER_ROUTES, ROUTES } from '../app/routes'

/** A member route without a screen of its own; only a signed-in member ever reaches this. */
export default function MemberArea() {
  const { pathname } = useLocation()
  const title = MEMBER_ROUTES.find((r) => r.path === pathname)?.title ?? 'My Matrimony'
  return (
    <>
      <Seo title={title} description="Member area" />
      <PageHeader title={title} />
      <section className="container section narrow">
        <p className="lead">There is nothing to show here for your account.</p>
        <p>
          <Link to={ROUTES.myMatrimony} className="btn btn--primary">
            Go to My Matrimony
          </Link>
        </p>
      </section>
    </>
  )
}
