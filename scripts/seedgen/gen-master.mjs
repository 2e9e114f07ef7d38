// Writes the hand-curated master tables in db/seed/master/ (everything except cities.json,
// which gen-cities.mjs derives from GeoNames). Run: node gen-master.mjs
import { mkdirSync, writeFileSync } from 'node:fs';

const DIR = new URL('../../db/seed/master/', import.meta.url);
mkdirSync(DIR, { recursive: true });
const write = (file, rows) => {
  writeFileSync(new URL(file, DIR), JSON.stringify(rows, null, 2) + '\n');
  console.log(`${file}: ${rows.length}`);
};
const sorted = (arr, key = (x) => x.name) => [...arr].sort((a, b) => key(a).localeCompare(key(b), 'en'));

// ---------------------------------------------------------------- countries (ISO 3166-1 alpha-2, ITU calling codes)
const countries = [
  ['AU', 'Australia', '+61'], ['AT', 'Austria', '+43'], ['BH', 'Bahrain', '+973'], ['BD', 'Bangladesh', '+880'],
  ['BE', 'Belgium', '+32'], ['BT', 'Bhutan', '+975'], ['CA', 'Canada', '+1'], ['CY', 'Cyprus', '+357'],
  ['DK', 'Denmark', '+45'], ['FI', 'Finland', '+358'], ['FR', 'France', '+33'], ['DE', 'Germany', '+49'],
  ['HK', 'Hong Kong', '+852'], ['IE', 'Ireland', '+353'], ['IL', 'Israel', '+972'], ['IT', 'Italy', '+39'],
  ['JP', 'Japan', '+81'], ['KE', 'Kenya', '+254'], ['KW', 'Kuwait', '+965'], ['MY', 'Malaysia', '+60'],
  ['MV', 'Maldives', '+960'], ['MT', 'Malta', '+356'], ['MU', 'Mauritius', '+230'], ['NP', 'Nepal', '+977'],
  ['NL', 'Netherlands', '+31'], ['NZ', 'New Zealand', '+64'], ['NG', 'Nigeria', '+234'], ['NO', 'Norway', '+47'],
  ['OM', 'Oman', '+968'], ['PL', 'Poland', '+48'], ['QA', 'Qatar', '+974'], ['SA', 'Saudi Arabia', '+966'],
  ['SG', 'Singapore', '+65'], ['ZA', 'South Africa', '+27'], ['KR', 'South Korea', '+82'], ['ES', 'Spain', '+34'],
  ['LK', 'Sri Lanka', '+94'], ['SE', 'Sweden', '+46'], ['CH', 'Switzerland', '+41'], ['TZ', 'Tanzania', '+255'],
  ['AE', 'United Arab Emirates', '+971'], ['GB', 'United Kingdom', '+44'], ['US', 'United States', '+1'],
  ['ZM', 'Zambia', '+260'],
].map(([code, name, phoneCode]) => ({ code, name, phoneCode }));
write('countries.json', [{ code: 'IN', name: 'India', phoneCode: '+91' }, ...sorted(countries)]);

// ---------------------------------------------------------------- states (ISO 3166-2:IN, current codes)
// ISO changed OR->OD (Odisha), CT->CG (Chhattisgarh), UT->UK (Uttarakhand), TS->TG (Telangana);
// DN+DD were merged into DH in 2020; LA (Ladakh) created in 2019.
const states = [
  ['AP', 'Andhra Pradesh', 'state'], ['AR', 'Arunachal Pradesh', 'state'], ['AS', 'Assam', 'state'],
  ['BR', 'Bihar', 'state'], ['CG', 'Chhattisgarh', 'state'], ['GA', 'Goa', 'state'], ['GJ', 'Gujarat', 'state'],
  ['HR', 'Haryana', 'state'], ['HP', 'Himachal Pradesh', 'state'], ['JH', 'Jharkhand', 'state'],
  ['KA', 'Karnataka', 'state'], ['KL', 'Kerala', 'state'], ['MP', 'Madhya Pradesh', 'state'],
  ['MH', 'Maharashtra', 'state'], ['MN', 'Manipur', 'state'], ['ML', 'Meghalaya', 'state'], ['MZ', 'Mizoram', 'state'],
  ['NL', 'Nagaland', 'state'], ['OD', 'Odisha', 'state'], ['PB', 'Punjab', 'state'], ['RJ', 'Rajasthan', 'state'],
  ['SK', 'Sikkim', 'state'], ['TN', 'Tamil Nadu', 'state'], ['TG', 'Telangana', 'state'], ['TR', 'Tripura', 'state'],
  ['UP', 'Uttar Pradesh', 'state'], ['UK', 'Uttarakhand', 'state'], ['WB', 'West Bengal', 'state'],
  ['AN', 'Andaman and Nicobar Islands', 'ut'], ['CH', 'Chandigarh', 'ut'],
  ['DH', 'Dadra and Nagar Haveli and Daman and Diu', 'ut'], ['DL', 'Delhi', 'ut'], ['JK', 'Jammu and Kashmir', 'ut'],
  ['LA', 'Ladakh', 'ut'], ['LD', 'Lakshadweep', 'ut'], ['PY', 'Puducherry', 'ut'],
].map(([code, name, type]) => ({ code, name, countryCode: 'IN', type }));
write('states.json', sorted(states));

// ---------------------------------------------------------------- religions
write('religions.json', [{ name: 'Christian' }]);

// ---------------------------------------------------------------- communities (denominations; order from product.md)
const communities = [
  'Roman Catholic', 'Latin Catholic', 'Syro-Malabar Catholic', 'Syro-Malankara Catholic', 'Knanaya Catholic',
  'Knanaya Jacobite', 'Malankara Orthodox Syrian', 'Jacobite Syrian', 'Marthoma', 'CSI', 'CNI', 'Pentecostal', 'IPC',
  'Assemblies of God', 'Church of God', 'Brethren', 'Evangelical / Born Again', 'Baptist', 'Methodist', 'Lutheran',
  'Presbyterian', 'Anglican', 'Seventh-day Adventist', 'Salvation Army', 'St. Thomas Evangelical',
  'Believers Eastern Church', 'Non-denominational', 'Other',
];
write('communities.json', communities.map((name, i) => ({ name, religion: 'Christian', sort: i + 1 })));

// ---------------------------------------------------------------- languages (mother tongues)
const languages = [
  'Malayalam', 'Tamil', 'English', 'Telugu', 'Kannada', 'Konkani', 'Tulu', 'Hindi', 'Marathi', 'Gujarati', 'Punjabi',
  'Bengali', 'Odia', 'Assamese', 'Mizo', 'Khasi', 'Garo', 'Nagamese', 'Ao', 'Angami', 'Lotha', 'Sema',
  'Manipuri (Meitei)', 'Tangkhul', 'Kuki', 'Kokborok', 'Santali', 'Kurukh', 'Mundari', 'Ho', 'Urdu', 'Sindhi',
  'Nepali', 'Other',
];
write('languages.json', languages.map((name, i) => ({ name, sort: i + 1 })));

// ---------------------------------------------------------------- degrees (grouped by level)
const degrees = {
  doctorate: ['PhD', 'DM / MCh', 'D.Th (Doctor of Theology)'],
  master: [
    'MD / MS (Medicine)', 'MDS', 'M.Sc Nursing', 'Pharm.D', 'M.Pharm', 'MPT (Physiotherapy)', 'M.Tech / M.E.',
    'M.Arch', 'MBA / PGDM', 'MCA', 'M.Com', 'CA', 'CS', 'ICWA / CMA', 'MA', 'M.Sc', 'MSW', 'M.Ed', 'LLM',
    'M.Th', 'M.Phil',
  ],
  bachelor: [
    'MBBS', 'BDS', 'BAMS', 'BHMS', 'B.Sc Nursing', 'Post Basic B.Sc Nursing', 'B.Pharm', 'BPT (Physiotherapy)',
    'B.Sc MLT / Allied Health', 'B.Tech / B.E.', 'B.Arch', 'BCA', 'BBA', 'B.Com', 'BA', 'B.Sc', 'BSW', 'B.Ed',
    'LLB', 'BHM (Hotel Management)', 'B.Th', 'BD (Bachelor of Divinity)',
  ],
  diploma: [
    'GNM', 'ANM', 'D.Pharm', 'DMLT', 'Diploma in Engineering', 'ITI', 'D.El.Ed / TTC', 'Other Diploma',
  ],
  school: ['Plus Two / Higher Secondary', 'SSLC / 10th', 'Other'],
};
let sort = 0;
write('degrees.json', Object.entries(degrees).flatMap(([level, names]) =>
  names.map((name) => ({ name, level, sort: ++sort }))));

// ---------------------------------------------------------------- colleges (real institutions; city must exist in cities.json)
const colleges = [
  // Tamil Nadu
  ['Madras Christian College', 'Chennai', 'TN'], ['Loyola College, Chennai', 'Chennai', 'TN'],
  ['Stella Maris College', 'Chennai', 'TN'], ["Women's Christian College, Chennai", 'Chennai', 'TN'],
  ['Christian Medical College, Vellore', 'Vellore', 'TN'], ['Voorhees College', 'Vellore', 'TN'],
  ['Bishop Heber College', 'Tiruchirappalli', 'TN'], ["St. Joseph's College, Tiruchirappalli", 'Tiruchirappalli', 'TN'],
  ['Holy Cross College, Tiruchirappalli', 'Tiruchirappalli', 'TN'], ['Scott Christian College', 'Nagercoil', 'TN'],
  ['Holy Cross College, Nagercoil', 'Nagercoil', 'TN'], ["Women's Christian College, Nagercoil", 'Nagercoil', 'TN'],
  ["St. Xavier's Catholic College of Engineering", 'Nagercoil', 'TN'],
  ["St. John's College, Palayamkottai", 'Palayamkottai', 'TN'], ["St. Xavier's College, Palayamkottai", 'Palayamkottai', 'TN'],
  ['Sarah Tucker College', 'Palayamkottai', 'TN'], ['The American College', 'Madurai', 'TN'],
  ['Lady Doak College', 'Madurai', 'TN'], ['Fatima College', 'Madurai', 'TN'],
  ['Karunya Institute of Technology and Sciences', 'Coimbatore', 'TN'], ['Nirmala College for Women', 'Coimbatore', 'TN'],
  ['PSG College of Technology', 'Coimbatore', 'TN'], ['IIT Madras', 'Chennai', 'TN'], ['Anna University', 'Chennai', 'TN'],
  ['University of Madras', 'Chennai', 'TN'], ['Madras Medical College', 'Chennai', 'TN'],
  ['NIT Tiruchirappalli', 'Tiruchirappalli', 'TN'], ['VIT Vellore', 'Vellore', 'TN'],
  // Kerala
  ['Sacred Heart College, Thevara', 'Kochi', 'KL'], ["St. Teresa's College, Ernakulam", 'Kochi', 'KL'],
  ["St. Albert's College, Ernakulam", 'Kochi', 'KL'], ['Bharata Mata College, Thrikkakara', 'Kochi', 'KL'],
  ['Cochin University of Science and Technology (CUSAT)', 'Kochi', 'KL'],
  ['Rajagiri School of Engineering and Technology', 'Kakkanad', 'KL'],
  ['Rajagiri College of Social Sciences', 'Kalamassery', 'KL'], ['Union Christian College, Aluva', 'Aluva', 'KL'],
  ['Mar Athanasius College, Kothamangalam', 'Kothamangalam', 'KL'],
  ['Mar Athanasius College of Engineering', 'Kothamangalam', 'KL'], ['Nirmala College, Muvattupuzha', 'Muvattupuzha', 'KL'],
  ['St. Berchmans College, Changanassery', 'Changanassery', 'KL'], ['Assumption College, Changanassery', 'Changanassery', 'KL'],
  ['CMS College, Kottayam', 'Kottayam', 'KL'], ['Baselius College, Kottayam', 'Kottayam', 'KL'],
  ['BCM College, Kottayam', 'Kottayam', 'KL'], ['Saintgits College of Engineering', 'Kottayam', 'KL'],
  ['Government Medical College, Kottayam', 'Kottayam', 'KL'], ['Mahatma Gandhi University', 'Kottayam', 'KL'],
  ['St. Thomas College, Pala', 'Pala', 'KL'], ['Alphonsa College, Pala', 'Pala', 'KL'],
  ["St. Joseph's College of Engineering and Technology, Palai", 'Pala', 'KL'],
  ["St. Dominic's College, Kanjirappally", 'Kanjirappally', 'KL'], ['Amal Jyothi College of Engineering', 'Kanjirappally', 'KL'],
  ['Newman College, Thodupuzha', 'Thodupuzha', 'KL'], ['Marian College, Kuttikkanam', 'Peermade', 'KL'],
  ['Catholicate College, Pathanamthitta', 'Pathanamthitta', 'KL'], ['St. Thomas College, Kozhencherry', 'Kozhencherry', 'KL'],
  ['Mar Thoma College, Thiruvalla', 'Thiruvalla', 'KL'], ['Pushpagiri Institute of Medical Sciences', 'Thiruvalla', 'KL'],
  ['Believers Church Medical College', 'Thiruvalla', 'KL'], ['Christian College, Chengannur', 'Chengannur', 'KL'],
  ['Bishop Moore College, Mavelikkara', 'Mavelikkara', 'KL'], ['Fatima Mata National College, Kollam', 'Kollam', 'KL'],
  ['Mar Ivanios College', 'Thiruvananthapuram', 'KL'], ["All Saints' College", 'Thiruvananthapuram', 'KL'],
  ['Mar Baselios College of Engineering and Technology', 'Thiruvananthapuram', 'KL'],
  ['College of Engineering Trivandrum', 'Thiruvananthapuram', 'KL'],
  ['Government Medical College, Thiruvananthapuram', 'Thiruvananthapuram', 'KL'],
  ['University of Kerala', 'Thiruvananthapuram', 'KL'], ['St. Thomas College, Thrissur', 'Thrissur', 'KL'],
  ['Vimala College, Thrissur', 'Thrissur', 'KL'], ['Christ College, Irinjalakuda', 'Irinjalakuda', 'KL'],
  ["St. Joseph's College, Irinjalakuda", 'Irinjalakuda', 'KL'], ["Providence Women's College", 'Kozhikode', 'KL'],
  ["St. Joseph's College, Devagiri", 'Kozhikode', 'KL'], ['NIT Calicut', 'Kozhikode', 'KL'],
  ['IIM Kozhikode', 'Kozhikode', 'KL'], ["St. Mary's College, Sulthan Bathery", 'Sulthan Bathery', 'KL'],
  ['Nirmalagiri College', 'Kuthuparamba', 'KL'], ['IIT Palakkad', 'Palakkad', 'KL'],
  // Karnataka
  ["St. Joseph's University, Bengaluru", 'Bengaluru', 'KA'], ['Christ University', 'Bengaluru', 'KA'],
  ['Mount Carmel College', 'Bengaluru', 'KA'], ["St. John's Medical College", 'Bengaluru', 'KA'],
  ['Indian Institute of Science', 'Bengaluru', 'KA'], ['IIM Bangalore', 'Bengaluru', 'KA'],
  ['St. Aloysius College, Mangaluru', 'Mangaluru', 'KA'], ['St. Agnes College, Mangaluru', 'Mangaluru', 'KA'],
  ['Father Muller Medical College', 'Mangaluru', 'KA'], ['NIT Karnataka, Surathkal', 'Mangaluru', 'KA'],
  ['Kasturba Medical College, Manipal', 'Manipal', 'KA'], ['Manipal Institute of Technology', 'Manipal', 'KA'],
  ["St. Philomena's College, Mysuru", 'Mysuru', 'KA'],
  // Goa
  ["St. Xavier's College, Mapusa", 'Mapusa', 'GA'], ['Carmel College for Women, Nuvem', 'Margao', 'GA'],
  ['Rosary College of Commerce and Arts, Navelim', 'Margao', 'GA'], ['Don Bosco College, Panaji', 'Panaji', 'GA'],
  ['Goa Medical College', 'Panaji', 'GA'], ['Goa University', 'Panaji', 'GA'],
  // Maharashtra
  ["St. Xavier's College, Mumbai", 'Mumbai', 'MH'], ['Wilson College', 'Mumbai', 'MH'],
  ['Sophia College for Women', 'Mumbai', 'MH'], ["St. Andrew's College, Bandra", 'Mumbai', 'MH'],
  ['Fr. Conceicao Rodrigues College of Engineering', 'Mumbai', 'MH'], ['Don Bosco Institute of Technology, Mumbai', 'Mumbai', 'MH'],
  ['St. Gonsalo Garcia College', 'Vasai', 'MH'], ['IIT Bombay', 'Mumbai', 'MH'], ['University of Mumbai', 'Mumbai', 'MH'],
  // Delhi
  ["St. Stephen's College", 'Delhi', 'DL'], ['Jesus and Mary College', 'New Delhi', 'DL'],
  ['Holy Family College of Nursing', 'New Delhi', 'DL'], ['AIIMS New Delhi', 'New Delhi', 'DL'],
  ['IIT Delhi', 'New Delhi', 'DL'], ['University of Delhi', 'Delhi', 'DL'],
  // West Bengal
  ["St. Xavier's College, Kolkata", 'Kolkata', 'WB'], ['Scottish Church College', 'Kolkata', 'WB'],
  ['Loreto College, Kolkata', 'Kolkata', 'WB'], ['Serampore College', 'Serampore', 'WB'],
  ["St. Joseph's College, Darjeeling", 'Darjeeling', 'WB'], ['IIT Kharagpur', 'Kharagpur', 'WB'],
  // Andhra Pradesh, Telangana
  ['Andhra Christian College', 'Guntur', 'AP'], ['Andhra Loyola College', 'Vijayawada', 'AP'],
  ['Noble College, Machilipatnam', 'Machilipatnam', 'AP'], ["St. Joseph's College for Women, Visakhapatnam", 'Visakhapatnam', 'AP'],
  ['Andhra University', 'Visakhapatnam', 'AP'], ['St. Francis College for Women', 'Hyderabad', 'TG'],
  ["St. Ann's College for Women, Hyderabad", 'Hyderabad', 'TG'], ['Wesley Degree College', 'Secunderabad', 'TG'],
  ['Loyola Academy, Secunderabad', 'Secunderabad', 'TG'], ['Osmania University', 'Hyderabad', 'TG'],
  ['University of Hyderabad', 'Hyderabad', 'TG'], ['NIT Warangal', 'Warangal', 'TG'],
  // North-East
  ["St. Anthony's College, Shillong", 'Shillong', 'ML'], ["St. Edmund's College, Shillong", 'Shillong', 'ML'],
  ['North-Eastern Hill University', 'Shillong', 'ML'], ['Don Bosco College, Tura', 'Tura', 'ML'],
  ['Pachhunga University College', 'Aizawl', 'MZ'], ['Mizoram University', 'Aizawl', 'MZ'],
  ['Patkai Christian College', 'Chumukedima', 'NL'], ["St. Joseph's College, Jakhama", 'Kohima', 'NL'],
  ['Fazl Ali College', 'Mokokchung', 'NL'], ['Manipur University', 'Imphal', 'MN'],
  ['Cotton University', 'Guwahati', 'AS'], ['Assam Don Bosco University', 'Guwahati', 'AS'],
  ['IIT Guwahati', 'Guwahati', 'AS'],
  // Jharkhand, Odisha, Bihar
  ["St. Xavier's College, Ranchi", 'Ranchi', 'JH'], ['Gossner College', 'Ranchi', 'JH'],
  ['Birla Institute of Technology, Mesra', 'Ranchi', 'JH'], ['XLRI Jamshedpur', 'Jamshedpur', 'JH'],
  ['NIT Rourkela', 'Rourkela', 'OD'], ['Utkal University', 'Bhubaneswar', 'OD'], ["Patna Women's College", 'Patna', 'BR'],
  // North and West
  ['Christian Medical College, Ludhiana', 'Ludhiana', 'PB'], ['Baring Union Christian College', 'Batala', 'PB'],
  ['Ewing Christian College', 'Prayagraj', 'UP'], ["St. John's College, Agra", 'Agra', 'UP'],
  ['Isabella Thoburn College', 'Lucknow', 'UP'], ['Lucknow Christian Degree College', 'Lucknow', 'UP'],
  ['IIT Kanpur', 'Kanpur', 'UP'], ['IIT Roorkee', 'Roorkee', 'UK'],
  ["St. Xavier's College, Ahmedabad", 'Ahmedabad', 'GJ'], ['IIM Ahmedabad', 'Ahmedabad', 'GJ'],
  ["St. Xavier's College, Jaipur", 'Jaipur', 'RJ'],
  // Puducherry
  ['JIPMER', 'Puducherry', 'PY'], ['Pondicherry University', 'Puducherry', 'PY'],
].map(([name, city, stateCode]) => ({ name, city, stateCode }));
write('colleges.json', colleges);

// ---------------------------------------------------------------- professions
const professions = {
  Healthcare: [
    'Doctor', 'Dentist', 'Nurse', 'Staff Nurse', 'Nursing Supervisor / Nurse Manager', 'Nurse Educator', 'Pharmacist',
    'Lab Technician', 'Radiographer', 'Physiotherapist', 'Occupational Therapist', 'Dietitian / Nutritionist',
    'Optometrist', 'Medical Coder', 'Hospital Administrator', 'Caregiver',
  ],
  IT: [
    'Software Engineer', 'Data Scientist / Analyst', 'QA / Test Engineer', 'DevOps / Cloud Engineer',
    'System / Network Administrator', 'UI / UX Designer', 'IT Project Manager', 'Business Analyst', 'IT Support',
  ],
  Engineering: [
    'Civil Engineer', 'Mechanical Engineer', 'Electrical Engineer', 'Electronics Engineer', 'Chemical Engineer',
    'Architect', 'Site Engineer / Supervisor', 'Technician',
  ],
  Education: ['Teacher', 'Professor / Lecturer', 'Principal', 'Researcher / Scientist'],
  Finance: [
    'Chartered Accountant', 'Accountant', 'Bank Officer', 'Financial Analyst', 'Auditor', 'Company Secretary',
    'Insurance Professional',
  ],
  Corporate: ['Manager', 'HR Professional', 'Sales / Marketing Professional', 'Customer Service / BPO', 'Administrative Staff'],
  Government: ['Government Employee', 'Civil Services (IAS / IPS / IFS)', 'Police', 'Railway Employee', 'PSU Employee'],
  Defence: ['Army', 'Navy', 'Air Force', 'Paramilitary (CAPF)'],
  Ministry: ['Pastor', 'Priest / Vicar', 'Church Worker', 'Evangelist / Missionary', 'Worship Leader / Church Musician'],
  Business: ['Business Owner', 'Entrepreneur', 'Shop Owner / Trader', 'Real Estate', 'Self-employed'],
  'Gulf / Overseas': ['Gulf Job', 'Oil and Gas Professional', 'Merchant Navy / Seafarer', 'Driver'],
  Hospitality: ['Hotel / Hospitality Professional', 'Chef', 'Cabin Crew', 'Travel and Tourism'],
  Aviation: ['Pilot', 'Aircraft Maintenance Engineer'],
  Legal: ['Lawyer / Advocate', 'Legal Advisor'],
  'Media and Arts': ['Journalist', 'Designer', 'Musician / Artist'],
  Agriculture: ['Farmer / Planter'],
  'Not working': ['Student', 'Homemaker', 'Not working', 'Retired'],
  Other: ['Other'],
};
write('professions.json', Object.entries(professions).flatMap(([category, names]) =>
  names.map((name) => ({ name, category }))));

// ---------------------------------------------------------------- companies (sample employers)
const companies = [
  // IT
  'Infosys', 'Tata Consultancy Services (TCS)', 'Wipro', 'HCLTech', 'Tech Mahindra', 'Cognizant', 'Accenture', 'IBM',
  'Capgemini', 'UST', 'IBS Software', 'Tata Elxsi', 'Oracle', 'Microsoft', 'Google', 'Amazon', 'Deloitte', 'EY',
  'KPMG', 'PwC',
  // banks and finance
  'State Bank of India', 'Federal Bank', 'South Indian Bank', 'CSB Bank', 'ESAF Small Finance Bank', 'Canara Bank',
  'Indian Overseas Bank', 'HDFC Bank', 'ICICI Bank', 'Axis Bank', 'Muthoot Finance', 'LIC of India',
  // hospitals (India)
  'Aster DM Healthcare', 'Amrita Hospital', 'KIMSHEALTH', 'Apollo Hospitals', 'Lisie Hospital', 'Rajagiri Hospital',
  'Christian Medical College, Vellore', 'Caritas Hospital', 'Lakeshore Hospital', 'Medical Trust Hospital',
  "St. John's Medical College Hospital", 'Manipal Hospitals', 'Believers Church Medical College Hospital',
  // government and PSUs
  'Indian Railways', 'ISRO', 'Bharat Petroleum (BPCL)', 'Indian Oil Corporation', 'ONGC', 'Cochin Shipyard', 'BHEL',
  'Hindustan Aeronautics (HAL)', 'KSEB', 'Air India',
  // Gulf and abroad
  'Emirates', 'Etihad Airways', 'Qatar Airways', 'Hamad Medical Corporation', 'Ministry of Health, Kuwait',
  'Ministry of Health, Saudi Arabia', 'Ministry of Health, Oman', 'Dubai Health Authority', 'SEHA (Abu Dhabi)',
  'ADNOC', 'Saudi Aramco', 'Lulu Group', 'NMC Healthcare', 'NHS (UK)',
];
write('companies.json', companies.map((name) => ({ name })));

// ---------------------------------------------------------------- income bands (annual, INR; min inclusive, max exclusive)
const L = 100000, CR = 10000000;
write('income_bands.json', [
  { code: '0-3L', label: 'Up to ₹3 Lakh', min: 0, max: 3 * L },
  { code: '3-5L', label: '₹3 – 5 Lakh', min: 3 * L, max: 5 * L },
  { code: '5-7L', label: '₹5 – 7 Lakh', min: 5 * L, max: 7 * L },
  { code: '7-10L', label: '₹7 – 10 Lakh', min: 7 * L, max: 10 * L },
  { code: '10-15L', label: '₹10 – 15 Lakh', min: 10 * L, max: 15 * L },
  { code: '15-20L', label: '₹15 – 20 Lakh', min: 15 * L, max: 20 * L },
  { code: '20-30L', label: '₹20 – 30 Lakh', min: 20 * L, max: 30 * L },
  { code: '30-50L', label: '₹30 – 50 Lakh', min: 30 * L, max: 50 * L },
  { code: '50L-1Cr', label: '₹50 Lakh – 1 Crore', min: 50 * L, max: CR },
  { code: '1Cr+', label: 'Above ₹1 Crore', min: CR, max: null },
  { code: 'ND', label: 'Not disclosed', min: null, max: null },
]);

// ---------------------------------------------------------------- heights 4'6" .. 7'0"
const heights = [];
for (let inches = 54; inches <= 84; inches++) {
  const cm = Math.round(inches * 2.54);
  heights.push({ cm, label: `${Math.floor(inches / 12)} ft ${inches % 12} in (${cm} cm)` });
}
write('heights.json', heights);
