import { useAppSelector } from '../../../app/hooks'
import MemberPhoto from '../../../components/MemberPhoto'
import { selectProfile } from '../../../entities/account'
import { grantedUrl, photoUrl } from '../../../lib/photos'
import type { ChatUser } from '../types'

/**
 * A member's round avatar: the first photo (its small rendition, shown at 125×125 or less), the gender default
 * when there is none or it fails to load, and an online dot when `online` is given. Chat users arrive without photo
 * grants (presence events are shared by many members), so the member's own viewer grant is appended.
 */
export default function ChatAvatar({ user, online, size = 40 }: { user: ChatUser; online?: boolean; size?: number }) {
  const grant = useAppSelector(selectProfile)?.photoGrant
  return (
    <span className="chat-avatar" style={{ width: size, height: size }}>
      <MemberPhoto src={grantedUrl(photoUrl(user.photos?.[0], 'small'), grant)} gender={user.gender} alt="" size={125} className="chat-avatar__img" />
      {online !== undefined && <span className={online ? 'chat-dot chat-dot--on' : 'chat-dot'} aria-hidden="true" />}
    </span>
  )
}
