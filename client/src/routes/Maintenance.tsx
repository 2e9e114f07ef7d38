/** The full-page "Site Under Maintenance" screen (spec §2); rendered without the router or the store. */
export default function Maintenance({ brand }: { brand: string }) {
  return (
    <main className="maintenance" id="main">
      <title>{`Site Under Maintenance | ${brand} Matrimony`}</title>
      <meta name="robots" content="noindex" />
      <div className="maintenance__card">
        <svg viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="23" fill="#6b1531" />
          <circle cx="19" cy="28" r="8" fill="none" stroke="#e9c46a" strokeWidth="2.6" />
          <circle cx="29" cy="28" r="8" fill="none" stroke="#e9c46a" strokeWidth="2.6" />
          <path d="M22.6 7h2.8v5h4.4v2.8h-4.4v6h-2.8v-6h-4.4V12h4.4z" fill="#fff" />
        </svg>
        <p className="maintenance__eyebrow">Site Under Maintenance</p>
        <h1>We&apos;ll be back soon!</h1>
        <p>
          Sorry for the inconvenience. {brand} Matrimony is undergoing scheduled maintenance to serve you better. Your profile, messages and
          plan are safe, and we will be back online shortly.
        </p>
        <p>Thank you for your patience and for trusting us with your search for a life partner.</p>
        <p className="maintenance__sign">— The {brand} Matrimony team</p>
      </div>
    </main>
  )
}
