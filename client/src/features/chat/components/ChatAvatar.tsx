import MemberPhoto from '../../../components/MemberPhoto'
import { photoUrl } from '../../../lib/photos'
import type { ChatUser } from '../types'

/**
 * A member's round avatar: the first photo (its 125×125 source shown smaller), the gender default when there is
 * none or it fails to load, and an online dot when `online` is given.
 */
export default function ChatAvatar({ user, online, size = 40 }: { user: ChatUser; online?: boolean; size?: number }) {
  return (
    <span className="chat-avatar" style={{ width: size, height: size }}>
      <MemberPhoto src={photoUrl(user.photos?.[0])} gender={user.gender} alt="" size={125} className="chat-avatar__img" />
      {online !== undefined && <span className={online ? 'chat-dot chat-dot--on' : 'chat-dot'} aria-hidden="true" />}
    </span>
  )
}
