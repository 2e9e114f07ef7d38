export interface Blog {
  id: string | number
  title: string
  slug: string
  summary: string
  body: string
  author: string
  tags: string[]
  readMinutes: number
  publishedAt: string
}
export interface SuccessStory {
  id: string | number
  title: string
  brideName: string
  groomName: string
  denomination: string
  city: string
  weddingDate: string
  summary: string
  story: string
}
export interface Faq {
  id: string | number
  category: string
  question: string
  answer: string
}
export interface ContentPage {
  key: string
  title: string
  body: string
  updatedAt: string
}
export interface Paged<T> {
  items: T[]
  total: number
}
export interface BlogFilter {
  skip: number
  limit: number
  search?: string
  id?: string | number
  slug?: string
}
export interface ContactMessage {
  name: string
  email: string
  phone: string
  subject: string
  message: string
}
export interface StorySubmission {
  brideName: string
  groomName: string
  email: string
  phone: string
  weddingDate: string
  story: string
}
/** Keys of GET common/page/{key}. */
export type PageKey = 'about-us' | 'privacy' | 'terms-and-use' | 'return-and-cancellation'
