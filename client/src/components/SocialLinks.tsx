import Icon from './Icon'
import type { ShellSettings } from './shellTypes'

const NETWORKS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'twitter', label: 'X (Twitter)' },
  { key: 'youtube', label: 'YouTube' },
] as const

/** Icon links to the social pages from the site settings, plus the WhatsApp link. */
export default function SocialLinks({ settings, brand, withWhatsapp = true, className = 'social' }: { settings: ShellSettings | null; brand: string; withWhatsapp?: boolean; className?: string }) {
  if (!settings) return null
  return (
    <ul className={className}>
      {NETWORKS.filter((n) => settings.social?.[n.key]).map((n) => (
        <li key={n.key}>
          <a href={settings.social[n.key]} target="_blank" rel="noopener noreferrer" aria-label={`${brand} Matrimony on ${n.label} (opens in a new tab)`}>
            <Icon name={n.key} size={18} />
          </a>
        </li>
      ))}
      {withWhatsapp && settings.whatsapp && (
        <li>
          <a href={settings.whatsapp} target="_blank" rel="noopener noreferrer" aria-label="Message us on WhatsApp (opens in a new tab)">
            <Icon name="whatsapp" size={18} />
          </a>
        </li>
      )}
    </ul>
  )
}
