import type { RuntimeConfig } from './config'

/** Where page views go. Implementations must never throw. */
export interface AnalyticsSink {
  pageView(path: string, title: string): void
}

/** Sends nothing: the default when no provider is configured. */
export const noopSink: AnalyticsSink = { pageView() {} }

/** Logs page views to the console; for development. */
export const consoleSink: AnalyticsSink = {
  pageView(path, title) {
    console.info('[analytics] page_view', path, title)
  },
}

type Gtag = (...args: unknown[]) => void
declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

/** Google Analytics 4; the gtag script is loaded only when this sink is created. */
export function ga4Sink(measurementId: string): AnalyticsSink {
  if (!/^G-[A-Z0-9]+$/i.test(measurementId)) return noopSink
  const s = document.createElement('script')
  s.async = true
  s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
  document.head.appendChild(s)
  window.dataLayer = window.dataLayer || []
  window.gtag = function gtag() {
    // gtag expects the arguments object itself.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments)
  }
  window.gtag('js', new Date())
  // Page views are sent by hand on route changes.
  window.gtag('config', measurementId, { send_page_view: false, anonymize_ip: true })
  return {
    pageView(path, title) {
      window.gtag?.('event', 'page_view', { page_path: path, page_title: title, page_location: window.location.href })
    },
  }
}

/** Picks the sink from the runtime config; off unless a provider is set. */
export function createAnalyticsSink(cfg: RuntimeConfig['analytics']): AnalyticsSink {
  switch (cfg.provider) {
    case 'console':
      return consoleSink
    case 'ga4':
      return ga4Sink(cfg.id)
    default:
      return noopSink
  }
}
