import type { MemberProfile } from '../../entities/account'

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
