import ContactListScreen from '../features/lists/ContactListScreen'

/** /inbox/contacts: the contacts viewed with the member's plan, and those shared through accepted phone requests. */
export default function InboxContacts() {
  return <ContactListScreen />
}
