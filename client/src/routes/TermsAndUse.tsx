import StaticPage from '../features/content/StaticPage'

/** /terms-and-use */
export default function TermsAndUse() {
  return <StaticPage pageKey="terms-and-use" title="Terms and Use" description="The terms that govern your use of our Christian matrimony service." />
}
