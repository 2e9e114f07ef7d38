import ContactListScreen from '../features/lists/ContactListScreen'

/** /inbox/contacts: the members who accepted the viewer's phone request, with "View contact". */
export default function InboxContacts() {
  return <ContactListScreen />
}
