/** Follow-scroll timings of spec §9: the list is checked every 100 ms, and scroll events settle for 17 ms. */
export const FOLLOW_CHECK_INTERVAL = 100
export const FOLLOW_DEBOUNCE = 17
/** How close to the bottom (px) still counts as "at the bottom". */
export const BOTTOM_SLACK = 24

/** The parts of a scrolling element the controller reads and writes. */
export interface Scroller {
  scrollTop: number
  readonly scrollHeight: number
  readonly clientHeight: number
  addEventListener(type: 'scroll', fn: () => void, opts?: { passive: boolean }): void
  removeEventListener(type: 'scroll', fn: () => void): void
}

/** Timers, injectable for tests. */
export interface Clock {
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(id: unknown): void
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

const realClock: Clock = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
}

/** Whether the element is scrolled to (about) its bottom. */
export function atBottom(el: Pick<Scroller, 'scrollTop' | 'scrollHeight' | 'clientHeight'>, slack = BOTTOM_SLACK): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= slack
}

/** What the controller reports to the view. */
export interface FollowState {
  /** The view sticks to the bottom: new content scrolls into view. */
  sticky: boolean
  /** The member scrolled to the top (time to load older messages). */
  atTop: boolean
}

/** A follow-scroll controller: see createFollowScroll. */
export interface FollowScroll {
  /** Scrolls to the bottom and sticks there again. */
  scrollToBottom(): void
  /** Whether the view currently follows new content. */
  isSticky(): boolean
  /** Keeps the visible messages in place while older ones are added above: call before, then call the result after. */
  preserve(): () => void
  dispose(): void
}

/**
 * Keeps a message list at the bottom as messages arrive, but only while the member is there: scrolling up to read
 * stops following, scrolling back down resumes. Scroll events are debounced (17 ms); every 100 ms a check scrolls
 * a sticky list that has grown back to the bottom (new messages, images that loaded, a keyboard that opened).
 */
export function createFollowScroll(el: Scroller, onChange: (s: FollowState) => void, clock: Clock = realClock): FollowScroll {
  let sticky = true
  let atTop = false
  /** Where our own last scroll went, until its scroll event has settled. */
  let ownTarget: number | null = null
  let debounce: unknown = null

  const report = (nextSticky: boolean, nextTop: boolean) => {
    if (nextSticky === sticky && nextTop === atTop) return
    sticky = nextSticky
    atTop = nextTop
    onChange({ sticky, atTop })
  }
  const toBottom = () => {
    const target = Math.max(0, el.scrollHeight - el.clientHeight)
    if (Math.abs(el.scrollTop - target) < 1) return
    ownTarget = target
    el.scrollTop = target
  }
  const settle = () => {
    debounce = null
    const own = ownTarget
    ownTarget = null
    // Our own scrolling never unsticks the list, unless the member scrolled up meanwhile.
    if (own !== null && el.scrollTop >= own - BOTTOM_SLACK) {
      report(true, false)
      return
    }
    report(atBottom(el), el.scrollTop <= BOTTOM_SLACK && el.scrollHeight > el.clientHeight)
  }
  const onScroll = () => {
    if (debounce !== null) clock.clearTimeout(debounce)
    debounce = clock.setTimeout(settle, FOLLOW_DEBOUNCE)
  }
  const check = () => {
    if (sticky && !atBottom(el, 1)) toBottom()
  }

  el.addEventListener('scroll', onScroll, { passive: true })
  const interval = clock.setInterval(check, FOLLOW_CHECK_INTERVAL)
  toBottom()

  return {
    scrollToBottom() {
      toBottom()
      report(true, false)
    },
    isSticky: () => sticky,
    preserve() {
      const fromBottom = el.scrollHeight - el.scrollTop
      return () => {
        ownTarget = null
        el.scrollTop = Math.max(0, el.scrollHeight - fromBottom)
      }
    },
    dispose() {
      el.removeEventListener('scroll', onScroll)
      clock.clearInterval(interval)
      if (debounce !== null) clock.clearTimeout(debounce)
    },
  }
}
