/** Scripts loaded or loading, by URL: each is added to the page once. */
const loading = new Map<string, Promise<void>>()

/** Why a script did not load: it failed (network, blocked) or took longer than the timeout. */
export class ScriptLoadError extends Error {
  constructor(
    readonly src: string,
    readonly reason: 'error' | 'timeout',
  ) {
    super(`${src} did not load (${reason})`)
    this.name = 'ScriptLoadError'
  }
}

/**
 * Adds <script src> to the page once and resolves when it has run; rejects with a ScriptLoadError when it fails or
 * takes longer than timeoutMs. A failed load is forgotten (its tag removed), so the next call tries again.
 */
export function loadScript(src: string, timeoutMs = 20_000): Promise<void> {
  const known = loading.get(src)
  if (known) return known
  const p = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script')
    el.src = src
    el.async = true
    const fail = (reason: 'error' | 'timeout') => {
      clearTimeout(timer)
      el.remove()
      loading.delete(src)
      reject(new ScriptLoadError(src, reason))
    }
    const timer = setTimeout(() => fail('timeout'), timeoutMs)
    el.onload = () => {
      clearTimeout(timer)
      resolve()
    }
    el.onerror = () => fail('error')
    document.head.appendChild(el)
  })
  loading.set(src, p)
  return p
}
