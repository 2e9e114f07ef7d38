// Checks that the admin back office (src/admin, styles/admin.css) is code members never download: it builds the client
// with a manifest into a scratch folder (dist/ is left alone), follows every import a member can reach (the entry's
// static imports and every lazy route except /admin), and fails when one of those chunks is an admin chunk or carries
// admin code. Run: node scripts/check-admin-chunk.mjs   (or pass a folder already built with --manifest)
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const given = process.argv[2]
const outDir = given ? path.resolve(given) : mkdtempSync(path.join(os.tmpdir(), 'tfm-admin-chunk-'))
if (!given) {
  execFileSync(process.execPath, [path.join(clientDir, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], { cwd: clientDir, stdio: 'inherit' })
}
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'))

const ADMIN_ROOT = 'src/admin/AdminApp.tsx'
// Words only admin code contains: its storage key, its API slice, its API path, its layout's classes.
const ADMIN_MARKERS = ['tfmAdminToken', 'adminApi', '/api/admin/', 'admin-shell', 'You do not have access to this page']

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)
if (!entry) throw new Error('no entry chunk in the manifest')
if (!manifest[ADMIN_ROOT]) throw new Error(`${ADMIN_ROOT} is no chunk of its own`)

/** Every chunk key reachable from keys through static imports, and through dynamic imports unless skipped. */
function closure(keys, { dynamic, skip = new Set() }) {
  const seen = new Set()
  const stack = [...keys]
  while (stack.length) {
    const k = stack.pop()
    if (seen.has(k) || skip.has(k)) continue
    seen.add(k)
    const c = manifest[k]
    stack.push(...(c.imports ?? []))
    if (dynamic) stack.push(...(c.dynamicImports ?? []))
  }
  return seen
}

const memberStart = closure([entry[0]], { dynamic: false })
const memberAll = closure([entry[0]], { dynamic: true, skip: new Set([ADMIN_ROOT]) })
const adminAll = closure([ADMIN_ROOT], { dynamic: true })
const adminOnly = [...adminAll].filter((k) => !memberAll.has(k))

const problems = []
if (memberAll.has(ADMIN_ROOT)) problems.push('a member chunk imports the admin app')
for (const k of memberAll) {
  const c = manifest[k]
  if (k.startsWith('src/admin/')) problems.push(`member-reachable chunk ${c.file} is admin code (${k})`)
  if ((c.css ?? []).some((f) => /admin/.test(f) && adminOnly.some((a) => (manifest[a].css ?? []).includes(f)))) problems.push(`member-reachable chunk ${c.file} loads the admin stylesheet`)
  const text = readFileSync(path.join(outDir, c.file), 'utf8')
  for (const m of ADMIN_MARKERS) if (text.includes(m)) problems.push(`member-reachable chunk ${c.file} contains "${m}"`)
}
const entryFile = manifest[entry[0]].file
const entryText = readFileSync(path.join(outDir, entryFile), 'utf8')
const adminFile = manifest[ADMIN_ROOT].file

console.log(`entry chunk: ${entryFile} (${memberStart.size} chunks at start; ${memberAll.size} reachable by members)`)
console.log(`admin chunks (${adminOnly.length}, loaded only under /admin): ${adminOnly.map((k) => manifest[k].file).join(', ')}`)
console.log(`admin stylesheet: ${adminOnly.flatMap((k) => manifest[k].css ?? []).join(', ') || 'none'}`)
const base = path.basename(adminFile).replace(/[.]/g, '\\.')
const quote = '[`"\']'
const lazyImport = new RegExp('import\\(' + quote + '\\./' + base + quote + '\\)').test(entryText)
const staticImport = new RegExp('(?:from|import)\\s*' + quote + '\\./' + base).test(entryText)
if (!lazyImport) problems.push(`the entry does not load ${adminFile} with import()`)
if (staticImport) problems.push(`the entry imports ${adminFile} statically`)
console.log(`the entry loads ${adminFile} only through the /admin route's import(): ${lazyImport && !staticImport ? 'yes' : 'no'}`)
if (!given) rmSync(outDir, { recursive: true, force: true })
if (problems.length) {
  console.error('FAILED:\n  ' + problems.join('\n  '))
  process.exit(1)
}
console.log('OK: members download none of the admin code')
