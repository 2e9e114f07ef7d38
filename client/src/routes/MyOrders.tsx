import OrdersScreen from '../features/billing/OrdersScreen'
import MemberPage from './MemberPage'

/** /my-matrimony/orders: the member's orders with their status, invoices and "Pay again". */
export default function MyOrders() {
  return (
    <MemberPage title="My Orders" intro="Your plan payments, newest first, with their invoices.">
      <OrdersScreen />
    </MemberPage>
  )
}
