import { Link } from 'react-router'
import MemberPhoto from '../../components/MemberPhoto'
import type { PremiumMember } from './api'

/** What a visitor may see of a premium member: first name, denomination, place — and a default avatar, never a photo. */
export default function PremiumMemberCard({ member }: { member: PremiumMember }) {
  const role = member.gender === 10 ? 'Groom' : 'Bride'
  const place = [member.city, member.state].filter(Boolean).join(', ')
  return (
    <article className="card member-card" data-testid="premium-member">
      <MemberPhoto gender={member.gender} alt={`${role} avatar`} size={96} className="member-card__avatar" />
      <div className="member-card__body">
        <p className="member-card__badge">Premium {role.toLowerCase()}</p>
        <h3 className="member-card__name">{member.firstName}</h3>
        <p className="member-card__meta">{member.denomination}</p>
        {place && <p className="member-card__meta">{place}</p>}
        <p className="member-card__id">ID {member.profileID}</p>
        <Link to={`/profile?profileId=${encodeURIComponent(member.profileID)}`} className="btn btn--outline btn--sm" aria-label={`View profile of ${member.firstName}`}>
          View profile
        </Link>
      </div>
    </article>
  )
}
