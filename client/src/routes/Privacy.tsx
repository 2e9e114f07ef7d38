import StaticPage from '../features/content/StaticPage'

/** /privacy */
export default function Privacy() {
  return <StaticPage pageKey="privacy" title="Privacy Policy" description="How we collect, use and protect your personal information." />
}
