import type { CardInvitation, ContactAccess, MemberContact, RequestStatus } from '../../entities/member'
import type { PhotoRef } from '../../lib/photos'

/** A badge: what was checked (mobile, email, id, parish) and when. */
export interface Badge {
  kind: 'mobile' | 'email' | 'id' | 'parish'
  label: string
  /** When the check was made; null when not known. */
  verifiedAt: string | null
}

/** Another member's contact as the viewer may see it: masked (first 4 digits, e-mail without its local part) unless viewed. */
export type PartnerContact = MemberContact

/**
 * The viewer's photo and phone requests to this member, as the viewer may see them: absent or "" (none), pending,
 * accepted or declined (an ignored request reads as pending to the requester).
 */
export interface PartnerRequests {
  photo?: RequestStatus | ''
  phone?: RequestStatus | ''
}

/** The profile sections as the partner view carries them (codes plus master names; age, never the date of birth). */
export interface PartnerSections {
  basic: {
    gender: number
    name: string
    profileName: string
    age: number
    heightCm: number | null
    height: string
    maritalStatus: string
    createdBy: string
    motherTongue: string
    physicalStatus: string
  }
  faith: { religion: string; community: string; subCommunity: string; diocese: string; parish: string; vicar: string; faithPractice: string }
  education: { degree: string; college: string; profession: string; company: string; incomeBand: string; income: string }
  location: { country: string; state: string; city: string }
  family: { fatherOccupation: string; motherOccupation: string; siblings: string; familyType: string; familyValues: string }
  about: { aboutMe: string; aboutFamily: string }
  lifestyle: { diet: string; smoking: string; drinking: string }
}

/** GET profile/partner/{id}: another member's profile as the viewer may see it. */
export interface PartnerProfile extends PartnerSections {
  profileID: string
  userName: string
  /** 10 groom, 20 bride. */
  gender: number
  /** Empty when the photos are protected from this viewer. */
  photos: PhotoRef[]
  /** The owner protects photos and has not accepted this viewer's photo request. */
  photosProtected: boolean
  badges: Badge[]
  contact: PartnerContact
  /** Whether the viewer may see the full contact, and how (absent from an older server). */
  contactAccess?: ContactAccess
  requests: PartnerRequests
  /** The viewer put this member on the "don't show" list. */
  dontShow: boolean
  /** The latest invitation between the viewer and this member, or null. */
  invitation: CardInvitation | null
  /** The viewer opened their own profile. */
  isSelf: boolean
  /** Coarse: today, this_week, this_month, earlier. */
  lastActive: string
}

/** One value of a fixed list with its label (GET profile/options). */
export interface EnumOption {
  value: string
  label: string
}

/** GET profile/options: the fixed lists with their labels (limits are not used here). */
export interface ProfileOptions {
  enums: Record<string, EnumOption[]>
}
