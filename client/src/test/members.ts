import type { MatchCard, MemberCard } from '../entities/member'

/**
 * A member card for tests: "Member n", a 27-year-old bride from Kochi with one signed photo, profile id
 * `${idPrefix}nn` (TM1000001 for n = 1 by default), unless `over` says otherwise.
 */
export function memberCard(n: number, over: Partial<MemberCard> = {}, idPrefix = 'TM10000'): MemberCard {
  const id = `${idPrefix}${String(n).padStart(2, '0')}`
  return {
    profileID: id,
    userName: `Member ${n}`,
    gender: 20,
    age: 27,
    heightCm: 160,
    height: '5 ft 3 in (160 cm)',
    maritalStatus: 'never_married',
    community: 'Syro-Malabar Catholic',
    motherTongue: 'Malayalam',
    degree: 'B.Sc. Nursing',
    profession: 'Nurse',
    city: 'Kochi',
    state: 'Kerala',
    photos: [{ imagePath: '/media/photos/aa/', images: { small: `${id}_small.jpg?g=sig`, large: `${id}_large.jpg?g=sig` }, isDefault: true }],
    photosProtected: false,
    badges: [],
    ...over,
  }
}

/** A match card for tests: memberCard n with the id TM20000nn, no reasons either way, not new, active long ago. */
export function matchCard(n: number, over: Partial<MatchCard> = {}): MatchCard {
  return { ...memberCard(n, {}, 'TM20000'), why: { mine: [], theirs: [] }, isNew: false, activeWithin: 'earlier', ...over }
}
