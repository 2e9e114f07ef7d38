import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import { MAX_MESSAGE_CHARS, TOO_LONG_MESSAGE, charCount } from '../connection'
import { count } from '../format'

/** The counter shows from this many characters on. */
export const COUNTER_FROM = 1800

/** Drafts survive minimising and reopening a window (not a reload, nor closing it). */
const drafts = new Map<string, string>()

/** Windows the member just opened: their text box takes the focus once (not windows restored after a reload). */
const focusNext = new Set<string>()

/** Asks the text box of a window to take the focus when it next appears (on = false withdraws the request). */
export function focusWhenShown(key: string, on = true) {
  if (on) focusNext.add(key)
  else focusNext.delete(key)
}

/** Forgets the draft of a window that was closed (every draft without a key). */
export function forgetDraft(key?: string) {
  if (key === undefined) drafts.clear()
  else drafts.delete(key)
}

function SendIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
    </svg>
  )
}

/**
 * The input row of a chat window: a text box (placeholder "Write a message...", label "Type your message") and a
 * send button. Enter sends and Shift+Enter starts a new line (not while an input method is composing Malayalam or
 * Tamil); an empty message is never sent; past 1,800 characters a counter shows, and over 2,000 nothing is sent.
 */
export default function ChatInput({
  draftKey,
  onSend,
}: {
  draftKey: string
  /** Sends the text; false when it was not sent (the text then stays). */
  onSend: (text: string) => boolean
}) {
  const id = useId()
  const [text, setText] = useState(() => drafts.get(draftKey) ?? '')
  const box = useRef<HTMLTextAreaElement>(null)
  const chars = charCount(text)
  const over = chars > MAX_MESSAGE_CHARS
  const empty = text.trim() === ''

  useEffect(() => {
    if (text) drafts.set(draftKey, text)
    else drafts.delete(draftKey)
  }, [draftKey, text])

  useEffect(() => {
    if (focusNext.delete(draftKey)) box.current?.focus({ preventScroll: true })
  }, [draftKey])

  // The box grows with its text up to a few lines, then scrolls.
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, 120)}px`
  }, [text])

  const send = () => {
    // The box's own value: a key pressed right after typing may come before React has re-rendered.
    const value = box.current?.value ?? text
    if (value.trim() === '' || charCount(value) > MAX_MESSAGE_CHARS) return
    if (onSend(value)) setText('')
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    send()
    box.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // 229: the key went to an input method (Malayalam, Tamil, Hindi keyboards): Enter there picks a word.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return
    e.preventDefault()
    send()
  }

  return (
    <form className="chat-input" onSubmit={onSubmit}>
      <label htmlFor={id} className="sr-only">
        Type your message
      </label>
      <textarea
        ref={box}
        id={id}
        className="chat-input__box"
        rows={1}
        placeholder="Write a message..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={over || undefined}
        aria-describedby={chars >= COUNTER_FROM ? `${id}-count` : undefined}
        enterKeyHint="send"
        autoComplete="off"
      />
      <button type="submit" className="chat-input__send" aria-label="Send message" disabled={empty || over}>
        <SendIcon />
      </button>
      {chars >= COUNTER_FROM && (
        <p id={`${id}-count`} className={over ? 'chat-input__count chat-input__count--over' : 'chat-input__count'} aria-live="polite">
          {over ? `${TOO_LONG_MESSAGE}. ` : ''}
          {count(chars)} / {count(MAX_MESSAGE_CHARS)}
        </p>
      )}
    </form>
  )
}
