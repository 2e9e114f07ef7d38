/** One of the member's photos; its URL is the API host + imagePath + images.large (spec §7). */
export interface MemberPhotoItem {
  imagePath: string
  images: { small: string; large: string }
  isDefault?: boolean
}

/** The member's own profile summary: GET profile and the profile of a login (spec §3 "Profile"). */
export interface MemberProfile {
  profileID: string
  userName: string
  /** 10 groom, 20 bride. */
  gender: number
  basic: { gender: number }
  photos: MemberPhotoItem[]
  completedSteps: number
  hidden: boolean
  emailVerified: boolean
  phoneVerified: boolean
  /** The current paid plan, or null for a free member. */
  subscription: { planName: string; expiresAt: string } | null
  prevContactViewPending: number
  /** The member's viewer grant for photo names that come without one (chat users); see lib/photos grantedUrl. */
  photoGrant?: string
}
