import PaymentCallbackScreen from '../features/billing/PaymentCallbackScreen'

/** /plan-upgrade/callback: confirms the payment the payment window reports, then the success or failure page. */
export default function PlanUpgradeCallback() {
  return <PaymentCallbackScreen />
}
