/** One photo of the member: the URL is imagePath + images.large (or small); photoId is the owner's handle. */
export interface OwnPhoto {
  photoId?: string
  imagePath: string
  images: { small: string; large: string }
  isDefault: boolean
}

/** The basic section; dateOfBirth is only in the member's own profile. */
export interface Basic {
  gender: number
  name: string
  profileName: string
  dateOfBirth?: string
  age: number
  heightCm: number | null
  /** The height's label, e.g. "5 ft 6 in (168 cm)". */
  height: string
  maritalStatus: string
  createdBy: string
  motherTongueId: number | null
  motherTongue: string
  physicalStatus: string
}

/** The faith section; the spec's "community" is the denomination. */
export interface Faith {
  religionId: number | null
  religion: string
  communityId: number | null
  community: string
  subCommunity: string
  diocese: string
  parish: string
  vicar: string
  faithPractice: string
}

/** The education and work section. */
export interface Education {
  degreeId: number | null
  degree: string
  collegeId: number | null
  college: string
  professionId: number | null
  profession: string
  companyId: number | null
  company: string
  /** An income band code, e.g. "5-7L". */
  incomeBand: string
  /** Its label. */
  income: string
}

/** Where the member lives (names only; coordinates never leave the server). */
export interface Location {
  countryId: number | null
  country: string
  stateId: number | null
  state: string
  cityId: number | null
  city: string
}

/** The family section. */
export interface Family {
  fatherOccupation: string
  motherOccupation: string
  siblings: string
  familyType: string
  familyValues: string
}

/** The member's own words. */
export interface About {
  aboutMe: string
  aboutFamily: string
}

/** Diet, smoking and drinking. */
export interface Lifestyle {
  diet: string
  smoking: string
  drinking: string
}

/** The seven editable sections. */
export interface Sections {
  basic: Basic
  faith: Faith
  education: Education
  location: Location
  family: Family
  about: About
  lifestyle: Lifestyle
}

/** The keys of the ten completion sections, in the order the completion page walks them. */
export type CompletionKey = 'basic' | 'contact' | 'faith' | 'education' | 'location' | 'family' | 'about' | 'lifestyle' | 'photos' | 'preference'

/** One completion section: whether it is complete and which fields (as PUT profile names them) are missing. */
export interface CompletionSection {
  key: CompletionKey
  label: string
  complete: boolean
  /** 3 when complete, else 0. */
  steps: number
  missing: string[]
}

/** A verification badge: what was checked and when. */
export interface Badge {
  kind: 'mobile' | 'email' | 'id' | 'parish'
  label: string
  /** When the check was made; null when not known. */
  verifiedAt: string | null
}

/** The member's whole own profile (GET profile without onlyInfo). */
export interface OwnProfile extends Sections {
  profileID: string
  userName: string
  gender: number
  photos: OwnPhoto[]
  completedSteps: number
  completion: CompletionSection[]
  subscription: { planName: string; expiresAt: string } | null
  prevContactViewPending: number
  hidden: boolean
  emailVerified: boolean
  phoneVerified: boolean
  contact: { email: string; phoneCode: string; phone: string }
  badges: Badge[]
  memberSince: string
}

/** The dashboard's counters (GET profile/dash-view). */
export interface DashCounts {
  newMatches: number
  invitationsReceived: number
  invitationsAccepted: number
  recentVisitors: number
  photoRequests: number
  phoneRequests: number
}

/** The member's current plan and its contact views. */
export interface PlanUsage {
  planName: string
  expiresAt: string
  contactViewsUsed: number
  contactViewsTotal: number
  prevContactViewPending: number
  contactViewsLeft: number
}

/** GET profile/dash-view. */
export interface Dashboard {
  profileID: string
  userName: string
  gender: number
  photos: OwnPhoto[]
  completedSteps: number
  completionPercent: number
  completion: CompletionSection[]
  badges: Badge[]
  counts: DashCounts
  /** null on the free plan. */
  plan: PlanUsage | null
  hidden: boolean
}

/** One value of a fixed list with its label. */
export interface EnumOption {
  value: string
  label: string
}

/** The fixed lists the profile forms use (GET profile/options "enums"). */
export type EnumKey = 'maritalStatus' | 'createdBy' | 'physicalStatus' | 'faithPractice' | 'diet' | 'smoking' | 'drinking' | 'familyType' | 'familyValues'

/** GET profile/options: the fixed lists and the limits of the profile forms. */
export interface ProfileOptions {
  enums: Partial<Record<EnumKey, EnumOption[]>> & Record<string, EnumOption[]>
  limits: Record<string, number>
}

/** PUT profile: any subset of the sections, each with any subset of its fields ("" or 0 clears an optional one). */
export interface ProfileUpdate {
  basic?: Partial<Pick<Basic, 'name' | 'profileName' | 'maritalStatus' | 'createdBy' | 'physicalStatus'>> & { heightCm?: number; motherTongueId?: number }
  faith?: { religionId?: number; communityId?: number; subCommunity?: string; diocese?: string; parish?: string; vicar?: string; faithPractice?: string }
  education?: { degreeId?: number; collegeId?: number; professionId?: number; companyId?: number; incomeBand?: string }
  location?: { countryId?: number; stateId?: number; cityId?: number }
  family?: Partial<Family>
  about?: Partial<About>
  lifestyle?: Partial<Lifestyle>
}

/** The partner preferences as GET preference answers them (defaults derived from the profile until saved). */
export interface SuggestedPreference {
  /** false: these are suggestions derived from the member's own profile. */
  saved: boolean
  age: { min: number; max: number; strict: boolean }
  height: { min: number; max: number; strict: boolean }
  maritalStatus: { values: string[] | null; strict: boolean }
  community: { values: number[] | null; names?: string[] | null; strict: boolean }
  motherTongue: { values: number[] | null; names?: string[] | null; strict: boolean }
  country: { values: number[] | null; names?: string[] | null; strict: boolean }
  [other: string]: unknown
}
