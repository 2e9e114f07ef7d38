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
  /** What the member's plan gives now (the free tier's numbers when free); absent from an older server. */
  entitlements?: Entitlements
  /** The member's viewer grant for photo names that come without one (chat users); see lib/photos grantedUrl. */
  photoGrant?: string
}

/** What the member's plan gives now (GET profile "entitlements"): planName is "Free" and expiresAt null on the free tier. */
export interface Entitlements {
  paid: boolean
  planName: string
  expiresAt: string | null
  contactViewsLeft: number
  contactViewsTotal: number
  contactViewsUsed: number
  prevContactViewPending: number
  dailyInvitations: number
  startChats: boolean
  profileHighlight: boolean
  prioritySupport: boolean
}

/** The member's paid plan, from entitlements when the server sends them, else from subscription; null when free. */
export function currentPaidPlan(p: Pick<MemberProfile, 'subscription' | 'entitlements'> | null | undefined): { name: string; expiresAt: string } | null {
  if (!p) return null
  const e = p.entitlements
  if (e) return e.paid && e.expiresAt ? { name: e.planName, expiresAt: e.expiresAt } : null
  return p.subscription ? { name: p.subscription.planName, expiresAt: p.subscription.expiresAt } : null
}
