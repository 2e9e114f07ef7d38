import { Link } from 'react-router'
import Seo from '../components/Seo'

/** Friendly 404 for unknown paths. */
export default function NotFound() {
  return (
    <section className="container section notfound">
      <Seo title="Page not found" description="The page you are looking for does not exist." />
      <p className="notfound__code" aria-hidden="true">
        404
      </p>
      <h1>We couldn&apos;t find that page</h1>
      <p className="lead">The link may be old or mistyped. These may help you find your way:</p>
      <ul className="notfound__links">
        <li>
          <Link to="/" className="btn btn--primary">
            Go to home
          </Link>
        </li>
        <li>
          <Link to="/success-stories" className="btn btn--outline">
            Success stories
          </Link>
        </li>
        <li>
          <Link to="/plans" className="btn btn--outline">
            Pricing plans
          </Link>
        </li>
        <li>
          <Link to="/contact-us" className="btn btn--outline">
            Contact us
          </Link>
        </li>
      </ul>
    </section>
  )
}
