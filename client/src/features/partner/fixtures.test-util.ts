import type { PartnerProfile } from './types'

const photo = (key: string) => ({ imagePath: `/media/photos/${key.slice(0, 2)}/`, images: { small: `${key}_small.jpg?g=x`, large: `${key}_large.jpg?g=x` } })

/** A bride as a groom sees her: two photos, masked contact, two badges. */
export function bride(over: Partial<PartnerProfile> = {}): PartnerProfile {
  return {
    profileID: 'TM4821937',
    userName: 'Anna Mathew',
    gender: 20,
    basic: { gender: 20, name: 'Anna Mathew', profileName: 'Anna', age: 27, heightCm: 160, height: '5 ft 3 in (160 cm)', maritalStatus: 'never_married', createdBy: 'parent', motherTongue: 'Malayalam', physicalStatus: 'normal' },
    faith: { religion: 'Christian', community: 'Syro-Malabar Catholic', subCommunity: '', diocese: 'Ernakulam', parish: 'St. Mary, Kochi', vicar: '', faithPractice: 'regular' },
    education: { degree: 'B.Sc. Nursing', college: '', profession: 'Nurse', company: '', incomeBand: '5-7L', income: '₹5–7 lakh' },
    location: { country: 'India', state: 'Kerala', city: 'Kochi' },
    family: { fatherOccupation: 'Teacher', motherOccupation: '', siblings: 'One brother', familyType: 'nuclear', familyValues: 'moderate' },
    about: { aboutMe: 'I love music.', aboutFamily: '' },
    lifestyle: { diet: 'non_vegetarian', smoking: 'no', drinking: 'no' },
    photos: [photo('aa11'), photo('bb22')],
    photosProtected: false,
    badges: [
      { kind: 'mobile', label: 'Mobile verified', verifiedAt: '2025-03-14T10:00:00Z' },
      { kind: 'parish', label: 'Parish verified', verifiedAt: '2025-05-02T10:00:00Z' },
    ],
    contact: { phoneCode: '+91', phone: '9876XXXXXX', email: 'XXXXXX@gmail.com', masked: true },
    requests: { photo: '', phone: '' },
    dontShow: false,
    invitation: null,
    isSelf: false,
    lastActive: 'this_week',
    ...over,
  }
}
