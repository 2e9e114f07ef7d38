import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync, openSync, existsSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { E2E_DIR, STATE_FILE } from './state'
import type { ServerState } from './state'

const clientDir = path.resolve(E2E_DIR, '..')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

async function waitReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url + '/readyz')
      if (res.status === 200) return
      last = `HTTP ${res.status}`
    } catch (e) {
      last = String(e)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server at ${url} not ready after ${timeoutMs} ms (${last})`)
}

/** Starts one `tfm serve` with its own data dir; migrate (and seed) first. */
async function startServer(bin: string, name: string, extraEnv: Record<string, string>, seed: boolean) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tfm-e2e-${name}-`))
  const port = await freePort()
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_ENV: 'test', AUTH_RATE_LIMIT: '1000', BCRYPT_COST: '4', ...extraEnv }
  const opts = { cwd: dataDir, env, stdio: 'pipe' as const, timeout: 120_000 }
  execFileSync(bin, ['migrate'], opts)
  if (seed) execFileSync(bin, ['seed', '--demo'], opts)
  const log = openSync(path.join(dataDir, 'serve.log'), 'a')
  const child = spawn(bin, ['serve'], { cwd: dataDir, env, stdio: ['ignore', log, log], detached: true })
  child.unref()
  const url = `http://127.0.0.1:${port}`
  await waitReady(url)
  return { url, pid: child.pid!, dataDir }
}

/** Starts the normal instance (seeded with demo members) and a maintenance-mode instance. */
export default async function globalSetup() {
  const bin = path.resolve(clientDir, process.env.TFM_BIN || '../bin/tfm')
  if (!existsSync(bin)) throw new Error(`tfm binary not found at ${bin}; run "make build" or set TFM_BIN`)
  const [main, maintenance] = await Promise.all([
    startServer(bin, 'main', {}, true),
    startServer(bin, 'maint', { MAINTENANCE_MODE: 'true' }, false),
  ])
  const state: ServerState = { main, maintenance }
  writeFileSync(STATE_FILE, JSON.stringify(state))
  // Workers inherit these.
  process.env.TFM_BASE_URL = main.url
  process.env.TFM_MAINTENANCE_URL = maintenance.url
}
