import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** This folder (ES modules have no __dirname). */
export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url))

/** Where global setup records the servers it started, for the tests and for teardown. */
// TFM_E2E_STATE lets two Playwright runs on one machine keep their servers apart.
export const STATE_FILE = path.resolve(E2E_DIR, process.env.TFM_E2E_STATE || '../node_modules/.tmp/e2e-servers.json')
mkdirSync(path.dirname(STATE_FILE), { recursive: true })

export interface ServerInfo {
  url: string
  pid: number
  dataDir: string
}
export interface ServerState {
  main: ServerInfo
  maintenance: ServerInfo
}

/** The recorded servers, if global setup has run. */
export function readState(): ServerState | null {
  return existsSync(STATE_FILE) ? (JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ServerState) : null
}
