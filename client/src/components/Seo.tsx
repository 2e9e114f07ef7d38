import { useLocation } from 'react-router'
import { config } from '../app/config'

interface SeoProps {
  /** The page's own name, e.g. "About Us"; the brand and tagline are appended. */
  title: string
  description: string
  keywords?: string
  /** Canonical path; defaults to the current path (query dropped unless given here). */
  path?: string
  type?: 'website' | 'article'
  /** Absolute or site-relative image; defaults to the 1200x630 share image. */
  image?: string
  /** A complete document title used as it is, for pages whose title the spec gives whole (e.g. the chat page). */
  fullTitle?: string
}

const DEFAULT_KEYWORDS =
  'Christian matrimony, Christian marriage India, Catholic matrimony, CSI matrimony, Marthoma matrimony, Pentecost matrimony, Kerala Christian matrimony, Tamil Christian matrimony'

/** Builds the document title "Page | {brand} Matrimony | Christian Matrimony". */
export function pageTitle(title: string, brand = config.brandName): string {
  const site = `${brand} Matrimony`
  return title ? `${title} | ${site} | Christian Matrimony` : `${site} | Christian Matrimony`
}

/** Per-page <title> and meta tags; React 19 hoists them into <head>. */
export default function Seo({ title, description, keywords = DEFAULT_KEYWORDS, path, type = 'website', image = '/images/share-1200x630.png', fullTitle }: SeoProps) {
  const location = useLocation()
  const full = fullTitle ?? pageTitle(title)
  const url = config.siteUrl + (path ?? location.pathname)
  const img = /^https?:/.test(image) ? image : config.siteUrl + image
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:image" content={img} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:locale" content="en_IN" />
      <meta property="og:site_name" content={`${config.brandName} Matrimony`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={full} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={img} />
    </>
  )
}
