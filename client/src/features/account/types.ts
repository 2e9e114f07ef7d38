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

/** What login, registration and password change answer. */
export interface Session {
  token: string
  refreshToken: string
  /** Access token lifetime in seconds. */
  expiresIn: number
  profile?: MemberProfile
}

/** Who "profile created by" can be. */
export type CreatedBy = 'self' | 'parent' | 'sibling' | 'relative' | 'friend'

/** The registration form as the server takes it (auth/register and the three step checks). */
export interface RegisterInput {
  name: string
  gender: number
  dateOfBirth: string
  profileCreatedBy: CreatedBy | ''
  email: string
  phoneCode: string
  phone: string
  password: string
  confirmPassword: string
  religionId: number
  communityId: number
  motherTongueId: number
}

/** auth/login: password by e-mail, or an OTP by phone. */
export interface LoginInput {
  email: string
  pwd: string
  loginType: 'password' | 'otp'
  otp: string
  phoneCode?: string
  phone?: string
}

/** A phone number with its country code. */
export interface PhoneInput {
  phoneCode: string
  phone: string
}

/** auth/isValid: each non-empty field is checked for format and duplicates. */
export interface FieldCheck {
  name?: string
  dateOfBirth?: string
  email?: string
  phoneCode?: string
  phone?: string
}

/** user/changepwd. */
export interface ChangePasswordInput {
  oldPassword: string
  password: string
  confirmPassword: string
}

/** auth/resetpwd: the token of the e-mailed link and the new password. */
export interface ResetPasswordInput {
  token: string
  password: string
  confirmPassword: string
}
