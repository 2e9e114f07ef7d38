import StaticPage from '../features/content/StaticPage'

/** /return-and-cancellation */
export default function ReturnAndCancellation() {
  return <StaticPage pageKey="return-and-cancellation" title="Return & Cancellation" description="Our refund and cancellation policy for paid membership plans." />
}
