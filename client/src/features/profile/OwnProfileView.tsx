import type { ReactNode } from 'react'
import { Link } from 'react-router'
import Icon from '../../components/Icon'
import MemberPhoto from '../../components/MemberPhoto'
import { ROUTES } from '../../app/routes'
import { formatDate } from '../../lib/format'
import { photoUrl } from '../../lib/photos'
import { FIELD_LABELS, SECTION_TITLES } from './sections'
import type { Badge, CompletionKey, CompletionSection, EnumKey, OwnPhoto, OwnProfile, ProfileOptions } from './types'
import { COMPLETE_STEPS, completionPercent } from './wizard'

/** The edit page of one section. */
export function editLink(section: string): string {
  return `${ROUTES.editProfile}?section=${section}`
}

/** Where a completion section is filled in: the edit page for profile sections, else its own page. */
export function completionLink(key: CompletionKey): string {
  switch (key) {
    case 'contact':
      return ROUTES.contactDetail
    case 'photos':
      return ROUTES.uploadPhotos
    case 'preference':
      return ROUTES.partnerPreferences
    default:
      return editLink(key)
  }
}

/** The label of a fixed-list value (GET profile/options), or the value itself until the lists load. */
export function enumLabel(options: ProfileOptions | undefined, key: EnumKey, value: string): string {
  if (!value) return ''
  return options?.enums[key]?.find((o) => o.value === value)?.label ?? value
}

/** "Groom" for gender 10, "Bride" for 20 (spec §3). */
export function genderLabel(gender: number): string {
  return gender === 10 ? 'Groom' : gender === 20 ? 'Bride' : ''
}

/** The completion bar with its percentage; `id` labels it for screen readers. */
export function CompletionMeter({ completedSteps, id = 'completion-meter' }: { completedSteps: number; id?: string }) {
  const percent = completionPercent(completedSteps)
  return (
    <div className="completion-meter">
      <div className="completion-meter__head">
        <span id={id}>Profile completion</span>
        <strong>{percent}%</strong>
      </div>
      <div className="progress" role="progressbar" aria-labelledby={id} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}% complete (${completedSteps} of ${COMPLETE_STEPS} steps)`}>
        <span className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/** The verification badges (ID, parish, and the rest), each saying when it was checked. */
export function BadgeList({ badges, kinds }: { badges: Badge[]; kinds?: Badge['kind'][] }) {
  const shown = kinds ? badges.filter((b) => kinds.includes(b.kind)) : badges
  if (!shown.length) return null
  return (
    <>
      {shown.map((b) => (
        <span key={b.kind} className="badge badge--ok" title={b.verifiedAt ? `Checked on ${formatDate(b.verifiedAt)}` : undefined}>
          <Icon name="badge" size={14} /> {b.label}
        </span>
      ))}
    </>
  )
}

/** The member's photos as a strip of thumbnails, default first, with a way to add or manage them. */
export function PhotoStrip({ photos, gender, name }: { photos: OwnPhoto[]; gender: number; name: string }) {
  return (
    <section className="panel" aria-labelledby="photos-title">
      <div className="profile-section__head">
        <h2 id="photos-title" className="panel__title">
          Photos <span className="muted profile-section__count">({photos.length})</span>
        </h2>
        <Link to={photos.length ? ROUTES.myPhotos : ROUTES.uploadPhotos} className="btn btn--outline btn--sm">
          {photos.length ? 'Manage photos' : 'Add a photo'}
        </Link>
      </div>
      {photos.length ? (
        <ul className="photo-strip">
          {photos.map((p, i) => (
            <li key={p.photoId ?? i} className="photo-strip__item">
              <MemberPhoto src={photoUrl(p, 'small')} gender={gender} alt={`Photo ${i + 1} of ${name}${p.isDefault ? ' (profile photo)' : ''}`} size={96} className="photo-strip__img" />
              {p.isDefault && <span className="photo-strip__default">Profile photo</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No photos yet. Profiles with a photo get many more responses; visitors never see them.</p>
      )}
    </section>
  )
}

/** A value, or a quiet "Not filled in". */
function Value({ children }: { children: ReactNode }) {
  return children ? <>{children}</> : <span className="muted">Not filled in</span>
}

/** One section of the own profile: title, completeness, the facts and an Edit link. */
export function SectionPanel({ sectionKey, completion, editTo, editLabel = 'Edit', rows, children }: { sectionKey: CompletionKey; completion?: CompletionSection; editTo: string; editLabel?: string; rows: [string, ReactNode][]; children?: ReactNode }) {
  const titleId = `section-${sectionKey}`
  const missing = completion && !completion.complete ? completion.missing.map((m) => FIELD_LABELS[m] ?? m) : []
  return (
    <section className="panel profile-section" aria-labelledby={titleId}>
      <div className="profile-section__head">
        <h2 id={titleId} className="panel__title">
          {SECTION_TITLES[sectionKey]}
        </h2>
        {completion && !completion.complete && (
          <span className="badge badge--todo">
            <Icon name="clock" size={14} /> Incomplete
          </span>
        )}
        <Link to={editTo} className="btn btn--outline btn--sm profile-section__edit" aria-label={`${editLabel} ${SECTION_TITLES[sectionKey].toLowerCase()}`}>
          {editLabel}
        </Link>
      </div>
      {missing.length > 0 && <p className="small profile-section__missing">Still missing: {missing.join(', ')}.</p>}
      {rows.length > 0 && (
        <dl className="profile-facts">
          {rows.map(([k, v]) => (
            <div key={k} className="profile-facts__row">
              <dt>{k}</dt>
              <dd>
                <Value>{v}</Value>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </section>
  )
}

/** "Verified" or "Not verified" beside an e-mail or a number. */
function VerifiedTag({ ok }: { ok: boolean }) {
  return <span className={'badge ' + (ok ? 'badge--ok' : 'badge--todo')}>{ok ? 'Verified' : 'Not verified'}</span>
}

/** Long text kept in its paragraphs (it is plain text: the server refuses markup). */
function Paragraphs({ text }: { text: string }) {
  if (!text) return <p className="muted">Not filled in</p>
  return <p className="profile-about">{text}</p>
}

/** The member's whole own profile, section by section, each with an Edit link (My Profile). */
export function OwnProfileSections({ profile: p, options }: { profile: OwnProfile; options: ProfileOptions | undefined }) {
  const sec = (k: CompletionKey) => p.completion.find((s) => s.key === k)
  const e = (k: EnumKey, v: string) => enumLabel(options, k, v)
  const place = [p.location.city, p.location.state, p.location.country].filter(Boolean).join(', ')
  return (
    <>
      <SectionPanel
        sectionKey="basic"
        completion={sec('basic')}
        editTo={editLink('basic')}
        rows={[
          ['Full name', p.basic.name],
          ['Profile name', p.basic.profileName],
          ['Looking as', genderLabel(p.basic.gender)],
          ['Date of birth', p.basic.dateOfBirth ? `${formatDate(p.basic.dateOfBirth)} (${p.basic.age} years)` : `${p.basic.age} years`],
          ['Profile created by', e('createdBy', p.basic.createdBy)],
          ['Marital status', e('maritalStatus', p.basic.maritalStatus)],
          ['Mother tongue', p.basic.motherTongue],
          ['Physical status', e('physicalStatus', p.basic.physicalStatus)],
        ]}
      >
        <p className="small muted">Gender and date of birth are fixed at registration. Other members see your age, never your date of birth.</p>
      </SectionPanel>
      <SectionPanel
        sectionKey="contact"
        completion={sec('contact')}
        editTo={ROUTES.contactDetail}
        editLabel="Contact settings"
        rows={[
          ['E-mail', <>{p.contact.email} <VerifiedTag ok={p.emailVerified} /></>],
          ['Mobile', <>{[p.contact.phoneCode, p.contact.phone].filter(Boolean).join(' ')} <VerifiedTag ok={p.phoneVerified} /></>],
        ]}
      >
        <p className="small muted">Other members see only the first 4 digits of your number and not the name part of your e-mail, until they use a contact view that your contact filter allows.</p>
      </SectionPanel>
      <SectionPanel
        sectionKey="faith"
        completion={sec('faith')}
        editTo={editLink('faith')}
        rows={[
          ['Religion', p.faith.religion],
          ['Denomination', p.faith.community],
          ['Sub-community', p.faith.subCommunity],
          ['Faith practice', e('faithPractice', p.faith.faithPractice)],
          ['Diocese', p.faith.diocese],
          ['Parish', p.faith.parish],
          ['Vicar or pastor', p.faith.vicar],
        ]}
      />
      <SectionPanel
        sectionKey="education"
        completion={sec('education')}
        editTo={editLink('education')}
        rows={[
          ['Highest degree', p.education.degree],
          ['College', p.education.college],
          ['Profession', p.education.profession],
          ['Company', p.education.company],
          ['Annual income', p.education.income],
        ]}
      />
      <SectionPanel sectionKey="location" completion={sec('location')} editTo={editLink('location')} rows={[['Lives in', place]]} />
      <SectionPanel
        sectionKey="family"
        completion={sec('family')}
        editTo={editLink('family')}
        rows={[
          ['Family type', e('familyType', p.family.familyType)],
          ['Family values', e('familyValues', p.family.familyValues)],
          ["Father's occupation", p.family.fatherOccupation],
          ["Mother's occupation", p.family.motherOccupation],
          ['Brothers and sisters', p.family.siblings],
        ]}
      />
      <SectionPanel sectionKey="about" completion={sec('about')} editTo={editLink('about')} rows={[]}>
        <h3 className="profile-section__sub">About me</h3>
        <Paragraphs text={p.about.aboutMe} />
        <h3 className="profile-section__sub">About my family</h3>
        <Paragraphs text={p.about.aboutFamily} />
      </SectionPanel>
      <SectionPanel
        sectionKey="lifestyle"
        completion={sec('lifestyle')}
        editTo={editLink('lifestyle')}
        rows={[
          ['Height', p.basic.height],
          ['Diet', e('diet', p.lifestyle.diet)],
          ['Smoking', e('smoking', p.lifestyle.smoking)],
          ['Drinking', e('drinking', p.lifestyle.drinking)],
        ]}
      />
    </>
  )
}
