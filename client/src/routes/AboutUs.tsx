import StaticPage from '../features/content/StaticPage'

/** /about-us */
export default function AboutUs() {
  return <StaticPage pageKey="about-us" title="About Us" description="Who we are — a matrimony service only for Christian brides and grooms in India, run from Chennai." />
}
