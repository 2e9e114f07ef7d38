import PaymentSuccessScreen from '../features/billing/PaymentSuccessScreen'

/** /plan-upgrade/success?order=ID: the paid order and what it gave. */
export default function PlanUpgradeSuccess() {
  return <PaymentSuccessScreen />
}
