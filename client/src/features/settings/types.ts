/** Who sees the member's photos (profiles.photo_visibility). */
export type PhotoVisibility = 'all' | 'protected'
/** Who may see the member's full contact with a contact view (profiles.contact_filter). */
export type ContactFilter = 'paid' | 'verified' | 'accepted'
/** Who may start a chat with the member (profiles.chat_setting). */
export type ChatSetting = 'verified' | 'accepted' | 'nobody'

/** The member's privacy and contact settings (GET profile/settings). */
export interface MemberSettings {
  photoVisibility: PhotoVisibility
  contactFilter: ContactFilter
  chatSetting: ChatSetting
  /** Whether the member appears (first name, denomination, city) on the public premium-members list. */
  showInPublicLists: boolean
  contactPerson: string
  contactRelation: string
  callTime: string
}

/** PATCH profile/settings: absent fields stay as they are. */
export type SettingsUpdate = Partial<Pick<MemberSettings, 'photoVisibility' | 'contactFilter' | 'chatSetting' | 'showInPublicLists'>>

/** PATCH profile/contact-me: the contact person shown with a contact view. */
export type ContactMeUpdate = Partial<Pick<MemberSettings, 'contactFilter' | 'contactPerson' | 'contactRelation' | 'callTime'>>

/** How often the new-matches e-mail comes. */
export type MatchDigest = 'daily' | 'weekly'

/** The e-mail alert categories (GET and POST profile/email-alerts), and how often the new-matches digest comes. */
export interface EmailAlerts {
  invitations: boolean
  requests: boolean
  profileViews: boolean
  planExpiry: boolean
  badges: boolean
  newsletter: boolean
  /** The digest of new matches. */
  matches: boolean
  matchDigest: MatchDigest
}

/** The on/off categories of EmailAlerts. */
export type AlertFlag = { [K in keyof EmailAlerts]: EmailAlerts[K] extends boolean ? K : never }[keyof EmailAlerts]

/** What an unsubscribe link turns off (GET and POST email/unsubscribe?t=): the category and its name ("Invitations"). */
export interface UnsubscribeTarget {
  category: string
  label: string
}

/** The member's own login e-mail and mobile with their verification, from GET profile. */
export interface OwnContact {
  email: string
  phoneCode: string
  phone: string
  emailVerified: boolean
  phoneVerified: boolean
}

/** A value of a fixed list with its label (GET profile/options). */
export interface EnumOption {
  value: string
  label: string
}

/** GET profile/options: the fixed lists with labels, and the limits of the profile forms. */
export interface ProfileOptions {
  enums: Record<string, EnumOption[]>
  limits: Record<string, number>
}
