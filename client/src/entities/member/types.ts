import type { PhotoRef } from '../../lib/photos'
import type { ReportReason } from './labels'

/** A member as the viewer's lists show them (server profile.Card). */
export interface MemberCard {
  profileID: string
  userName: string
  /** 10 groom, 20 bride. */
  gender: number
  age: number
  heightCm: number | null
  height: string
  maritalStatus: string
  community: string
  motherTongue: string
  degree: string
  profession: string
  city: string
  state: string
  /** At most the default photo, already signed for this viewer; empty when protected or blocked. */
  photos: PhotoRef[]
  photosProtected: boolean
  /** Verification kinds: mobile, email, id, parish. */
  badges: string[]
  /** The member's plan includes profile highlight ("Premium member" on the card). */
  highlighted?: boolean
  /** Recently viewed / recent visitors: the last view, ISO time. */
  viewedAt?: string
  viewCount?: number
  /** Blocked / don't-show lists: when the mark was made, ISO time. */
  since?: string
  /** Invitation lists (and match cards): the invitation between the viewer and this member. */
  invitation?: CardInvitation
}

/** An invitation as the lists and the partner view show it. */
export interface CardInvitation {
  status: 'pending' | 'accepted' | 'declined' | 'cancelled'
  /** The viewer sent it (else the member sent it to the viewer). */
  sentByMe: boolean
  /** When it was sent or last answered, ISO time. */
  at: string
}

/** What a request asks for: the member's protected photos, or their phone number (and the rest of their contact). */
export type RequestKind = 'photo' | 'phone'

/**
 * How a photo or phone request stands. The owner sees all four; the requester never sees "ignored" (an ignored
 * request stays "pending" to them).
 */
export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'ignored'

/** A request as the inbox's request lists show it (the `request` of a RequestCard). */
export interface CardRequest {
  kind: RequestKind
  status: RequestStatus
  /** The viewer asked (else the member asked the viewer). */
  sentByMe: boolean
  /** When it was asked, ISO time. */
  createdAt: string
  /** When it was last answered (or asked again), ISO time. */
  updatedAt: string
}

/** A member card on the inbox's request lists (GET profile/requests/received|sent): the list card plus the request. */
export interface RequestCard extends MemberCard {
  request: CardRequest
}

/** The preference keys a match names in "why": one per partner-preference field of the server. */
export type PreferenceKey =
  | 'age'
  | 'height'
  | 'maritalStatus'
  | 'community'
  | 'motherTongue'
  | 'education'
  | 'profession'
  | 'income'
  | 'country'
  | 'state'
  | 'city'
  | 'diet'
  | 'smoking'
  | 'drinking'

/** Why a member is a match: which of my set preferences they meet, and which of theirs I meet. */
export interface MatchWhy {
  mine: PreferenceKey[]
  theirs: PreferenceKey[]
}

/** How far a nearby member lives: a band, never a number. */
export type DistanceBand = 'under10' | 'under25' | 'under50'

/** When a member was last active, as a band; "" when longer ago or unknown. */
export type ActiveWithin = 'today' | 'this_week' | 'this_month' | 'earlier'

/** A member card in the match lists and search results: the list card plus why, distance and activity. */
export interface MatchCard extends MemberCard {
  why: MatchWhy
  /** Nearby list only. */
  distance?: DistanceBand
  /** Joined in the last 30 days. */
  isNew: boolean
  activeWithin: ActiveWithin
  /** Today's matches only: the viewer has seen this one today. */
  viewed?: boolean
}

/** A page of matches or search results; the total stops at 1,000 (totalCapped), cursor is null at the end. */
export interface MatchPage {
  items: MatchCard[]
  total: number
  totalCapped: boolean
  cursor: string | null
  /** Why an empty list is empty, when the member can fix it: 'no_city' (Near Me without a city to measure from). */
  notice?: 'no_city'
}

/** The match lists of spec §7 (POST profile/{kind}-matchs). */
export type MatchListKind = 'my' | 'new' | 'nearby' | 'today' | 'discovery'

/** Where a page starts: the opaque cursor of the page before (none for the first), and its size. */
export interface PageArgs {
  cursor?: string
  limit?: number
}

/** The orders a search can use. */
export type SearchSort = 'relevance' | 'newest' | 'lastActive'

/** Which search form: basic (POST profile/search) or advance (POST profile/advance-search). */
export type SearchKind = 'basic' | 'advance'

/**
 * A search: every field optional, empty ones ignored. The basic search uses the first group; the advanced search
 * adds the second. A profileId makes the advanced search a lookup of that one profile.
 */
export interface SearchFilter {
  ageMin?: number
  ageMax?: number
  /** Heights in cm. */
  heightMin?: number
  heightMax?: number
  maritalStatus?: string[]
  community?: number[]
  motherTongue?: number[]
  state?: number[]
  city?: number[]
  withPhoto?: boolean
  sort?: SearchSort
  /** Degree ids. */
  education?: number[]
  profession?: number[]
  /** Income band codes. */
  incomeMin?: string
  incomeMax?: string
  diet?: string[]
  smoking?: string[]
  drinking?: string[]
  /** Matches the diocese or parish text. */
  diocese?: string
  verifiedOnly?: boolean
  activeWithin30?: boolean
  profileId?: string
}

/** A search the member saved by name, to run again. */
export interface SavedSearch {
  id: number
  name: string
  kind: SearchKind
  filter: SearchFilter
  /** ISO time. */
  createdAt: string
}

/** What a report says (POST profile/report/{id}). */
export interface ReportInput {
  kind: 'profile' | 'chat'
  reason: ReportReason
  details: string
}

/**
 * A member's contact as the viewer may see it: masked (the first 4 digits, the e-mail without its local part) unless
 * the viewer used a contact view on them, they accepted the viewer's phone request, or it is the viewer's own.
 */
export interface MemberContact {
  phoneCode: string
  phone: string
  email: string
  masked: boolean
  contactPerson?: string
  contactRelation?: string
  callTime?: string
}

/**
 * Whether the viewer may see a member's full contact (GET profile/partner/{id} "contactAccess"): shown already,
 * available for one contact view, refused for want of a plan or of views left, or refused by the owner's contact
 * filter. message is the server's words for the refusals; viewsLeft the viewer's contact views left.
 */
export interface ContactAccess {
  state: 'shown' | 'available' | 'noPlan' | 'noViewsLeft' | 'filter'
  viewsLeft: number
  message: string
}

/** POST profile/partner/contact-view/{id}: the full contact, whether a view was spent (not on a second look), and the views left. */
export interface ContactViewResult {
  contact: MemberContact
  charged: boolean
  contactViewsLeft: number
}

/** A member whose contact the viewer viewed with their plan (GET list-of-contactview): the card, the contact and when. */
export interface ViewedContactCard extends MemberCard {
  viewedAt: string
  contact: MemberContact
}

/** A page of GET list-of-contactview, newest first. */
export interface ViewedContactPage {
  items: ViewedContactCard[]
  total: number
}
