/** The signed-in member's account as the client keeps it: the account state of spec §3, its profile summary and GET profile. */
export * from './accountSlice'
export { default as accountReducer } from './accountSlice'
export * from './types'
export * from './api'
