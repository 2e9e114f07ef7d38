import type { IconName } from '../../components/Icon'
import type { MemberListKind } from './api'

/** What each member list screen says: its title, the line under it, and the empty state. */
export interface ListCopy {
  title: string
  /** The meta description (member pages are not indexed, but every page has one). */
  description: string
  /** One line under the page title explaining the list. */
  intro: string
  empty: string
  emptyIcon: IconName
}

export const LIST_COPY: Record<MemberListKind, ListCopy> = {
  blocked: {
    title: 'Blocked Profiles',
    description: 'The members you have blocked.',
    intro: 'Members you blocked cannot see your profile, find you in lists or chat with you, and you will not see them.',
    // Spec wording, capitals included.
    empty: 'Sorry, You Have not blocked any profiles',
    emptyIcon: 'block',
  },
  'dont-show': {
    title: "Don't Show Profiles",
    description: 'The profiles you chose not to see in your matches and searches.',
    intro: 'Profiles you marked "Don\'t show" are left out of your matches, searches and lists. Show one again to see it there once more.',
    empty: 'You have not hidden any profiles',
    emptyIcon: 'eyeOff',
  },
  'recently-viewed': {
    title: 'Recently Viewed',
    description: 'The profiles you looked at recently.',
    intro: 'The profiles you opened recently, the latest first.',
    empty: 'You have not viewed any profiles yet',
    emptyIcon: 'clock',
  },
  'recent-visitors': {
    title: 'Recent Visitors',
    description: 'The members who looked at your profile recently.',
    intro: 'Members who opened your profile recently, the latest first.',
    empty: 'Nobody has visited your profile yet',
    emptyIcon: 'users',
  },
  'invitations-received': {
    title: 'Received',
    description: 'The invitations other members sent you that wait for your answer.',
    intro: 'Members who would like to know you. Accept to let them chat with you; they are told of your answer.',
    empty: 'No invitations are waiting for you',
    emptyIcon: 'mail',
  },
  'invitations-sent': {
    title: 'Sent',
    description: 'The invitations you sent, and their answers.',
    intro: 'Invitations you sent, and their answers. You can cancel one while it waits.',
    empty: 'You have not sent any invitations yet',
    emptyIcon: 'heart',
  },
  'invitations-accepted': {
    title: 'Accepted',
    description: 'The invitations accepted between you and other members.',
    intro: 'Members who accepted your invitation, or whose invitation you accepted. You can chat with them when you are both online.',
    empty: 'No accepted invitations yet',
    emptyIcon: 'check',
  },
}
