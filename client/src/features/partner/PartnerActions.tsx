import { useState } from 'react'
import type { ReactNode } from 'react'
import { asApiError } from '../../api/api'
import { notifyError, notifySuccess } from '../../app/notify'
import Icon from '../../components/Icon'
import type { IconName } from '../../components/Icon'
import {
  BlockDialog,
  ReportDialog,
  useAcceptInvitationMutation,
  useCancelInvitationMutation,
  useDontShowProfileMutation,
  useInviteProfileMutation,
  useShowProfileAgainMutation,
} from '../../entities/member'
import type { PartnerProfile } from './types'
import { useAccessRequest } from './useAccessRequest'
import type { AccessRequest } from './useAccessRequest'

interface Action {
  key: string
  label: string
  icon: IconName
  /** What the button does, why it does nothing yet, or the state that makes it unnecessary. */
  reason: ReactNode
  /** Set for the actions that work; the others are visibly disabled. */
  run?: () => void
  busy?: boolean
  /** A second, smaller button under the reason (Withdraw of a pending request). */
  secondary?: { label: string; name: string; run: () => void }
}

/** The action of a photo or phone request: its button, reason and, while it waits, Withdraw. */
function requestAction(r: AccessRequest): Action {
  const what = r.kind === 'photo' ? 'photo request' : 'phone request'
  return {
    key: r.kind,
    label: r.label,
    icon: r.icon,
    reason: r.reason,
    run: r.run,
    busy: r.busy,
    secondary: r.withdraw ? { label: 'Withdraw', name: `Withdraw ${what}`, run: r.withdraw } : undefined,
  }
}

/** The actions whose reason changes after a click, read out when it does. */
const LIVE_REASONS = new Set(['chat', 'dontshow', 'invite', 'photo', 'phone'])

/** How asking to chat ended: a window opened, or the server's reason why not (plan, invitation, their setting, block). */
export interface ChatOutcome {
  ok: boolean
  message?: string
}

/**
 * Invite, Request photos, Request phone number, Block, Don't show, Report and Chat. Invite follows the invitation
 * between the two (send, cancel mine, accept theirs, accepted); the photo and phone requests follow the viewer's
 * request (ask, requested with Withdraw, shared, declined: see useAccessRequest). Chat opens a chat window through
 * onChat (the screen wires it to the chat feature); Block asks first, then tells the screen through onBlocked; Report
 * asks why, then tells the screen through onReported; Don't show toggles the member on the viewer's list. A button
 * that cannot act now is visibly disabled with its reason underneath: no button pretends to do something it does not.
 */
export default function PartnerActions({
  profile,
  onChat,
  onBlocked,
  onReported,
}: {
  profile: PartnerProfile
  onChat?: () => Promise<ChatOutcome>
  onBlocked?: () => void
  /** The report was stored (it blocks the member too). */
  onReported?: () => void
}) {
  const photoRequest = useAccessRequest(profile, 'photo')
  const phoneRequest = useAccessRequest(profile, 'phone')
  const [chatBusy, setChatBusy] = useState(false)
  const [chatNote, setChatNote] = useState<string | null>(null)
  const [confirmBlock, setConfirmBlock] = useState(false)
  const [reporting, setReporting] = useState(false)
  const [dontShow, dontShowState] = useDontShowProfileMutation()
  const [showAgain, showAgainState] = useShowProfileAgainMutation()
  const markBusy = dontShowState.isLoading || showAgainState.isLoading
  const [invite, inviteState] = useInviteProfileMutation()
  const [accept, acceptState] = useAcceptInvitationMutation()
  const [cancelInvite, cancelState] = useCancelInvitationMutation()
  const inviteBusy = inviteState.isLoading || acceptState.isLoading || cancelState.isLoading
  const name = profile.userName
  const inv = profile.invitation
  // What the Invite button does now: send, cancel mine, accept theirs, or nothing (accepted).
  const inviteAction = (() => {
    const run = (m: (id: string) => { unwrap: () => Promise<unknown> }, ok: string) => () => {
      if (inviteBusy) return
      m(profile.profileID)
        .unwrap()
        .then(() => notifySuccess(ok))
        .catch(() => {}) // the store toasts the server's reason (daily limit, an invitation already there)
    }
    if (inv?.status === 'accepted') return { label: 'Invitation accepted', icon: 'check' as const, reason: 'You can chat when you are both online.' }
    if (inv?.status === 'pending' && inv.sentByMe)
      return { label: 'Cancel invitation', icon: 'close' as const, reason: 'Invitation sent; waiting for an answer.', run: run(cancelInvite, `Your invitation to ${name} was cancelled.`) }
    if (inv?.status === 'pending')
      return {
        label: 'Accept invitation',
        icon: 'check' as const,
        reason: `${name} invited you. Accept to chat; to decline, use your inbox.`,
        run: run(accept, `You accepted ${name}'s invitation.`),
      }
    const reason =
      inv?.status === 'declined' && inv.sentByMe ? `${name} declined your last invitation.` : 'Say you are interested; free members chat after an accepted invitation.'
    return { label: 'Invite', icon: 'heart' as const, reason, run: run(invite, `Invitation sent to ${name}.`) }
  })()
  const toggleDontShow = () => {
    if (markBusy) return
    const hidden = profile.dontShow
    ;(hidden ? showAgain : dontShow)(profile.profileID)
      .unwrap()
      .then(() =>
        notifySuccess(hidden ? `${profile.userName} will appear in your lists again.` : `${profile.userName} will no longer appear in your lists.`),
      )
      .catch((e: unknown) => notifyError(asApiError(e)?.message ?? 'That did not work just now. Please try again.'))
  }
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
    { key: 'invite', ...inviteAction, busy: inviteBusy },
    requestAction(photoRequest),
    requestAction(phoneRequest),
    {
      key: 'block',
      label: 'Block',
      icon: 'block',
      reason: 'Neither of you will see the other, and chats end.',
      run: onBlocked ? () => setConfirmBlock(true) : undefined,
    },
    {
      key: 'dontshow',
      label: profile.dontShow ? 'Show again' : "Don't show",
      icon: 'eyeOff',
      reason: profile.dontShow ? "On your Don't show list: left out of your lists and chat." : 'Leave this member out of your lists and chat.',
      run: toggleDontShow,
      busy: markBusy,
    },
    {
      key: 'report',
      label: 'Report',
      icon: 'flag',
      reason: 'Tell our team about a fake profile, money requests or abuse; reporting also blocks.',
      run: onReported ? () => setReporting(true) : undefined,
    },
    {
      key: 'chat',
      label: 'Chat',
      icon: 'chat',
      reason: profile.dontShow
        ? 'Show this member again to chat.'
        : (chatNote ?? 'Chat when you are both online; free members chat after a mutually accepted invitation.'),
      run: onChat && !profile.dontShow ? startChat : undefined,
      busy: chatBusy,
    },
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
              disabled={!a.run || a.busy}
              aria-busy={a.busy || undefined}
              onClick={a.run}
              aria-describedby={`action-why-${a.key}`}
            >
              <Icon name={a.icon} size={18} /> {a.label}
            </button>
            <span id={`action-why-${a.key}`} className="action-bar__why" aria-live={LIVE_REASONS.has(a.key) ? 'polite' : undefined}>
              {a.reason}
            </span>
            {a.secondary && (
              <button type="button" className="action-bar__more" onClick={a.secondary.run} disabled={a.busy} aria-busy={a.busy || undefined} aria-label={a.secondary.name}>
                {a.secondary.label}
              </button>
            )}
          </li>
        ))}
      </ul>
      <BlockDialog
        open={confirmBlock}
        profileId={profile.profileID}
        name={profile.userName}
        gender={profile.gender}
        onBlocked={() => {
          setConfirmBlock(false)
          onBlocked?.()
        }}
        onCancel={() => setConfirmBlock(false)}
      />
      <ReportDialog
        open={reporting}
        profileId={profile.profileID}
        name={profile.userName}
        gender={profile.gender}
        kind="profile"
        onReported={() => {
          setReporting(false)
          onReported?.()
        }}
        onCancel={() => setReporting(false)}
      />
    </section>
  )
}
