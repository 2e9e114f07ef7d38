import { useState } from 'react'
import { Link } from 'react-router'
import { asApiError } from '../../api/api'
import type { ApiError } from '../../api/api'
import ConfirmDialog from '../../components/ConfirmDialog'
import Icon from '../../components/Icon'
import { telHref } from '../../components/shellTypes'
import { useViewContactMutation } from '../../entities/member'
import type { ContactAccess, ContactViewResult } from '../../entities/member'
import type { PartnerContact, PartnerProfile } from './types'

interface ContactProps {
  profile: PartnerProfile
  /** Where the plans are. */
  plansPath: string
  /** The viewer has an active paid plan: only read when the server sent no contactAccess (an older server). */
  viewerPaid?: boolean
}

/** The contact views wording: "1 contact view", "12 contact views". */
export function contactViews(n: number): string {
  return `${n} contact view${n === 1 ? '' : 's'}`
}

/** What the viewer may do about this member's contact: the server's contactAccess, or a guess from an older server's answer. */
function accessOf(profile: PartnerProfile, viewerPaid: boolean): ContactAccess {
  if (profile.contactAccess) return profile.contactAccess
  if (!profile.contact.masked) return { state: 'shown', viewsLeft: 0, message: '' }
  return viewerPaid
    ? { state: 'available', viewsLeft: 0, message: '' }
    : { state: 'noPlan', viewsLeft: 0, message: 'Seeing the full number and e-mail needs a paid plan; each plan includes a number of contact views.' }
}

/** The phone and e-mail rows: links to call and write once unmasked, plain masked text before. */
function ContactRows({ c }: { c: PartnerContact }) {
  const phone = `${c.phoneCode} ${c.phone}`.trim()
  const rel = c.contactRelation ? ` (${c.contactRelation})` : ''
  return (
    <dl className="contact-rows">
      <div>
        <dt>
          <Icon name="phone" size={16} /> Mobile
        </dt>
        <dd data-testid="contact-phone">{c.masked || !c.phone ? phone : <a href={telHref(phone)}>{phone}</a>}</dd>
      </div>
      <div>
        <dt>
          <Icon name="mail" size={16} /> E-mail
        </dt>
        <dd data-testid="contact-email">{c.masked || !c.email ? c.email : <a href={`mailto:${c.email}`}>{c.email}</a>}</dd>
      </div>
      {!c.masked && c.contactPerson && (
        <div>
          <dt>Contact person</dt>
          <dd>
            {c.contactPerson}
            {rel}
          </dd>
        </div>
      )}
      {!c.masked && c.callTime && (
        <div>
          <dt>Best time to call</dt>
          <dd>{c.callTime}</dd>
        </div>
      )}
    </dl>
  )
}

/**
 * The member's contact: masked (first 4 digits, e-mail without its name) until the viewer spends a contact view
 * (product.md "Contact view"), as contactAccess allows: "View contact (uses 1 of N left)" with a confirmation, the
 * server's reason and the way to the plans when there is no plan or no view left, the reason alone when the owner's
 * contact filter refuses; the full number (to call) and e-mail (to write) once shown.
 */
export function PartnerContactCard({ profile, plansPath, viewerPaid = false }: ContactProps) {
  const id = profile.profileID
  const [viewContact, { isLoading }] = useViewContactMutation()
  const [confirmFor, setConfirmFor] = useState<string | null>(null)
  const [viewed, setViewed] = useState<{ id: string; result: ContactViewResult } | null>(null)
  const [failure, setFailure] = useState<{ id: string; error: ApiError } | null>(null)
  const result = viewed?.id === id ? viewed.result : null
  const error = failure?.id === id ? failure.error : null
  const access = accessOf(profile, viewerPaid)
  const c = result?.contact ?? profile.contact
  const refused = error?.status === 402 || error?.status === 403

  const onConfirm = () => {
    setFailure(null)
    viewContact(id)
      .unwrap()
      .then((res) => setViewed({ id, result: res }))
      .catch((e: unknown) => setFailure({ id, error: asApiError(e) ?? { status: 'PARSE_ERROR', message: 'That did not work just now. Please try again.' } }))
      .finally(() => setConfirmFor(null))
  }

  let cta = null
  if (result) {
    cta = (
      <p className="contact-note" role="status">
        <Icon name="check" size={16} />{' '}
        {result.charged
          ? `Contact view used. You have ${contactViews(result.contactViewsLeft)} left in your plan.`
          : `You viewed this contact before during your plan, so no contact view was used. You have ${contactViews(result.contactViewsLeft)} left.`}
      </p>
    )
  } else if (error) {
    cta = (
      <div className="contact-cta">
        <p className="contact-refusal" role="alert">
          {error.message}
        </p>
        {error.status === 402 && (
          <Link to={plansPath} className="btn btn--gold btn--sm">
            See plans
          </Link>
        )}
        {!refused && (
          <button type="button" className="btn btn--gold btn--sm" onClick={() => setConfirmFor(id)} disabled={isLoading}>
            View contact
          </button>
        )}
      </div>
    )
  } else if (c.masked) {
    switch (access.state) {
      case 'available':
        cta = (
          <div className="contact-cta">
            <button type="button" className="btn btn--gold btn--sm" onClick={() => setConfirmFor(id)} aria-describedby="contact-why">
              {access.viewsLeft > 0 ? `View contact (uses 1 of ${access.viewsLeft} left)` : 'View contact'}
            </button>
            <p id="contact-why" className="small muted">
              Shows the full mobile number and e-mail. Viewing this member again during your plan costs nothing.
            </p>
          </div>
        )
        break
      case 'noPlan':
      case 'noViewsLeft':
        cta = (
          <div className="contact-cta">
            <p id="contact-why" className="small">
              {access.message || (access.state === 'noPlan' ? 'Buy a plan to view contact details' : 'You have used all the contact views of your plan.')}
            </p>
            <Link to={plansPath} className="btn btn--gold btn--sm" aria-describedby="contact-why">
              See plans
            </Link>
          </div>
        )
        break
      case 'filter':
        cta = (
          <p className="small muted contact-filter-note" data-testid="contact-filter">
            <Icon name="lock" size={16} /> {access.message || 'This member shares contact details only with some members.'}
          </p>
        )
        break
    }
  }

  return (
    <section className="panel" aria-labelledby="contact-title">
      <h2 id="contact-title" className="panel__title">
        Contact details
      </h2>
      <ContactRows c={c} />
      {cta}
      <ConfirmDialog
        open={confirmFor === id}
        title={`View the contact of ${profile.userName}?`}
        confirmLabel="View contact"
        cancelLabel="Not now"
        busy={isLoading}
        onConfirm={onConfirm}
        onCancel={() => setConfirmFor(null)}
      >
        <p>This uses one contact view of your plan. Viewing this member again during your plan costs nothing.</p>
        {access.viewsLeft > 0 && (
          <p className="small muted">
            You have {contactViews(access.viewsLeft)} left; after this, {access.viewsLeft - 1}.
          </p>
        )}
      </ConfirmDialog>
    </section>
  )
}
