// Cross-checks db/seed/master/cities.json (GeoNames-derived) against the independent
// country-state-city package (dev dependency, GPL-3.0: used here only as a reference, nothing is copied
// from it) and against well-known coordinates. Run: node check-cities.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { km, norm } from './geonames.mjs';

const require = createRequire(import.meta.url);
const { City } = require('country-state-city');
const cities = JSON.parse(readFileSync(new URL('../../db/seed/master/cities.json', import.meta.url), 'utf8'));
const prov = JSON.parse(readFileSync(new URL('./cities.provenance.json', import.meta.url), 'utf8'));

// country-state-city uses older ISO codes for four states
const CSC_CODE = { CT: 'CG', OR: 'OD', UT: 'UK', TS: 'TG' };
const csc = City.getCitiesOfCountry('IN').map((c) => ({ name: c.name, st: CSC_CODE[c.stateCode] || c.stateCode,
  lat: +c.latitude, lng: +c.longitude }));

let compared = 0, far = 0;
for (const c of cities) {
  const p = prov.find((x) => x.stateCode === c.stateCode && x.name === c.name);
  const keys = new Set([norm(c.name), p.geonamesName && norm(p.geonamesName)].filter(Boolean));
  const m = csc.filter((x) => x.st === c.stateCode && keys.has(norm(x.name)));
  if (!m.length) continue;
  compared++;
  const d = Math.min(...m.map((x) => km(c, x)));
  if (d > 10) far++;
  // country-state-city often lists a district's centroid under the town's name, so 10-60 km gaps are
  // expected; larger gaps were reviewed by hand (e.g. Gudalur: the seed means the Nilgiris town)
  if (d > 60) console.log(`DIFF ${c.stateCode} ${c.name}: ${d.toFixed(1)} km from country-state-city (${p.source})`);
}
console.log(`compared ${compared}/${cities.length} with country-state-city; ${far} differ by more than 10 km (mostly district centroids there)`);

// well-known reference coordinates (city centres)
const REF = [
  ['KL', 'Kochi', 9.9312, 76.2673], ['TN', 'Chennai', 13.0827, 80.2707], ['ML', 'Shillong', 25.5788, 91.8933],
  ['KL', 'Thiruvananthapuram', 8.5241, 76.9366], ['KA', 'Bengaluru', 12.9716, 77.5946], ['MH', 'Mumbai', 19.0760, 72.8777],
  ['WB', 'Kolkata', 22.5726, 88.3639], ['DL', 'New Delhi', 28.6139, 77.2090], ['MZ', 'Aizawl', 23.7271, 92.7176],
  ['NL', 'Kohima', 25.6751, 94.1086], ['KL', 'Kottayam', 9.5916, 76.5222], ['TN', 'Nagercoil', 8.1833, 77.4119],
  ['JH', 'Ranchi', 23.3441, 85.3096], ['GA', 'Panaji', 15.4909, 73.8278], ['TG', 'Hyderabad', 17.3850, 78.4867],
];
let bad = 0;
for (const [st, name, lat, lng] of REF) {
  const c = cities.find((x) => x.stateCode === st && x.name === name);
  const d = c ? km(c, { lat, lng }) : Infinity;
  const ok = d < 8;
  if (!ok) bad++;
  console.log(`spot ${name}: seed ${c?.lat},${c?.lng} vs ref ${lat},${lng} -> ${d.toFixed(1)} km ${ok ? 'ok' : 'FAIL'}`);
}
if (bad) process.exit(1);
