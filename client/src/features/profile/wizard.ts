import type { CompletionKey, CompletionSection } from './types'

/** completedSteps of a complete profile (spec §2: the completion page counts 30 as complete). */
export const COMPLETE_STEPS = 30

/** Whether the completion page should go back: the profile is complete (spec §2 "It goes back when completedSteps is 30"). */
export function isProfileComplete(completedSteps: number | undefined | null): boolean {
  return (completedSteps ?? 0) >= COMPLETE_STEPS
}

/** completedSteps as a whole percentage, 0 to 100. */
export function completionPercent(completedSteps: number | undefined | null): number {
  return Math.max(0, Math.min(100, Math.round(((completedSteps ?? 0) / COMPLETE_STEPS) * 100)))
}

/**
 * The completion wizard: the sections that were incomplete on arrival, in the server's order, and where the member
 * is. The list stays fixed during the visit, so Back can return to a section just saved; `done` is the summary
 * after the last step.
 */
export interface WizardState {
  steps: CompletionKey[]
  index: number
  done: boolean
}

/** What the member did. `saved` carries the completion the server answered after a save. */
export type WizardAction =
  | { type: 'start'; completion: CompletionSection[] }
  | { type: 'saved'; completion: CompletionSection[] }
  | { type: 'skip' }
  | { type: 'back' }
  | { type: 'goto'; key: CompletionKey }

/** The wizard over the sections not yet complete; `done` at once when there are none. */
export function startWizard(completion: CompletionSection[]): WizardState {
  const steps = completion.filter((s) => !s.complete).map((s) => s.key)
  return { steps, index: 0, done: steps.length === 0 }
}

/** The next step after `from` whose section is still incomplete, or -1. */
function nextIncomplete(steps: CompletionKey[], from: number, completion?: CompletionSection[]): number {
  for (let i = from + 1; i < steps.length; i++) {
    const sec = completion?.find((s) => s.key === steps[i])
    if (!sec || !sec.complete) return i
  }
  return -1
}

/** Moves the wizard: Save & continue and Skip go forward (past sections completed meanwhile), Back goes back. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'start':
      return startWizard(action.completion)
    case 'saved':
    case 'skip': {
      if (state.done) return state
      const next = nextIncomplete(state.steps, state.index, action.type === 'saved' ? action.completion : undefined)
      return next < 0 ? { ...state, done: true } : { ...state, index: next }
    }
    case 'back':
      if (state.done) return { ...state, done: false, index: Math.max(0, state.steps.length - 1) }
      return { ...state, index: Math.max(0, state.index - 1) }
    case 'goto': {
      const i = state.steps.indexOf(action.key)
      if (i >= 0) return { ...state, index: i, done: false }
      // A section that was complete on arrival and became incomplete: walk it too.
      return { steps: [...state.steps, action.key], index: state.steps.length, done: false }
    }
  }
}

/** The sections still incomplete, in the server's order. */
export function remainingSections(completion: CompletionSection[]): CompletionSection[] {
  return completion.filter((s) => !s.complete)
}

/**
 * Where "go back" leads: history back when this app has an earlier entry, else the dashboard. The browser router
 * keeps the entry's position in history.state.idx (0 is the first page of this visit, also after a replace); without
 * it (a memory router), the first entry's key is "default".
 */
export function backTarget(historyIndex: unknown, locationKey: string): -1 | '/my-matrimony' {
  if (typeof historyIndex === 'number') return historyIndex > 0 ? -1 : '/my-matrimony'
  return locationKey !== 'default' ? -1 : '/my-matrimony'
}
