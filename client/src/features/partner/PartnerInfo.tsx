import Icon from '../../components/Icon'
import { formatDate } from '../../lib/format'
import { BADGE_MEANING, LAST_ACTIVE, labelOf, pronouns } from './labels'
import type { Badge, PartnerProfile, ProfileOptions } from './types'

/** The verified checks of a member: what was checked and when (product.md "Badges"). */
export function PartnerBadges({ badges, name }: { badges: Badge[]; name: string }) {
  return (
    <section className="panel" aria-labelledby="badges-title">
      <h2 id="badges-title" className="panel__title">
        Verification
      </h2>
      {badges.length === 0 ? (
        <p className="small muted">{name} has not completed any verification yet.</p>
      ) : (
        <ul className="badge-list">
          {badges.map((b) => (
            <li key={b.kind} className="badge-list__item">
              <Icon name="badge" size={22} className="badge-list__icon" />
              <div>
                <strong>{b.label}</strong>
                <span className="small muted">
                  {BADGE_MEANING[b.kind] ?? 'Checked'}
                  {b.verifiedAt ? `, on ${formatDate(b.verifiedAt)}` : ''}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export { PartnerContactCard } from './PartnerContactCard'

/** One labelled value; skipped when empty. */
type Row = [label: string, value: string | null | undefined]

function Rows({ rows }: { rows: Row[] }) {
  const shown = rows.filter(([, v]) => v)
  if (!shown.length) return <p className="small muted">Not filled in yet.</p>
  return (
    <dl className="detail-rows">
      {shown.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Every section of the profile, with labels for the coded values; age, never the date of birth. */
export function PartnerDetails({ profile, options }: { profile: PartnerProfile; options: ProfileOptions | undefined }) {
  const { basic, faith, education, location, family, about, lifestyle } = profile
  const { their, self } = pronouns(profile.gender)
  const l = (list: string, v: string) => labelOf(options, list, v)
  const sections: { id: string; title: string; rows: Row[] }[] = [
    {
      id: 'basic',
      title: 'Basic details',
      rows: [
        ['Age', basic.age ? `${basic.age} years` : ''],
        ['Height', basic.height],
        ['Marital status', l('maritalStatus', basic.maritalStatus)],
        ['Mother tongue', basic.motherTongue],
        ['Physical status', l('physicalStatus', basic.physicalStatus)],
        ['Profile created by', l('createdBy', basic.createdBy)],
      ],
    },
    {
      id: 'faith',
      title: 'Faith',
      rows: [
        ['Religion', faith.religion],
        ['Denomination', faith.community],
        ['Sub-community', faith.subCommunity],
        ['Diocese', faith.diocese],
        ['Parish', faith.parish],
        ['Vicar or pastor', faith.vicar],
        ['Faith practice', l('faithPractice', faith.faithPractice)],
      ],
    },
    {
      id: 'education',
      title: 'Education and work',
      rows: [
        ['Education', education.degree],
        ['College', education.college],
        ['Profession', education.profession],
        ['Company', education.company],
        ['Annual income', education.income],
      ],
    },
    {
      id: 'location',
      title: 'Location',
      rows: [
        ['City', location.city],
        ['State', location.state],
        ['Country', location.country],
      ],
    },
    {
      id: 'family',
      title: 'Family',
      rows: [
        ["Father's occupation", family.fatherOccupation],
        ["Mother's occupation", family.motherOccupation],
        ['Siblings', family.siblings],
        ['Family type', l('familyType', family.familyType)],
        ['Family values', l('familyValues', family.familyValues)],
      ],
    },
    {
      id: 'lifestyle',
      title: 'Lifestyle',
      rows: [
        ['Diet', l('diet', lifestyle.diet)],
        ['Smoking', l('smoking', lifestyle.smoking)],
        ['Drinking', l('drinking', lifestyle.drinking)],
      ],
    },
  ]
  return (
    <>
      <section className="panel" aria-labelledby="about-title">
        <h2 id="about-title" className="panel__title">
          About {profile.userName}
        </h2>
        {about.aboutMe ? <p className="prose-text">{about.aboutMe}</p> : <p className="small muted">{profile.userName} has not written about {self} yet.</p>}
        {about.aboutFamily && (
          <>
            <h3 className="detail-card__title">About {their} family</h3>
            <p className="prose-text">{about.aboutFamily}</p>
          </>
        )}
      </section>
      <div className="detail-grid">
        {sections.map((s) => (
          <section key={s.id} className="panel detail-card" aria-labelledby={`detail-${s.id}`}>
            <h2 id={`detail-${s.id}`} className="detail-card__title">
              {s.title}
            </h2>
            <Rows rows={s.rows} />
          </section>
        ))}
      </div>
    </>
  )
}

/** The top of the profile: name, ID, age, height, place, denomination and when the member was last active. */
export function PartnerSummary({ profile, options }: { profile: PartnerProfile; options: ProfileOptions | undefined }) {
  const { basic, location, faith } = profile
  const place = [location.city, location.state].filter(Boolean).join(', ')
  const facts = [basic.age ? `${basic.age} years` : '', basic.height, labelOf(options, 'maritalStatus', basic.maritalStatus), faith.community, place].filter(Boolean)
  return (
    <section className="panel partner-summary" aria-labelledby="partner-name">
      <h2 id="partner-name" className="partner-summary__name">
        {profile.userName}
      </h2>
      <p className="partner-summary__id">
        Profile ID <strong>{profile.profileID}</strong>
      </p>
      <p className="partner-summary__facts">{facts.join(' · ')}</p>
      {profile.badges.length > 0 && (
        <div className="badges">
          {profile.badges.map((b) => (
            <span key={b.kind} className="badge badge--ok">
              <Icon name="check" size={14} /> {b.label}
            </span>
          ))}
        </div>
      )}
      {!profile.isSelf && LAST_ACTIVE[profile.lastActive] && (
        <p className="small muted partner-summary__active">
          <Icon name="clock" size={14} /> {LAST_ACTIVE[profile.lastActive]}
        </p>
      )}
    </section>
  )
}
