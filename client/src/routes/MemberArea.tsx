import { useLocation } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import { MEMBER_ROUTES } from '../app/routes'

/** Member screens arrive with later releases; only a signed-in member ever reaches this. */
export default function MemberArea() {
  const { pathname } = useLocation()
  const title = MEMBER_ROUTES.find((r) => r.path === pathname)?.title ?? 'My Matrimony'
  return (
    <>
      <Seo title={title} description="Member area" />
      <PageHeader title={title} />
      <section className="container section narrow">
        <p className="lead">This part of your account opens with the next release.</p>
      </section>
    </>
  )
}
