/** A member as others see them: the card types, their words, the API of lists, searches and relation calls, and the block and report dialogs. */
export * from './types'
export * from './labels'
export * from './api'
export { default as BlockDialog } from './BlockDialog'
export { default as ReportDialog } from './ReportDialog'
