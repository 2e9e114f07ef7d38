import type { MemberCard } from '../../entities/member'
import type { MemberListKind } from './api'

/** The requests a list card can make; the screen maps each to its mutation of entities/member. */
export type ListActionKey = 'unblock' | 'showAgain' | 'accept' | 'decline' | 'cancelInvitation'

/** A button on the cards of one list: its words, its look, whether it asks first, and what it says when done. */
export interface ListAction {
  key: ListActionKey
  label: string
  /** While the request runs. */
  busyLabel: string
  /** After it succeeded, until the list reloads without the card (or with the card changed). */
  doneLabel: string
  variant: 'primary' | 'outline'
  /** Whether this card offers the button; every card when absent. */
  offered?: (card: MemberCard) => boolean
  /** A confirmation before the request; `name` is the member's name (or profile ID). */
  confirm?: {
    title: (name: string) => string
    body: (name: string) => string
    confirmLabel: string
    /** The dialog's dismiss button; "Cancel" when absent. */
    cancelLabel?: string
  }
  /** The success toast. */
  success: (name: string) => string
}

/** The buttons each list's cards carry, in order (the card's "View profile" link comes first). */
export const LIST_ACTIONS: Record<MemberListKind, ListAction[]> = {
  blocked: [
    {
      key: 'unblock',
      label: 'Unblock',
      busyLabel: 'Unblocking…',
      doneLabel: 'Unblocked',
      variant: 'primary',
      confirm: {
        title: (name) => `Unblock ${name}?`,
        body: () => 'They will be able to see your profile and find you in lists again, and chat with you if their settings allow.',
        confirmLabel: 'Unblock',
      },
      success: (name) => `Unblocked ${name}. They can see you again and chat if their settings allow.`,
    },
  ],
  'dont-show': [
    {
      key: 'showAgain',
      label: 'Show again',
      busyLabel: 'Showing again…',
      doneLabel: 'Shown again',
      variant: 'primary',
      success: (name) => `${name} will show in your matches and searches again.`,
    },
  ],
  'recently-viewed': [],
  'recent-visitors': [],
  'invitations-received': [
    {
      key: 'accept',
      label: 'Accept',
      busyLabel: 'Accepting…',
      doneLabel: 'Accepted',
      variant: 'primary',
      success: (name) => `You accepted ${name}'s invitation. You can now chat when you are both online.`,
    },
    {
      key: 'decline',
      label: 'Decline',
      busyLabel: 'Declining…',
      doneLabel: 'Declined',
      variant: 'outline',
      confirm: {
        title: (name) => `Decline ${name}'s invitation?`,
        body: (name) => `${name} will see that you declined. You can still view each other's profiles.`,
        confirmLabel: 'Decline',
      },
      success: (name) => `You declined ${name}'s invitation.`,
    },
  ],
  'invitations-sent': [
    {
      key: 'cancelInvitation',
      label: 'Cancel invitation',
      busyLabel: 'Cancelling…',
      doneLabel: 'Cancelled',
      variant: 'outline',
      // Only an invitation still waiting for an answer can be taken back.
      offered: (card) => card.invitation?.status === 'pending',
      confirm: {
        title: (name) => `Cancel your invitation to ${name}?`,
        body: (name) => `${name} will no longer be able to accept it. You can send a new invitation later.`,
        confirmLabel: 'Cancel invitation',
        // "Cancel" next to "Cancel invitation" would read as the same thing.
        cancelLabel: 'Keep it',
      },
      success: (name) => `Your invitation to ${name} was cancelled.`,
    },
  ],
  'invitations-accepted': [],
}
