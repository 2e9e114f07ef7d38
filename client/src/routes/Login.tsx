import { Link, useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import Icon from '../components/Icon'

/** Only same-site paths are accepted as a destination. */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null
  return next
}

/** Sign-in shell: the real form arrives with the accounts release. */
export default function Login() {
  const [params] = useSearchParams()
  const next = safeNext(params.get('next'))
  return (
    <section className="auth-page">
      <Seo title="Login" description="Sign in to your Christian matrimony account." />
      <div className="container auth-page__inner">
        <div className="auth-card">
          <span className="auth-card__icon">
            <Icon name="lock" size={28} />
          </span>
          <h1>Sign in to continue</h1>
          {next ? (
            <p className="lead">
              The page you opened, <code className="next-path">{next}</code>, is for members. Once you sign in you will be taken straight there.
            </p>
          ) : (
            <p className="lead">Members sign in here to see their matches, invitations and messages.</p>
          )}
          <div className="notice" role="note">
            <Icon name="info" size={20} />
            <p>
              Member sign-in opens with our accounts release, very soon. Until then you can browse success stories, read our blogs and
              compare plans — or call us and we will help you register.
            </p>
          </div>
          <div className="btn-row">
            <Link to="/register" className="btn btn--primary">
              New here? Join us
            </Link>
            <Link to="/contact-us" className="btn btn--outline">
              Contact support
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
