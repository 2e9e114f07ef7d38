import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Icon from '../components/Icon'
import SocialLinks from '../components/SocialLinks'
import { telHref } from '../components/shellTypes'
import { Skeleton } from '../components/States'
import ContactForm from '../features/content/ContactForm'
import { useAppSelector } from '../app/hooks'
import { selectSiteSettings } from '../features/common/commonSlice'
import { config } from '../app/config'

/** /contact-us: the form and the office card. */
export default function ContactUs() {
  const s = useAppSelector(selectSiteSettings)
  const a = s?.officeAddress
  return (
    <>
      <Seo title="Contact Us" description="Call, write or visit our Chennai office. We help Christian families across India with registration, plans and safety." />
      <PageHeader title="Contact Us" intro="Questions about registration, plans or safety? Our Chennai team speaks English, Tamil and Malayalam." />
      <section className="container section contact-layout">
        <div className="content-card">
          <ContactForm />
        </div>
        <aside className="contact-aside" aria-label="Office and contacts">
          <div className="info-card">
            <h2 className="info-card__title">
              <Icon name="location" size={20} /> Our office
            </h2>
            {a ? (
              <address className="address-block">
                <strong>{s?.siteName || `${config.brandName} Matrimony`}</strong>
                <br />
                {a.line1}
                {a.line2 && (
                  <>
                    <br />
                    {a.line2}
                  </>
                )}
                <br />
                {a.city} – {a.pincode}
                <br />
                {a.state}, {a.country}
              </address>
            ) : (
              <Skeleton lines={4} />
            )}
            <p className="muted small">Visits by appointment, Monday to Saturday, 9:30 am – 6:30 pm IST.</p>
          </div>
          <div className="info-card">
            <h2 className="info-card__title">
              <Icon name="phone" size={20} /> Call or write
            </h2>
            {s ? (
              <ul className="contact-list contact-list--large">
                {s.contactNo.map((n) => (
                  <li key={n}>
                    <a href={telHref(n)}>
                      <Icon name="phone" size={16} /> {n}
                    </a>
                  </li>
                ))}
                <li>
                  <a href={`mailto:${s.supportEmail}`}>
                    <Icon name="mail" size={16} /> {s.supportEmail}
                  </a>
                </li>
                {s.whatsapp && (
                  <li>
                    <a href={s.whatsapp} target="_blank" rel="noopener noreferrer">
                      <Icon name="whatsapp" size={16} /> Chat on WhatsApp
                    </a>
                  </li>
                )}
              </ul>
            ) : (
              <Skeleton lines={4} />
            )}
            <SocialLinks settings={s} brand={config.brandName} withWhatsapp={false} className="social social--card" />
          </div>
        </aside>
      </section>
    </>
  )
}
