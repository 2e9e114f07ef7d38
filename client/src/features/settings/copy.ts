import type { AlertFlag, ChatSetting, ContactFilter, MatchDigest, PhotoVisibility } from './types'

/** One choice of a setting: the value the server takes, its label (as GET profile/options words it) and what it means. */
export interface SettingChoice<V extends string> {
  value: V
  label: string
  description: string
  /** The server's default for new members. */
  isDefault?: boolean
}

/** Who sees my photos. */
export const PHOTO_CHOICES: SettingChoice<PhotoVisibility>[] = [
  {
    value: 'all',
    label: 'All members',
    description: 'Every signed-in member can see your photos. Profiles with photos get many more replies.',
    isDefault: true,
  },
  {
    value: 'protected',
    label: 'Only members whose photo request I accept',
    description: 'Members see a locked photo and can send you a photo request. They see your photos only after you accept it.',
  },
]

/** Who may start a chat with me. */
export const CHAT_CHOICES: SettingChoice<ChatSetting>[] = [
  {
    value: 'verified',
    label: 'Any verified member',
    description: 'Members who have verified their e-mail or mobile can start a chat with you (they also need a paid plan, or an accepted invitation with you).',
    isDefault: true,
  },
  {
    value: 'accepted',
    label: 'Members I accepted',
    description: 'Only members with whom an invitation has been accepted can start a chat. Fewer messages, all from families you agreed to talk to.',
  },
  {
    value: 'nobody',
    label: 'Nobody',
    description: 'No one can start a new chat with you. Chats already under way carry on; block a member to end one.',
  },
]

/** Who may see my full contact details with a contact view. */
export const CONTACT_CHOICES: SettingChoice<ContactFilter>[] = [
  {
    value: 'paid',
    label: 'Any member on a paid plan',
    description: 'Any member with an active paid plan can see your full mobile number and e-mail by using one contact view. You get the most calls.',
    isDefault: true,
  },
  {
    value: 'verified',
    label: 'Paid members with a verified mobile number',
    description: 'Only paid members who have verified their own mobile number by OTP. Calls come from real, reachable people; a few genuine families may not qualify yet.',
  },
  {
    value: 'accepted',
    label: 'Paid members whose invitation is accepted',
    description: 'Only paid members with whom an invitation has been accepted. Nobody calls before you have both said yes, but families who like to call first may move on.',
  },
]

/** The e-mail alert categories, in the order the page lists them. */
export const ALERT_CHOICES: { key: AlertFlag; label: string; description: string }[] = [
  { key: 'matches', label: 'New matches', description: 'A digest of new members who match your partner preferences.' },
  { key: 'invitations', label: 'Invitations', description: 'When someone sends you an invitation, or accepts or declines yours.' },
  { key: 'requests', label: 'Photo and phone requests', description: 'When someone asks to see your photos or mobile number, or accepts your request.' },
  { key: 'profileViews', label: 'Profile views', description: 'When a member views your profile.' },
  { key: 'planExpiry', label: 'Plan reminders', description: 'Before your paid plan runs out, so you can renew without a gap.' },
  { key: 'badges', label: 'Verification badges', description: 'When your ID or parish letter has been checked and a badge is added to your profile.' },
  { key: 'newsletter', label: 'News and success stories', description: 'Occasional news from us and stories of couples who met here. Off unless you turn it on.' },
]

/** How often the new-matches digest comes. */
export const DIGEST_CHOICES: { value: MatchDigest; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
]

/** The words of the unsubscribe page (a link in every alert e-mail; no login needed). */
export const UNSUBSCRIBE_COPY = {
  title: 'Unsubscribe',
  loading: 'Checking your link…',
  question: (label: string) => `Stop e-mails about ${label}?`,
  explain: 'We will stop sending you these e-mails. Your notifications on the site stay as they are.',
  confirm: 'Stop these e-mails',
  busy: 'Stopping…',
  done: (label: string) => `You will no longer get e-mails about ${label}. You can turn them back on in Email/SMS Alerts.`,
  invalid: 'This unsubscribe link is not valid',
  invalidHelp: 'The link may be incomplete or out of date. You can choose which e-mails you get in Email/SMS Alerts after you log in.',
}
