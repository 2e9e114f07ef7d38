import type { IconName } from '../../components/Icon'
import type { RequestCard, RequestKind, RequestStatus } from '../../entities/member'
import type { RequestBox } from './api'

/** The kind filter of the request screen: one kind, or both ("all", no ?kind=). */
export type RequestFilter = RequestKind | 'all'

/** The screen's words. */
export const REQUESTS_COPY = {
  title: 'Requests',
  description: 'Photo and phone number requests: the ones members sent you, and yours.',
  intro: 'Members who asked to see your protected photos or your phone number, and the requests you sent. Answer the ones that wait for you.',
}

/** The two sides, as the switch names them. */
export const BOX_LABEL: Record<RequestBox, string> = { received: 'Received', sent: 'Sent' }

/** The kind filter's chips. */
export const FILTER_LABEL: Record<RequestFilter, string> = { all: 'All', photo: 'Photos', phone: 'Phone' }

/** The empty state of each side and filter: a title, a line of help and an icon. */
export const REQUESTS_EMPTY: Record<RequestBox, Record<RequestFilter, { title: string; icon: IconName }>> & { help: Record<RequestBox, string> } = {
  received: {
    all: { title: 'No requests yet', icon: 'mail' },
    photo: { title: 'No photo requests yet', icon: 'lock' },
    phone: { title: 'No phone requests yet', icon: 'phone' },
  },
  sent: {
    all: { title: 'You have not sent any requests yet', icon: 'mail' },
    photo: { title: 'You have not sent any photo requests yet', icon: 'lock' },
    phone: { title: 'You have not sent any phone requests yet', icon: 'phone' },
  },
  help: {
    received: 'When a member asks to see your protected photos or your phone number, the request shows here for you to answer.',
    sent: 'On a member’s profile, "Request photos" asks to see protected photos and "Request phone number" asks for the number.',
  },
}

/** His or her, for a member of gender 10 (groom) or 20 (bride). */
const their = (gender: number) => (gender === 10 ? 'his' : 'her')

/** What the request asked for, from the viewer's side: "Wants to see your photos", "You asked for her phone number". */
export function requestWhat(card: RequestCard): string {
  const { kind, sentByMe } = card.request
  if (sentByMe) return kind === 'photo' ? `You asked to see ${their(card.gender)} photos` : `You asked for ${their(card.gender)} phone number`
  return kind === 'photo' ? 'Wants to see your photos' : 'Asks for your phone number'
}

/** How a request stands, as its badge says it, on each side (the requester never sees "ignored": it stays pending to them). */
export const REQUEST_STATUS: Record<RequestBox, Record<RequestStatus, { text: string; tone: 'todo' | 'ok' | 'muted' }>> = {
  received: {
    pending: { text: 'Waiting for your answer', tone: 'todo' },
    accepted: { text: 'Accepted', tone: 'ok' },
    declined: { text: 'Declined', tone: 'muted' },
    ignored: { text: 'Ignored', tone: 'muted' },
  },
  sent: {
    pending: { text: 'Waiting for an answer', tone: 'todo' },
    accepted: { text: 'Accepted', tone: 'ok' },
    declined: { text: 'Declined', tone: 'muted' },
    ignored: { text: 'Waiting for an answer', tone: 'todo' },
  },
}

/** What an answered request means now, when there is something to add: where to see what was shared, or who knows what. */
export function requestOutcome(card: RequestCard): string {
  const { kind, status, sentByMe } = card.request
  const p = their(card.gender)
  if (sentByMe) {
    if (status === 'accepted') return kind === 'photo' ? `${p[0].toUpperCase()}${p.slice(1)} photos are on ${p} profile.` : `${p[0].toUpperCase()}${p.slice(1)} number is on ${p} profile.`
    if (status === 'declined') return 'You can ask again 30 days after the answer.'
    return ''
  }
  if (status === 'accepted') return kind === 'photo' ? 'They can see your photos.' : 'They can see your phone number.'
  if (status === 'ignored') return 'They were not told: to them it still waits, and you may still answer it.'
  return ''
}

/** The requests a card can make; the screen maps each to its mutation of entities/member. */
export type RequestActionKey = 'accept' | 'decline' | 'ignore' | 'withdraw'

/** A button on a request card: its words, its look, whether it asks first, and what it says when done. */
export interface RequestAction {
  key: RequestActionKey
  label: string
  /** While the request runs. */
  busyLabel: string
  /** After it succeeded, until the list reloads with the card changed. */
  doneLabel: string
  variant: 'primary' | 'outline'
  /** A confirmation before the call, for this kind of request; `name` is the member's name (or profile ID). */
  confirm?: (name: string, kind: RequestKind) => { title: string; body: string; confirmLabel: string; cancelLabel?: string } | null
  /** The success toast. */
  success: (name: string, kind: RequestKind) => string
}

/** "photo request" or "phone request". */
const lower = (kind: RequestKind) => `${kind} request`

/** The buttons of a pending received request: Accept, Decline (confirmed) and Ignore. */
export const RECEIVED_ACTIONS: RequestAction[] = [
  {
    key: 'accept',
    label: 'Accept',
    busyLabel: 'Accepting…',
    doneLabel: 'Accepted',
    variant: 'primary',
    // Sharing a phone number cannot be taken back: ask first. Photos can be protected again from My Photos.
    confirm: (name, kind) =>
      kind === 'phone'
        ? {
            title: `Share your phone number with ${name}?`,
            body: `${name} will see your phone number and e-mail on your profile, as your Contact Filter allows.`,
            confirmLabel: 'Share my number',
          }
        : null,
    success: (name, kind) => (kind === 'photo' ? `${name} can now see your photos.` : `${name} can now see your phone number.`),
  },
  {
    key: 'decline',
    label: 'Decline',
    busyLabel: 'Declining…',
    doneLabel: 'Declined',
    variant: 'outline',
    confirm: (name, kind) => ({
      title: `Decline ${name}'s ${lower(kind)}?`,
      body: `${name} will see that you declined, and may ask again after 30 days.`,
      confirmLabel: 'Decline',
    }),
    success: (name, kind) => `You declined ${name}'s ${lower(kind)}.`,
  },
  {
    key: 'ignore',
    label: 'Ignore',
    busyLabel: 'Ignoring…',
    doneLabel: 'Ignored',
    variant: 'outline',
    success: (name, kind) => `${name}'s ${lower(kind)} is set aside. ${name} is not told.`,
  },
]

/** The button of a pending sent request: Withdraw (confirmed). */
export const SENT_ACTIONS: RequestAction[] = [
  {
    key: 'withdraw',
    label: 'Withdraw',
    busyLabel: 'Withdrawing…',
    doneLabel: 'Withdrawn',
    variant: 'outline',
    confirm: (name, kind) => ({
      title: `Withdraw your ${lower(kind)} to ${name}?`,
      body: `${name} will no longer see it. You can ask again later.`,
      confirmLabel: 'Withdraw',
      // "Cancel" next to "Withdraw" would read as the same thing.
      cancelLabel: 'Keep it',
    }),
    success: (name, kind) => `Your ${lower(kind)} to ${name} was withdrawn.`,
  },
]

/** The accessible name of a card's button: the words on it, then which request it is ("Accept photo request from Anna"). */
export function actionName(text: string, card: RequestCard, name: string): string {
  return `${text} ${lower(card.request.kind)} ${card.request.sentByMe ? 'to' : 'from'} ${name}`
}
