// Placeholder while the screen is being built; replaced by its own page.
export { default } from './MemberArea'
