import { useAppSelector } from '../app/hooks'
import { selectIsLoggedIn } from '../entities/account'
import CheckoutScreen from '../features/billing/CheckoutScreen'
import PlanPreviewScreen from '../features/billing/PlanPreviewScreen'

/** /plan-upgrade (public, spec §2): a member's checkout, or for a visitor the plan, its price and the way to join or log in. */
export default function PlanUpgrade() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn)
  return isLoggedIn ? <CheckoutScreen /> : <PlanPreviewScreen />
}
