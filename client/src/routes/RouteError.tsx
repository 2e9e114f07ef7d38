import { Link, isRouteErrorResponse, useRouteError } from 'react-router'

/** Shown when a screen fails to load or throws (e.g. a chunk missing after a deploy). */
export default function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound) console.error(error)
  return (
    <section className="container section narrow" role="alert">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{notFound ? 'The page you asked for is not here.' : 'This page could not be shown. Reloading usually helps.'}</p>
      <p className="btn-row">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn--outline" reloadDocument>
          Go to home
        </Link>
      </p>
    </section>
  )
}
