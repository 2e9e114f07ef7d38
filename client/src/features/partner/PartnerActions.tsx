import { useState } from 'react'
import type { ReactNode } from 'react'
import Icon from '../../components/Icon'
import type { IconName } from '../../components/Icon'
import { PHOTO_REQUEST_REASON } from './PartnerGallery'
import type { PartnerProfile } from './types'

interface Action {
  key: string
  label: string
  icon: IconName
  /** Why the button does nothing yet, or the state that makes it unnecessary. */
  reason: ReactNode
}

/** The requests the partner view reports, in words. */
const REQUEST_STATE: Record<string, string> = { pending: 'You asked; waiting for an answer', accepted: 'Your request was accepted', ignored: 'Your request was not answered' }

/** How asking to chat ended: a window opened, or the server's reason why not (plan, invitation, their setting, block). */
export interface ChatOutcome {
  ok: boolean
  message?: string
}

/**
 * Invite, Request photo, Request phone, Block, Don't show and Chat. Chat opens a chat window through onChat (the
 * screen wires it to the chat feature); the others arrive with later releases, so each is visibly disabled with a
 * short reason underneath: no button pretends to do something it does not.
 */
export default function PartnerActions({ profile, onChat }: { profile: PartnerProfile; onChat?: () => Promise<ChatOutcome> }) {
  const [chatBusy, setChatBusy] = useState(false)
  const [chatNote, setChatNote] = useState<string | null>(null)
  const startChat = () => {
    if (!onChat || chatBusy) return
    setChatBusy(true)
    setChatNote(null)
    onChat()
      .then((o) => setChatNote(o.ok ? 'The chat window is open.' : (o.message ?? 'This chat cannot be opened just now.')))
      .catch(() => setChatNote('This chat cannot be opened just now.'))
      .finally(() => setChatBusy(false))
  }
  const actions: Action[] = [
    { key: 'invite', label: 'Invite', icon: 'heart', reason: 'Invitations arrive with the inbox release.' },
    {
      key: 'photo',
      label: 'Request photo',
      icon: 'users',
      reason: REQUEST_STATE[profile.requests.photo] ?? (profile.photosProtected ? PHOTO_REQUEST_REASON : 'Photos are not protected; no request is needed.'),
    },
    { key: 'phone', label: 'Request phone', icon: 'phone', reason: REQUEST_STATE[profile.requests.phone] ?? 'Phone requests arrive with the inbox release.' },
    { key: 'block', label: 'Block', icon: 'close', reason: 'Blocking arrives with the lists release.' },
    { key: 'dontshow', label: "Don't show", icon: 'info', reason: profile.dontShow ? "Already on your Don't show list." : "The Don't show list arrives with the lists release." },
    { key: 'chat', label: 'Chat', icon: 'chat', reason: chatNote ?? 'Chat when you are both online; free members chat after a mutually accepted invitation.' },
  ]
  return (
    <section className="panel action-bar" aria-labelledby="actions-title">
      <h2 id="actions-title" className="sr-only">
        Actions
      </h2>
      <ul className="action-bar__list">
        {actions.map((a) => (
          <li key={a.key}>
            <button
              type="button"
              className="action-bar__btn"
              disabled={a.key !== 'chat' || !onChat || chatBusy}
              aria-busy={a.key === 'chat' && chatBusy ? true : undefined}
              onClick={a.key === 'chat' ? startChat : undefined}
              aria-describedby={`action-why-${a.key}`}
            >
              <Icon name={a.icon} size={18} /> {a.label}
            </button>
            <span id={`action-why-${a.key}`} className="action-bar__why" aria-live={a.key === 'chat' ? 'polite' : undefined}>
              {a.reason}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
