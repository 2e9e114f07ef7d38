// The JSON shapes of the admin API contract (issue 21, /api/admin). Times are RFC 3339 UTC strings.

/** A permission, "object:action" (the server's Casbin policy is the judge; the client only hides). */
export type Permission =
  | 'members:read'
  | 'members:view'
  | 'members:suspend'
  | 'members:ban'
  | 'members:hide'
  | 'photos:delete'
  | 'proofs:read'
  | 'proofs:view'
  | 'proofs:verify'
  | 'reports:read'
  | 'reports:view'
  | 'reports:act'
  | 'blogs:write'
  | 'stories:write'
  | 'faq:write'
  | 'pages:write'
  | 'plans:write'
  | 'coupons:write'
  | 'payments:read'
  | 'invoices:read'
  | 'settings:write'
  | 'maintenance:write'
  | 'contact:read'
  | 'contact:write'
  | 'admins:manage'
  | 'audit:read'

/** The signed-in admin (GET me). */
export interface Me {
  id: number
  email: string
  name: string
  roles: string[]
  permissions: string[]
}

/** POST auth/login: the next step and its short-lived stage token; enroll on the first login. */
export interface LoginStage {
  stage: 'totp' | 'enroll'
  token: string
  enroll?: { secret: string; otpauthUrl: string; qrPng: string }
}

/** POST auth/totp: the admin session. */
export interface AdminSession {
  token: string
  expiresAt: string
  admin: Me
}

/** A page of a list endpoint. */
export interface Page<T> {
  items: T[]
  total: number
}

/** The paging of a list call. */
export interface Paging {
  skip: number
  limit: number
}

/** Member account status. */
export type MemberStatus = 'active' | 'suspended' | 'banned' | 'deleted'

/** A member in the search list (e-mail and phone masked). */
export interface MemberRow {
  profileId: string
  name: string
  /** 10 groom, 20 bride. */
  gender: number
  status: MemberStatus
  hidden: boolean
  joinedAt: string
  lastActiveAt: string | null
  plan: string | null
  email: string
  phone: string
}

/** A proof as the member page lists it. */
export interface MemberProof {
  id: number
  kind: 'id' | 'parish'
  status: ProofStatus
  uploadedAt: string
  reviewedAt: string | null
}

/** One member opened (audited on the server): full contact details, photos, proofs. */
export interface MemberDetail extends MemberRow {
  dob: string
  city: string
  state: string
  denomination: string
  createdBy: string
  suspendedUntil: string | null
  photos: { id: number | string; url: string }[]
  proofs: MemberProof[]
  reports: { against: number; filed: number }
  orders: number
}

/** Where a proof stands. */
export type ProofStatus = 'pending' | 'verified' | 'rejected'

/** A proof in the queue. */
export interface ProofRow {
  id: number
  kind: 'id' | 'parish'
  status: ProofStatus
  uploadedAt: string
  reviewedAt: string | null
  note: string
  member: { profileId: string; name: string; gender: number }
  hasImage: boolean
}

/** What a moderator does with a report. */
export type ReportAction = 'dismiss' | 'warn' | 'suspend' | 'ban'

/** A report in the queue. */
export interface ReportRow {
  id: number
  kind: 'profile' | 'chat'
  reason: string
  createdAt: string
  status: 'open' | 'closed'
  outcome: string
  reporter: { profileId: string; name: string }
  reported: { profileId: string; name: string; status: MemberStatus }
}

/** One report opened (audited): its details and, for a chat report, the last messages between the two. */
export interface ReportDetail extends ReportRow {
  details: string
  excerpt: { from: 'reporter' | 'reported'; text: string; at: string }[]
  handledBy: string | null
  handledAt: string | null
  outcomeNote: string
}

/** A blog as the admin edits it. */
export interface AdminBlog {
  id: number
  slug: string
  title: string
  summary: string
  body: string
  author: string
  tags: string[]
  status: 'draft' | 'published'
  publishedAt: string | null
  coverUrl: string | null
  updatedAt: string
}

/** What POST blogs / PUT blogs/{id} take. */
export interface BlogInput {
  title: string
  summary: string
  body: string
  author: string
  tags: string[]
  status: 'draft' | 'published'
  slug?: string
}

/** Where a success story stands. */
export type StoryStatus = 'pending' | 'published' | 'rejected'

/** A success story as the admin sees it. */
export interface AdminStory {
  id: number
  title: string
  brideName: string
  groomName: string
  denomination: string
  city: string
  weddingDate: string | null
  summary: string
  story: string
  status: StoryStatus
  submittedBy: { email: string; phone: string } | null
  createdAt: string
}

/** What PUT stories/{id} takes. */
export type StoryInput = Pick<AdminStory, 'title' | 'brideName' | 'groomName' | 'denomination' | 'city' | 'weddingDate' | 'summary' | 'story'>

/** A question of the FAQ. */
export interface FaqItem {
  id: number
  question: string
  answer: string
  category: string
  sort: number
}

/** One of the four static pages. */
export interface SitePage {
  key: string
  title: string
  body: string
  updatedAt: string
}

/** A plan as finance edits it (the public plan plus active and sort). */
export interface AdminPlan {
  id: number
  name: string
  free: boolean
  months: number
  priceInr: number
  contactViews: number
  startChats: boolean
  profileHighlight: boolean
  prioritySupport: boolean
  dailyInvitations: number
  gstRate: number
  active: boolean
  sort: number
}

/** What PUT plans/{id} takes. */
export type PlanInput = Pick<AdminPlan, 'priceInr' | 'months' | 'contactViews' | 'dailyInvitations' | 'startChats' | 'profileHighlight' | 'prioritySupport' | 'active'>

/** A coupon: a percent (1–100) or flat (whole rupees) discount with a validity window and a use limit (0: none). */
export interface AdminCoupon {
  id: number
  code: string
  description: string
  kind: 'percent' | 'flat'
  value: number
  plan: string | null
  validFrom: string
  validUntil: string
  maxUses: number
  usedCount: number
  active: boolean
}

/** What POST coupons / PUT coupons/{id} take. */
export interface CouponInput {
  code: string
  description: string
  kind: 'percent' | 'flat'
  value: number
  plan?: string | null
  validFrom: string
  validUntil: string
  maxUses: number
}

/** How an order stands. */
export type OrderStatus = 'created' | 'paid' | 'failed' | 'refunded' | 'disputed' | 'expired'

/** An order as finance sees it: the member's order plus who, the gateway and its payments. */
export interface AdminOrder {
  id: string
  plan: string
  months: number
  contactViews: number
  status: OrderStatus
  listPricePaise: number
  discountPaise: number
  amountPaise: number
  currency: string
  coupon: string
  createdAt: string
  paidAt: string | null
  paymentId: string
  method: string
  failureReason: string
  invoice: { number: string; issuedAt: string } | null
  validFrom: string | null
  validUntil: string | null
  member: { profileId: string; name: string } | null
  gateway: string
  gatewayOrderId: string
  payments: { id: string; status: string; amountPaise: number; refundedPaise: number; method: string; createdAt: string }[]
}

/** The site settings (as GET /api/v1/common gives them). */
export interface SiteSettings {
  supportEmail: string
  contactNo: string[]
  whatsapp: string
  social: { facebook: string; instagram: string; twitter: string; youtube: string }
  officeAddress: { line1: string; line2: string; city: string; state: string; pincode: string; country: string }
  officeHours: string
}

/** Where a contact-us message stands. */
export type ContactStatus = 'new' | 'assigned' | 'answered'

/** A contact-us message in the inbox. */
export interface ContactRow {
  id: number
  name: string
  subject: string
  status: ContactStatus
  createdAt: string
  assignedTo: { id: number; name: string } | null
  answeredAt: string | null
}

/** One contact-us message opened (audited). */
export interface ContactDetail extends ContactRow {
  email: string
  phone: string
  message: string
  adminNote: string
  answeredBy: string | { id: number; name: string } | null
}

/** An admin account. */
export interface AdminAccount {
  id: number
  email: string
  name: string
  roles: string[]
  status: 'active' | 'disabled' | string
  totpEnabled: boolean
  lastLoginAt: string | null
}

/** A role and what it may do. */
export interface RoleInfo {
  role: string
  permissions: string[]
}

/** One row of the audit log. */
export interface AuditRow {
  id: number
  at: string
  admin: { id: number; email: string }
  action: string
  object: string
  objectId: string
  detail: Record<string, unknown> | null
  ip: string
}

/** The filters of GET audit. */
export interface AuditFilter {
  adminId?: string
  action?: string
  object?: string
  objectId?: string
  from?: string
  to?: string
}
