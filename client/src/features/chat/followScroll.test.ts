import { FOLLOW_CHECK_INTERVAL, FOLLOW_DEBOUNCE, atBottom, createFollowScroll } from './followScroll'
import type { FollowState, Scroller } from './followScroll'

/** A scrolling box whose content height the test changes; setting scrollTop clamps and fires "scroll" like a browser. */
class Box implements Scroller {
  private top = 0
  private listeners: (() => void)[] = []
  constructor(
    public scrollHeight: number,
    readonly clientHeight = 300,
  ) {}
  get scrollTop() {
    return this.top
  }
  set scrollTop(v: number) {
    const next = Math.max(0, Math.min(v, this.scrollHeight - this.clientHeight))
    if (next === this.top) return
    this.top = next
    queueMicrotask(() => this.listeners.forEach((fn) => fn()))
  }
  addEventListener(_: 'scroll', fn: () => void) {
    this.listeners.push(fn)
  }
  removeEventListener(_: 'scroll', fn: () => void) {
    this.listeners = this.listeners.filter((f) => f !== fn)
  }
  /** The member scrolls. */
  userScroll(to: number) {
    this.scrollTop = to
  }
}

async function tick(ms: number) {
  await Promise.resolve()
  vi.advanceTimersByTime(ms)
  await Promise.resolve()
}

describe('follow-scroll (spec §9: check every 100 ms, debounce 17 ms)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts at the bottom and follows new messages while the member is there', async () => {
    const box = new Box(1000)
    const changes: FollowState[] = []
    const f = createFollowScroll(box, (s) => changes.push(s))
    expect(box.scrollTop).toBe(700)
    box.scrollHeight = 1200 // a message arrived
    await tick(FOLLOW_CHECK_INTERVAL)
    expect(box.scrollTop).toBe(900)
    await tick(FOLLOW_DEBOUNCE)
    expect(f.isSticky()).toBe(true)
    expect(changes).toEqual([])
    f.dispose()
  })

  it('stops following when the member scrolls up to read, and resumes at the bottom', async () => {
    const box = new Box(1000)
    const changes: FollowState[] = []
    const f = createFollowScroll(box, (s) => changes.push(s))
    await tick(FOLLOW_DEBOUNCE)
    box.userScroll(300)
    await tick(FOLLOW_DEBOUNCE)
    expect(f.isSticky()).toBe(false)
    box.scrollHeight = 1200
    await tick(FOLLOW_CHECK_INTERVAL * 3)
    expect(box.scrollTop).toBe(300)
    box.userScroll(900)
    await tick(FOLLOW_DEBOUNCE)
    expect(f.isSticky()).toBe(true)
    expect(changes).toEqual([
      { sticky: false, atTop: false },
      { sticky: true, atTop: false },
    ])
    f.dispose()
  })

  it('debounces scroll events: only the position after 17 ms of quiet counts', async () => {
    const box = new Box(1000)
    const changes: FollowState[] = []
    const f = createFollowScroll(box, (s) => changes.push(s))
    await tick(FOLLOW_DEBOUNCE)
    box.userScroll(100)
    await tick(5)
    box.userScroll(700)
    await tick(FOLLOW_DEBOUNCE)
    expect(changes).toEqual([])
    f.dispose()
  })

  it('reports reaching the top, and keeps the visible messages in place when older ones are added above', async () => {
    const box = new Box(1000)
    const changes: FollowState[] = []
    const f = createFollowScroll(box, (s) => changes.push(s))
    await tick(FOLLOW_DEBOUNCE)
    box.userScroll(0)
    await tick(FOLLOW_DEBOUNCE)
    expect(changes.at(-1)).toEqual({ sticky: false, atTop: true })
    const restore = f.preserve()
    box.scrollHeight = 1600 // an older page went in above
    restore()
    expect(box.scrollTop).toBe(600)
    f.dispose()
  })

  it('scrollToBottom jumps down and sticks again', async () => {
    const box = new Box(1000)
    const f = createFollowScroll(box, () => {})
    await tick(FOLLOW_DEBOUNCE)
    box.userScroll(100)
    await tick(FOLLOW_DEBOUNCE)
    expect(f.isSticky()).toBe(false)
    f.scrollToBottom()
    expect(box.scrollTop).toBe(700)
    expect(f.isSticky()).toBe(true)
    f.dispose()
  })

  it('stops checking after dispose', async () => {
    const box = new Box(1000)
    const f = createFollowScroll(box, () => {})
    f.dispose()
    box.scrollHeight = 1500
    await tick(FOLLOW_CHECK_INTERVAL * 2)
    expect(box.scrollTop).toBe(700)
  })

  it('atBottom allows a little slack', () => {
    expect(atBottom({ scrollTop: 680, scrollHeight: 1000, clientHeight: 300 })).toBe(true)
    expect(atBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 300 })).toBe(false)
  })
})
