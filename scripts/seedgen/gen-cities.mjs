// Generates db/seed/master/cities.json from the curated CITY_LIST and GeoNames coordinates.
//   node gen-cities.mjs           write the file (fails if any entry cannot be resolved)
//   node gen-cities.mjs --probe   only report unresolved / ambiguous entries with suggestions
import { writeFileSync, readFileSync } from 'node:fs';
import { CITY_LIST, MANUAL } from './city-list.mjs';
import { loadIndia, norm, km, ISO_TO_ADMIN1 } from './geonames.mjs';

const probe = process.argv.includes('--probe');
const OUT = new URL('../../db/seed/master/cities.json', import.meta.url);
const states = JSON.parse(readFileSync(new URL('../../db/seed/master/states.json', import.meta.url), 'utf8'));
const stateCodes = new Set(states.map((s) => s.code));

const all = loadIndia();

// Entry syntax: "Display[=Name1|Name2][@XX][#admin2]"
//   @XX     look the place up under state XX's GeoNames admin1 (GeoNames has a few
//           enclaves filed under the surrounding state, e.g. Mahe, Yanam)
//   #admin2 pick the GeoNames record in that admin2 (district) when a name repeats in a state
function parse(entry) {
  const m = entry.match(/^([^=@#]+)(?:=([^@#]+))?(?:@([A-Z]{2}))?(?:#(\d+))?$/);
  if (!m) throw new Error(`bad entry ${entry}`);
  return { display: m[1].trim(), names: (m[2] || m[1]).split('|').map((s) => s.trim()), lookIn: m[3], a2: m[4] };
}

function resolve(st, e) {
  const a1 = ISO_TO_ADMIN1[e.lookIn || st];
  const pool = all.filter((c) => c.a1 === a1 && (!e.a2 || c.a2 === e.a2));
  for (const n of e.names) {
    const k = norm(n);
    let hits = pool.filter((c) => norm(c.name) === k || norm(c.ascii) === k);
    if (!hits.length) hits = pool.filter((c) => c.alts.some((a) => norm(a) === k));
    if (!hits.length) continue;
    // cluster records that describe the same place (< 3 km apart)
    const clusters = [];
    for (const h of hits) {
      const cl = clusters.find((c) => km(c[0], h) < 3);
      cl ? cl.push(h) : clusters.push([h]);
    }
    const score = (cl) => Math.max(...cl.map((c) => c.pop)) + (cl.some((c) => /^PPL(A|C)/.test(c.fc)) ? 1e9 : 0);
    clusters.sort((x, y) => score(y) - score(x));
    // prefer the cities.json record of the chosen cluster (most recently updated), else cities500
    const best = clusters[0].find((c) => c.src === 'cities.json') || clusters[0][0];
    return { best, clusters, matched: n };
  }
  return null;
}

function suggestions(st, e) {
  const a1 = ISO_TO_ADMIN1[e.lookIn || st];
  const k = norm(e.names[0]);
  const out = new Set();
  for (const c of all) {
    const names = [c.name, ...c.alts];
    if (c.a1 === a1 && names.some((n) => norm(n).slice(0, 4) === k.slice(0, 4))) out.add(c.name);
    if (c.a1 !== a1 && names.some((n) => norm(n) === k)) out.add(`${c.name} (in admin1 ${c.a1})`);
  }
  return [...out].slice(0, 10).join(', ');
}

const rows = [];
const problems = [];
const provenance = [];
for (const [st, list] of Object.entries(CITY_LIST)) {
  if (!stateCodes.has(st)) throw new Error(`unknown state ${st}`);
  for (const entry of list) {
    const e = parse(entry);
    const man = MANUAL[st]?.[e.display];
    if (man) {
      rows.push({ name: e.display, stateCode: st, lat: man[0], lng: man[1] });
      provenance.push({ stateCode: st, name: e.display, source: 'manual', check: man.slice(2) });
      continue;
    }
    const r = resolve(st, e);
    if (!r) { problems.push(`MISS ${st} ${e.display} | ${suggestions(st, e)}`); continue; }
    provenance.push({ stateCode: st, name: e.display, source: r.best.src, geonamesName: r.best.name,
      geonameId: r.best.id || r.clusters[0].find((c) => c.id)?.id || null });
    if (r.clusters.length > 1 && !e.a2) {
      problems.push(`AMBIG ${st} ${e.display} -> chose ${r.best.name} (${r.best.lat},${r.best.lng}) a2=${r.best.a2} pop=${Math.max(...r.clusters[0].map((c) => c.pop))}; others: ` +
        r.clusters.slice(1).map((cl) => `${cl[0].name} (${cl[0].lat},${cl[0].lng}) a2=${cl[0].a2} pop=${Math.max(...cl.map((c) => c.pop))}`).join('; '));
    }
    rows.push({ name: e.display, stateCode: st, lat: +r.best.lat.toFixed(4), lng: +r.best.lng.toFixed(4) });
  }
}

// hand-entered coordinates: compare with the straight-line distance to a GeoNames-sourced neighbour
for (const p of provenance.filter((x) => x.source === 'manual')) {
  const [nb, expect] = p.check;
  const a = rows.find((r) => r.stateCode === p.stateCode && r.name === p.name);
  const b = rows.find((r) => r.stateCode === p.stateCode && r.name === nb);
  const prov = provenance.find((x) => x.stateCode === p.stateCode && x.name === nb);
  if (!b || prov.source === 'manual') { problems.push(`CHECK ${p.name}: neighbour ${nb} missing or manual`); continue; }
  const d = km(a, b);
  const ok = Math.abs(d - expect) <= Math.max(6, expect * 0.3);
  console.log(`manual ${p.stateCode} ${p.name}: ${d.toFixed(1)} km from ${nb} (expected ~${expect}) ${ok ? 'ok' : 'CHECK'}`);
  if (!ok) problems.push(`CHECK ${p.stateCode} ${p.name} ${d.toFixed(1)} km from ${nb}, expected ~${expect}`);
}
problems.forEach((p) => console.log(p));
const keys = new Set();
for (const r of rows) {
  const k = `${r.stateCode}|${r.name}`;
  if (keys.has(k)) throw new Error(`duplicate ${k}`);
  keys.add(k);
}
const misses = problems.filter((p) => p.startsWith('MISS')).length;
console.log(`resolved ${rows.length}, missing ${misses}, ambiguous ${problems.length - misses}`);
if (!probe) {
  if (misses) { console.error('unresolved entries; fix city-list.mjs'); process.exit(1); }
  // stable order: states in states.json order, then city name
  const order = Object.fromEntries(states.map((s, i) => [s.code, i]));
  rows.sort((a, b) => order[a.stateCode] - order[b.stateCode] || a.name.localeCompare(b.name, 'en'));
  if (problems.some((p) => p.startsWith('CHECK'))) { console.error('manual coordinates failed the neighbour check'); process.exit(1); }
  writeFileSync(OUT, JSON.stringify(rows, null, 2) + '\n');
  provenance.sort((a, b) => order[a.stateCode] - order[b.stateCode] || a.name.localeCompare(b.name, 'en'));
  writeFileSync(new URL('./cities.provenance.json', import.meta.url), JSON.stringify(provenance, null, 2) + '\n');
  console.log(`wrote ${rows.length} cities to db/seed/master/cities.json`);
}
