import { asApiError } from '../../api/api'
import { Link } from 'react-router'
import Icon from '../../components/Icon'
import { ErrorState, Skeleton } from '../../components/States'
import { useGetOwnContactQuery } from './api'
import { maskEmail, maskPhone } from './validation'

/** A verified / not verified tag. */
function Verified({ ok }: { ok: boolean }) {
  return (
    <span className={'badge ' + (ok ? 'badge--ok' : 'badge--todo')}>
      <Icon name={ok ? 'check' : 'clock'} size={14} />
      {ok ? 'Verified' : 'Not verified'}
    </span>
  )
}

/**
 * The member's own login e-mail and mobile with their verification state, and how other members see them
 * before a contact view. Verification itself happens on My Account (verifyPath).
 */
export default function OwnContactPanel({ verifyPath, supportEmail }: { verifyPath: string; supportEmail?: string }) {
  const { data, isLoading, isError, error, refetch } = useGetOwnContactQuery()
  return (
    <section className="panel" aria-labelledby="own-contact-title" aria-busy={isLoading || undefined}>
      <h2 id="own-contact-title" className="panel__title">
        Your contact details
      </h2>
      {data ? (
        <>
          <dl className="own-contact">
            <div className="own-contact__item">
              <dt>
                <Icon name="mail" size={18} /> E-mail
              </dt>
              <dd>
                <span className="own-contact__value">{data.email}</span>
                <Verified ok={data.emailVerified} />
                {!data.emailVerified && (
                  <Link to={verifyPath} className="own-contact__action">
                    Verify on My Account
                  </Link>
                )}
                <span className="own-contact__masked">
                  Members see: <code>{maskEmail(data.email)}</code>
                </span>
              </dd>
            </div>
            <div className="own-contact__item">
              <dt>
                <Icon name="phone" size={18} /> Mobile
              </dt>
              <dd>
                <span className="own-contact__value">
                  {data.phoneCode} {data.phone}
                </span>
                <Verified ok={data.phoneVerified} />
                {!data.phoneVerified && (
                  <Link to={verifyPath} className="own-contact__action">
                    Verify with an OTP on My Account
                  </Link>
                )}
                <span className="own-contact__masked">
                  Members see: <code>{`${data.phoneCode} ${maskPhone(data.phone)}`}</code>
                </span>
              </dd>
            </div>
          </dl>
          <p className="small muted">
            Members see your full number and e-mail only after they use a contact view, and only if your contact filter allows them. Your login e-mail and mobile cannot be changed here
            {supportEmail ? (
              <>
                {' '}
                — write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if they have changed.
              </>
            ) : (
              '.'
            )}
          </p>
        </>
      ) : isError ? (
        <ErrorState message={asApiError(error)?.message} onRetry={() => void refetch()} />
      ) : (
        <Skeleton lines={4} />
      )}
    </section>
  )
}
