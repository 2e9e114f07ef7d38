import { existsSync, readFileSync, rmSync } from 'node:fs'
import { STATE_FILE } from './state'
import type { ServerInfo, ServerState } from './state'

async function stop(s: ServerInfo) {
  try {
    process.kill(s.pid, 'SIGTERM')
  } catch {
    /* already gone */
  }
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    try {
      process.kill(s.pid, 0)
      await new Promise((r) => setTimeout(r, 100))
    } catch {
      break
    }
  }
  try {
    process.kill(s.pid, 'SIGKILL')
  } catch {
    /* stopped gracefully */
  }
  if (!process.env.TFM_E2E_KEEP) rmSync(s.dataDir, { recursive: true, force: true })
}

/** Stops both servers and removes their data dirs (set TFM_E2E_KEEP=1 to keep them for debugging). */
export default async function globalTeardown() {
  if (!existsSync(STATE_FILE)) return
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ServerState
  await Promise.all([stop(state.main), stop(state.maintenance)])
  rmSync(STATE_FILE, { force: true })
}
