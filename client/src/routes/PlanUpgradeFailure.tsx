import { useAppSelector } from '../app/hooks'
import { selectSiteSettings } from '../features/common/commonSlice'
import PaymentFailureScreen from '../features/billing/PaymentFailureScreen'

/** /plan-upgrade/failure?order=ID&reason=…: why the payment did not complete, "Try again" and the support e-mail. */
export default function PlanUpgradeFailure() {
  const settings = useAppSelector(selectSiteSettings)
  return <PaymentFailureScreen supportEmail={settings?.supportEmail} />
}
