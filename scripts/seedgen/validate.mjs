// Validates db/seed/master/*.json: parses, natural keys unique, references resolve, counts.
// Run: node validate.mjs  (exit code 1 on any error)
import { readFileSync, readdirSync } from 'node:fs';

const DIR = new URL('../../db/seed/master/', import.meta.url);
const KEYS = {
  'countries.json': (r) => r.code, 'states.json': (r) => `${r.countryCode}|${r.code}`,
  'cities.json': (r) => `${r.stateCode}|${r.name}`, 'religions.json': (r) => r.name,
  'communities.json': (r) => r.name, 'languages.json': (r) => r.name, 'degrees.json': (r) => r.name,
  'colleges.json': (r) => r.name, 'professions.json': (r) => r.name, 'companies.json': (r) => r.name,
  'income_bands.json': (r) => r.code, 'heights.json': (r) => r.cm,
};
const errors = [];
const data = {};
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
for (const f of Object.keys(KEYS)) if (!files.includes(f)) errors.push(`missing ${f}`);
for (const f of files) {
  const text = readFileSync(new URL(f, DIR), 'utf8');
  let rows;
  try { rows = JSON.parse(text); } catch (e) { errors.push(`${f}: ${e.message}`); continue; }
  if (!Array.isArray(rows)) { errors.push(`${f}: not an array`); continue; }
  if (text !== JSON.stringify(rows, null, 2) + '\n') errors.push(`${f}: not 2-space pretty-printed`);
  const key = KEYS[f];
  if (!key) { errors.push(`${f}: no natural key known`); continue; }
  const seen = new Set();
  for (const r of rows) {
    const k = key(r);
    if (k === undefined || k === null || k === '') errors.push(`${f}: empty key in ${JSON.stringify(r)}`);
    if (seen.has(k)) errors.push(`${f}: duplicate key ${k}`);
    seen.add(k);
  }
  data[f] = rows;
}

const states = data['states.json'] || [], cities = data['cities.json'] || [];
const countryCodes = new Set((data['countries.json'] || []).map((c) => c.code));
const stateCodes = new Set(states.map((s) => s.code));
for (const s of states) {
  if (!countryCodes.has(s.countryCode)) errors.push(`state ${s.code}: unknown country ${s.countryCode}`);
  if (!['state', 'ut'].includes(s.type)) errors.push(`state ${s.code}: bad type ${s.type}`);
}
const perState = {};
for (const c of cities) {
  if (!stateCodes.has(c.stateCode)) errors.push(`city ${c.name}: unknown stateCode ${c.stateCode}`);
  for (const k of ['lat', 'lng']) {
    if (typeof c[k] !== 'number' || Math.round(c[k] * 1e4) / 1e4 !== c[k]) errors.push(`city ${c.name}: ${k} not a 4-decimal number`);
  }
  // India's extent (incl. Andaman & Nicobar and Lakshadweep)
  if (!(c.lat > 6.5 && c.lat < 37.2 && c.lng > 68 && c.lng < 97.5)) errors.push(`city ${c.name}: outside India`);
  perState[c.stateCode] = (perState[c.stateCode] || 0) + 1;
}
for (const s of states) if ((perState[s.code] || 0) < 2) errors.push(`state ${s.code} has ${perState[s.code] || 0} cities`);
if (cities.length < 450) errors.push(`only ${cities.length} cities`);
const minimum = { KL: 60, TN: 40 };
for (const [st, n] of Object.entries(minimum)) if ((perState[st] || 0) < n) errors.push(`${st} has ${perState[st]} cities, want ${n}`);
if (states.filter((s) => s.type === 'state').length !== 28 || states.filter((s) => s.type === 'ut').length !== 8) errors.push('want 28 states + 8 UTs');
if ((data['countries.json'] || [])[0]?.code !== 'IN') errors.push('countries.json must start with India');

const cityKeys = new Set(cities.map((c) => `${c.stateCode}|${c.name}`));
for (const c of data['colleges.json'] || []) {
  if (!cityKeys.has(`${c.stateCode}|${c.city}`)) errors.push(`college ${c.name}: city ${c.city}/${c.stateCode} not in cities.json`);
}
const religions = new Set((data['religions.json'] || []).map((r) => r.name));
for (const c of data['communities.json'] || []) if (!religions.has(c.religion)) errors.push(`community ${c.name}: unknown religion`);
const levels = new Set(['doctorate', 'master', 'bachelor', 'diploma', 'school']);
for (const d of data['degrees.json'] || []) if (!levels.has(d.level)) errors.push(`degree ${d.name}: bad level ${d.level}`);
for (const f of ['communities.json', 'languages.json', 'degrees.json']) {
  const sorts = (data[f] || []).map((r) => r.sort);
  if (new Set(sorts).size !== sorts.length) errors.push(`${f}: duplicate sort values`);
}

for (const f of files) console.log(`${f.padEnd(20)} ${String(data[f]?.length ?? 'ERR').padStart(4)}`);
console.log('cities per state/UT:', states.map((s) => `${s.code}=${perState[s.code] || 0}`).join(' '));
if (errors.length) { errors.forEach((e) => console.error('ERROR', e)); process.exit(1); }
console.log('OK: all files parse, keys unique, references resolve');
