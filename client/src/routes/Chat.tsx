import { Link } from 'react-router'
import '../styles/chat.css'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Icon from '../components/Icon'
import { config } from '../app/config'
import { ROUTES } from '../app/routes'
import ChatDirectory from '../features/chat/components/ChatDirectory'

/** The chat page's title, exactly as spec §2 gives it. */
export function chatTitle(brand: string = config.brandName): string {
  return `Chat | ${brand} Matrimony | Christian Matrimony Private Chat`
}

/** /chat: my conversations and the members online now; choosing one opens its window in the dock. */
export default function Chat() {
  const brand = config.brandName
  return (
    <>
      <Seo
        title="Chat"
        fullTitle={chatTitle(brand)}
        description={`Chat privately and in real time with Christian brides and grooms on ${brand} Matrimony. See who is online, pick up your conversations and talk safely.`}
        keywords="Christian matrimony chat, private chat, online brides, online grooms, Christian marriage India, Kerala Christian matrimony, Tamil Christian matrimony"
        path={ROUTES.chat}
      />
      <PageHeader title="Chat" intro="Talk privately with members who are online now. Your conversations are kept for you." crumbs={[{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]} />
      <div className="container section chat-page">
        <section className="panel" aria-labelledby="chat-people">
          <h2 id="chat-people" className="panel__title">
            Chats and online members
          </h2>
          <ChatDirectory />
        </section>
        <section className="panel chat-page__safety" aria-labelledby="chat-safety">
          <h2 id="chat-safety" className="panel__title">
            <Icon name="shield" size={22} /> Chat safely
          </h2>
          <ul>
            <li>Never send money, UPI or bank details to someone you have not met in person with your family.</li>
            <li>Keep early conversations here until you know each other; share your number only when you are ready.</li>
            <li>Your messages are private between the two of you. Blocking a member ends the chat at once.</li>
          </ul>
          <p className="chat-page__note">
            Members on a paid plan can start a chat with anyone who accepts chats; everyone can reply, and chat with members whose invitation was
            accepted. <Link to={ROUTES.plans}>See the plans</Link>.
          </p>
        </section>
      </div>
    </>
  )
}
