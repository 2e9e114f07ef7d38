/** A member as others see them: the card types, their words, and the API of lists, searches and relation calls. */
export * from './types'
export * from './labels'
export * from './api'
