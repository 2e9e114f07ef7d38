import { vi } from 'vitest'
import { ScriptLoadError, loadScript } from './loadScript'

const scripts = (src: string) => Array.from(document.head.querySelectorAll('script')).filter((s) => s.src === src)

describe('loadScript', () => {
  afterEach(() => vi.useRealTimers())

  it('adds a script once and resolves when it has loaded', async () => {
    const src = 'https://example.test/a.js'
    const a = loadScript(src)
    const b = loadScript(src)
    expect(a).toBe(b)
    expect(scripts(src)).toHaveLength(1)
    scripts(src)[0].dispatchEvent(new Event('load'))
    await expect(a).resolves.toBeUndefined()
  })

  it('rejects on an error, forgets the script and tries again on the next call', async () => {
    const src = 'https://example.test/b.js'
    const a = loadScript(src)
    scripts(src)[0].dispatchEvent(new Event('error'))
    await expect(a).rejects.toMatchObject({ reason: 'error' })
    expect(scripts(src)).toHaveLength(0)
    const b = loadScript(src)
    expect(b).not.toBe(a)
    expect(scripts(src)).toHaveLength(1)
  })

  it('gives up after the timeout', async () => {
    vi.useFakeTimers()
    const src = 'https://example.test/c.js'
    const a = loadScript(src, 5000)
    vi.advanceTimersByTime(5000)
    const err = await a.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ScriptLoadError)
    expect(err).toMatchObject({ reason: 'timeout' })
    expect(scripts(src)).toHaveLength(0)
  })
})
