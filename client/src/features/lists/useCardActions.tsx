import { useCallback, useState } from 'react'
import type { ReactNode } from 'react'

/** What a card's button does and says: its key, style, and its label at rest, while running and once done. */
export interface CardAction<K extends string = string> {
  key: K
  variant: string
  label: string
  busyLabel: string
  doneLabel: string
}

/**
 * A card's call: which button, and whether it is running or done and waiting for the list to reload (without the
 * card, or with the card changed).
 */
interface ActionState {
  key: string
  state: 'pending' | 'done'
}

/**
 * The buttons of a list's cards (the member lists and Inbox → Requests share it): one call at a time per card, all
 * the card's buttons resting while it runs and after it is done, the one that ran saying so, and an optional
 * confirmation first. run makes the call and toasts the success (the store toasts a refusal, after which the
 * buttons are ready for another try); keyOf names a card's state, so that a card whose item changed in the reloaded
 * list starts afresh.
 */
export function useCardActions<C, A extends CardAction>(run: (card: C, action: A) => Promise<void>, keyOf: (card: C) => string) {
  const [states, setStates] = useState<Record<string, ActionState>>({})
  const [confirm, setConfirm] = useState<{ card: C; action: A } | null>(null)
  const cancelConfirm = useCallback(() => setConfirm(null), [])

  const setState = (key: string, state: ActionState | null) =>
    setStates((prev) => {
      const next = { ...prev }
      if (state) next[key] = state
      else delete next[key]
      return next
    })

  const act = async (card: C, action: A) => {
    const key = keyOf(card)
    setState(key, { key: action.key, state: 'pending' })
    try {
      await run(card, action)
      setState(key, { key: action.key, state: 'done' })
    } catch {
      setState(key, null)
    }
  }

  const onConfirm = async () => {
    if (!confirm) return
    await act(confirm.card, confirm.action)
    setConfirm(null)
  }

  /**
   * The card's buttons for the offered actions. ariaLabel gives each its accessible name from its visible text
   * (every card has the same buttons); needsConfirm, whether it asks first.
   */
  const buttons = (card: C, offered: A[], ariaLabel: (text: string) => string, needsConfirm: (action: A) => boolean): ReactNode[] => {
    const current = states[keyOf(card)]
    return offered.map((action) => {
      const mine = current?.key === action.key ? current.state : undefined
      const text = mine === 'pending' ? action.busyLabel : mine === 'done' ? action.doneLabel : action.label
      return (
        <button
          key={action.key}
          type="button"
          className={`btn btn--${action.variant} btn--sm`}
          disabled={current !== undefined}
          aria-busy={mine === 'pending' || undefined}
          aria-label={ariaLabel(text)}
          onClick={() => (needsConfirm(action) ? setConfirm({ card, action }) : void act(card, action))}
        >
          {text}
        </button>
      )
    })
  }

  /** Whether the card's call is running (the confirmation dialog rests meanwhile). */
  const busy = (card: C) => states[keyOf(card)]?.state === 'pending'

  return { buttons, busy, confirm, onConfirm, cancelConfirm }
}
