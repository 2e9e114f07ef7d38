import RequestListScreen from '../features/lists/RequestListScreen'

/** /inbox/requests: photo and phone requests, received (Accept, Decline, Ignore) and sent (Withdraw). */
export default function InboxRequests() {
  return <RequestListScreen />
}
