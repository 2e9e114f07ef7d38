// Curated list of Indian cities and towns for the TFM Matrimony seed.
// Keyed by ISO 3166-2:IN suffix (see states.json). Each entry is
//   "Display name"                 – looked up in GeoNames under the same name, or
//   "Display name=GeoNames name"   – looked up under another (older / GeoNames) spelling.
// Alternatives may be separated with "|": "Kochi=Kochi|Cochin".
// Weighted toward places with large Christian communities.
export const CITY_LIST = {
  KL: [
    // district headquarters
    'Thiruvananthapuram', 'Kollam', 'Pathanamthitta', 'Alappuzha', 'Kottayam#597', 'Idukki',
    'Kochi', 'Kakkanad', 'Thrissur', 'Palakkad', 'Malappuram', 'Kozhikode', 'Kalpetta',
    'Kannur', 'Kasaragod',
    // Thiruvananthapuram district
    'Neyyattinkara', 'Nedumangad', 'Attingal', 'Varkala', 'Parassala=Pārassāla@TN',
    // Kollam district
    'Punalur', 'Kottarakkara=Kottārakara', 'Karunagappally=Karungappalli',
    // Pathanamthitta district
    'Adoor', 'Thiruvalla', 'Ranni', 'Kozhencherry=Kozhancheri', 'Konni', 'Pandalam', 'Mallappally',
    // Alappuzha district
    'Chengannur', 'Mavelikkara', 'Kayamkulam', 'Haripad', 'Cherthala', 'Ambalappuzha',
    // Kottayam district
    'Changanassery=Changanācheri', 'Pala=Palai', 'Kanjirappally', 'Vaikom', 'Ettumanoor', 'Erattupetta', 'Mundakayam',
    'Puthuppally',
    // Idukki district
    'Thodupuzha', 'Kattappana', 'Munnar', 'Adimali', 'Kumily', 'Peermade',
    // Ernakulam district
    'Aluva', 'Angamaly=Angamāli', 'Perumbavoor', 'Kothamangalam', 'Muvattupuzha', 'North Paravur',
    'Kolenchery', 'Piravom', 'Tripunithura=Tripunittura', 'Kalamassery', 'Kalady',
    'Vypin',
    // Thrissur district
    'Chalakudy=Kizhake Chālakudi', 'Irinjalakuda', 'Kunnamkulam', 'Guruvayur', 'Kodungallur',
    'Pavaratty=Pāvaratti',
    // Palakkad district
    'Ottapalam', 'Mannarkkad=Mannārakkāt', 'Alathur=Alattūr', 'Chittur', 'Shoranur', 'Wadakkanchery=Vadakāncheri',
    // Malappuram district
    'Perinthalmanna=Perintalmanna', 'Nilambur', 'Manjeri', 'Tirur', 'Ponnani', 'Kondotty',
    // Kozhikode district
    'Koyilandy', 'Vadakara=Badagara', 'Thamarassery',
    // Wayanad district
    'Sulthan Bathery', 'Mananthavady',
    // Kannur district
    'Thalassery', 'Iritty', 'Payyanur', 'Taliparamba', 'Mattannur',
    'Kuthuparamba=Kuttuparamba',
    // Kasaragod district
    'Kanhangad', 'Nileshwaram=Nīlēshwar',
  ],
  TN: [
    'Chennai', 'Tambaram', 'Avadi', 'Poonamallee=Poonamalle', 'Chengalpattu', 'Kanchipuram', 'Tiruvallur',
    'Coimbatore', 'Pollachi', 'Tiruppur', 'Erode', 'Salem', 'Namakkal', 'Karur', 'Dharmapuri',
    'Krishnagiri', 'Hosur', 'Vellore', 'Katpadi', 'Ranipet', 'Arakkonam', 'Tirupattur', 'Vaniyambadi',
    'Ambur', 'Tiruvannamalai', 'Villupuram', 'Kallakurichi', 'Cuddalore', 'Neyveli', 'Chidambaram',
    'Madurai', 'Dindigul', 'Kodaikanal', 'Theni', 'Tiruchirappalli', 'Thanjavur', 'Kumbakonam',
    'Pudukkottai#621', 'Ariyalur', 'Perambalur', 'Tiruvarur', 'Nagapattinam', 'Velankanni=Vailankanni|Velankanni',
    'Mayiladuthurai', 'Karaikudi', 'Sivaganga', 'Ramanathapuram', 'Rameswaram', 'Paramakudi=Paramagudi',
    'Virudhunagar=Virudunagar', 'Sivakasi', 'Srivilliputhur', 'Rajapalayam', 'Tirunelveli', 'Palayamkottai',
    'Tenkasi', 'Thoothukudi', 'Tiruchendur', 'Nazareth', 'Sathankulam', 'Kovilpatti',
    'Nagercoil', 'Marthandam', 'Kuzhithurai', 'Colachel', 'Kanniyakumari',
    'Udhagamandalam', 'Coonoor', 'Gudalur#611', 'Mettupalayam',
  ],
  KA: [
    'Bengaluru', 'Mysuru', 'Mangaluru', 'Udupi', 'Manipal', 'Hubballi', 'Dharwad', 'Belagavi',
    'Kalaburagi', 'Ballari', 'Vijayapura#557', 'Shivamogga', 'Tumakuru', 'Davanagere=Davangere', 'Hassan',
    'Chikkamagaluru', 'Madikeri', 'Karwar', 'Bhatkal', 'Kundapura', 'Karkala',
    'Puttur', 'Belthangady', 'Sullia', 'Kolar', 'Robertsonpet', 'Chikkaballapur=Chik Ballāpur', 'Mandya',
    'Ramanagara=Closepet', 'Chamarajanagar=Chamrajnagar', 'Raichur', 'Bidar', 'Bagalkot', 'Gadag', 'Haveri',
    'Chitradurga', 'Koppal', 'Yadgir', 'Sirsi',
  ],
  GA: [
    'Panaji', 'Margao', 'Vasco da Gama', 'Mapusa', 'Ponda', 'Old Goa', 'Calangute', 'Candolim',
    'Bicholim', 'Curchorem', 'Cuncolim', 'Quepem', 'Sanguem', 'Valpoi', 'Pernem', 'Canacona',
    'Aldona', 'Benaulim', 'Colva',
  ],
  AP: [
    'Visakhapatnam', 'Vijayawada', 'Guntur', 'Nellore', 'Kurnool', 'Kakinada', 'Rajahmundry',
    'Tirupati', 'Anantapur', 'Kadapa', 'Eluru', 'Ongole', 'Machilipatnam', 'Srikakulam',
    'Vizianagaram', 'Bhimavaram', 'Narasaraopet', 'Tenali', 'Chittoor', 'Nandyal', 'Proddatur',
    'Palakollu', 'Tadepalligudem', 'Amalapuram', 'Bapatla', 'Chirala', 'Gudivada', 'Narsapur',
    'Mangalagiri', 'Sattenapalle', 'Markapur', 'Kavali',
  ],
  TG: [
    'Hyderabad', 'Secunderabad', 'Warangal', 'Hanamkonda', 'Karimnagar', 'Khammam', 'Nizamabad',
    'Nalgonda', 'Mahbubnagar', 'Medak', 'Adilabad', 'Suryapet', 'Siddipet', 'Mancherial',
    'Ramagundam', 'Kothagudem', 'Sangareddy=Sangāreddi', 'Dornakal', 'Bhadrachalam', 'Miryalaguda',
    'Jangaon',
  ],
  MH: [
    'Mumbai', 'Navi Mumbai', 'Thane', 'Kalyan', 'Dombivli', 'Ulhasnagar', 'Bhiwandi', 'Panvel',
    'Vasai', 'Virar', 'Bhayandar', 'Palghar', 'Dahanu', 'Pune', 'Pimpri-Chinchwad',
    'Lonavala', 'Nagpur', 'Nashik', 'Aurangabad', 'Solapur', 'Kolhapur', 'Sangli', 'Satara',
    'Amravati', 'Akola', 'Jalgaon#499', 'Latur', 'Nanded', 'Ratnagiri', 'Sawantwadi=Sāvantvādi', 'Chandrapur',
    'Wardha', 'Shrirampur',
  ],
  MZ: [
    'Aizawl', 'Lunglei', 'Champhai', 'Serchhip', 'Kolasib', 'Lawngtlai', 'Saiha', 'Mamit',
    'Saitual', 'Khawzawl', 'Thenzawl', 'Biate', 'Darlawn', 'Zawlnuam',
  ],
  NL: [
    'Kohima', 'Dimapur', 'Chumukedima', 'Mokokchung', 'Tuensang', 'Wokha', 'Zunheboto', 'Mon',
    'Phek@MN', 'Kiphire', 'Longleng', 'Pfutsero', 'Tseminyu', 'Tuli', 'Medziphema', 'Jalukie',
  ],
  ML: [
    'Shillong', 'Tura', 'Jowai', 'Nongstoin', 'Williamnagar', 'Baghmara=Bāghamāra', 'Nongpoh', 'Mairang',
    'Resubelpara', 'Sohra=Cherrapunjee|Sohra|Cherrapunji', 'Ampati', 'Khliehriat', 'Umsning',
    'Mawlai=Mawlai-Mawïong', 'Laitumkhrah',
  ],
  MN: [
    'Imphal', 'Churachandpur', 'Ukhrul', 'Senapati', 'Tamenglong', 'Chandel', 'Thoubal',
    'Bishnupur', 'Kakching', 'Moirang', 'Kangpokpi', 'Jiribam', 'Moreh',
  ],
  AR: [
    'Itanagar', 'Naharlagun', 'Pasighat', 'Ziro', 'Aalo=Along|Aalo', 'Tezu', 'Bomdila', 'Tawang',
    'Roing', 'Khonsa', 'Changlang', 'Daporijo', 'Seppa', 'Namsai', 'Yingkiong',
  ],
  TR: [
    'Agartala', 'Udaipur', 'Dharmanagar', 'Kailashahar', 'Ambassa', 'Belonia', 'Khowai',
    'Teliamura', 'Sabroom', 'Sonamura', 'Kamalpur', 'Amarpur',
  ],
  AS: [
    'Guwahati', 'Dibrugarh', 'Jorhat', 'Silchar', 'Tezpur', 'Tinsukia', 'Nagaon', 'Diphu',
    'Haflong', 'Kokrajhar', 'Bongaigaon', 'Dhubri', 'Goalpara', 'North Lakhimpur', 'Sivasagar=Sibsāgar',
    'Golaghat', 'Udalguri', 'Mangaldoi=Mangaldai', 'Barpeta', 'Hailakandi', 'Tangla', 'Margherita',
  ],
  SK: ['Gangtok', 'Namchi', 'Gyalshing', 'Mangan', 'Rangpo', 'Singtam', 'Jorethang'],
  JH: [
    'Ranchi', 'Jamshedpur', 'Dhanbad', 'Bokaro Steel City', 'Hazaribagh', 'Deoghar', 'Gumla',
    'Simdega', 'Khunti', 'Lohardaga', 'Chaibasa', 'Dumka', 'Giridih', 'Ramgarh', 'Medininagar',
    'Latehar', 'Sahibganj', 'Pakur', 'Godda', 'Jamtara', 'Chakradharpur', 'Koderma=Kodarma', 'Garhwa',
    'Chatra', 'Seraikela=Saraikela', 'Torpa',
  ],
  OD: [
    'Bhubaneswar', 'Cuttack', 'Rourkela', 'Berhampur', 'Sambalpur', 'Balasore', 'Puri',
    'Jharsuguda', 'Sundargarh', 'Koraput', 'Jeypore', 'Rayagada', 'Phulbani', 'G. Udayagiri=Udayagiri',
    'Baliguda', 'Balangir', 'Bhawanipatna', 'Angul', 'Dhenkanal', 'Kendujhar=Keonjhargarh', 'Baripada',
    'Bhadrak', 'Jajpur', 'Kendrapara', 'Paralakhemundi', 'Nabarangpur', 'Malkangiri', 'Rajgangpur',
  ],
  CG: [
    'Raipur', 'Bilaspur', 'Durg', 'Bhilai', 'Korba', 'Raigarh', 'Jashpur Nagar', 'Kunkuri',
    'Pathalgaon', 'Ambikapur', 'Jagdalpur', 'Rajnandgaon', 'Dhamtari', 'Mahasamund', 'Kanker',
    'Kondagaon', 'Dantewada=Dantewāra', 'Manendragarh', 'Bagicha',
  ],
  PB: [
    'Amritsar', 'Ludhiana', 'Jalandhar', 'Patiala', 'Bathinda', 'Gurdaspur', 'Batala', 'Pathankot',
    'Mohali', 'Hoshiarpur', 'Kapurthala', 'Firozpur', 'Moga', 'Ajnala', 'Fatehgarh Churian',
    'Dhariwal', 'Dera Baba Nanak', 'Qadian', 'Tarn Taran', 'Khanna', 'Sangrur', 'Rajpura',
    'Phagwara', 'Nawanshahr', 'Fazilka', 'Muktsar', 'Faridkot', 'Barnala', 'Rupnagar',
  ],
  DL: ['New Delhi', 'Delhi', 'Rohini', 'Najafgarh', 'Narela'],
  WB: [
    'Kolkata', 'Howrah', 'Siliguri', 'Darjeeling', 'Kalimpong', 'Kurseong', 'Durgapur', 'Asansol',
    'Kharagpur', 'Bardhaman', 'Krishnanagar', 'Barasat', 'Baruipur', 'Haldia', 'Jalpaiguri',
    'Cooch Behar', 'Alipurduar', 'English Bazar', 'Bankura', 'Purulia', 'Medinipur', 'Bolpur',
    'Chinsurah=Hugli', 'Serampore', 'Barrackpore', 'Raiganj', 'Balurghat',
  ],
  GJ: [
    'Ahmedabad', 'Vadodara', 'Surat', 'Rajkot', 'Anand', 'Nadiad', 'Gandhinagar', 'Bharuch',
    'Valsad', 'Vapi', 'Navsari', 'Bhavnagar', 'Jamnagar', 'Junagadh', 'Godhra', 'Mehsana=Mahesāna',
    'Dahod', 'Palanpur', 'Bhuj', 'Khambhat',
  ],
  UP: [
    'Lucknow', 'Kanpur', 'Agra', 'Varanasi', 'Prayagraj', 'Noida', 'Greater Noida', 'Ghaziabad',
    'Meerut', 'Bareilly', 'Gorakhpur', 'Aligarh', 'Moradabad', 'Jhansi', 'Mathura', 'Ayodhya',
    'Saharanpur', 'Muzaffarnagar', 'Shahjahanpur', 'Sardhana',
  ],
  MP: [
    'Bhopal', 'Indore', 'Jabalpur', 'Gwalior', 'Ujjain', 'Sagar', 'Satna', 'Rewa', 'Jhabua',
    'Khandwa', 'Ratlam', 'Mandla', 'Seoni', 'Chhindwara', 'Katni', 'Sidhi', 'Betul', 'Dewas',
    'Alirajpur', 'Mhow',
  ],
  RJ: [
    'Jaipur', 'Jodhpur', 'Udaipur#130', 'Ajmer', 'Kota', 'Bikaner', 'Alwar', 'Bhilwara', 'Banswara',
    'Mount Abu', 'Sikar', 'Sri Ganganagar', 'Pali', 'Tonk', 'Bharatpur', 'Dungarpur',
  ],
  BR: [
    'Patna', 'Gaya', 'Bhagalpur', 'Muzaffarpur', 'Darbhanga', 'Purnia', 'Bettiah', 'Arrah',
    'Begusarai', 'Katihar', 'Munger', 'Chhapra', 'Buxar', 'Sasaram', 'Motihari', 'Kishanganj',
    'Hajipur',
  ],
  HR: [
    'Gurugram', 'Faridabad', 'Panchkula', 'Ambala', 'Karnal', 'Panipat', 'Rohtak', 'Hisar',
    'Sonipat', 'Kurukshetra=Thānesar', 'Yamunanagar', 'Rewari', 'Sirsa', 'Bhiwani',
  ],
  HP: [
    'Shimla', 'Dharamshala', 'Mandi', 'Solan', 'Kullu', 'Manali', 'Hamirpur', 'Una', 'Chamba',
    'Bilaspur', 'Kasauli', 'Palampur', 'Nahan',
  ],
  UK: [
    'Dehradun', 'Haridwar', 'Rishikesh', 'Nainital', 'Haldwani', 'Mussoorie', 'Roorkee',
    'Rudrapur', 'Almora', 'Pithoragarh', 'Kashipur',
  ],
  JK: [
    'Srinagar', 'Jammu', 'Anantnag', 'Baramulla=Bāramūla', 'Udhampur', 'Kathua', 'Sopore', 'Rajouri=Rajaori',
    'Poonch', 'Samba',
  ],
  LA: ['Leh', 'Kargil'],
  CH: ['Chandigarh', 'Mauli Jagran'],
  PY: ['Puducherry', 'Karaikal', 'Mahe=Mahē@KL', 'Yanam@AP', 'Villianur', 'Ariyankuppam'],
  LD: ['Kavaratti', 'Agatti', 'Minicoy', 'Amini', 'Andrott', 'Kalpeni'],
  AN: ['Port Blair', 'Garacharma', 'Bamboo Flat', 'Diglipur', 'Mayabunder=Māyābandar', 'Rangat', 'Campbell Bay'],
  DH: ['Daman', 'Diu', 'Silvassa', 'Dadra', 'Naroli'],
};

// Places that the GeoNames extracts above do not carry. Coordinates entered by hand
// (town centre, accurate to roughly 1-2 km, enough for the coarse distance bands) and checked by
// gen-cities.mjs against the straight-line distance to a GeoNames-sourced neighbour:
//   name: [lat, lng, neighbour (state, name as in CITY_LIST), expected km]
export const MANUAL = {
  KL: {
    Adoor: [9.1552, 76.7356, 'Pathanamthitta', 14],
    Ranni: [9.3850, 76.7850, 'Pathanamthitta', 13],
    Konni: [9.2269, 76.8497, 'Pathanamthitta', 8],
    Pandalam: [9.2254, 76.6784, 'Chengannur', 13],
    Mallappally: [9.4460, 76.6566, 'Thiruvalla', 10],
    Ambalappuzha: [9.3833, 76.3600, 'Alappuzha', 13],
    Kanjirappally: [9.5574, 76.7889, 'Erattupetta', 15],
    Mundakayam: [9.5340, 76.8850, 'Erattupetta', 20],
    Kattappana: [9.7512, 77.1154, 'Thodupuzha', 45],
    Adimali: [10.0113, 76.9530, 'Munnar', 20],
    Kumily: [9.6063, 77.1636, 'Thodupuzha', 55],
    Peermade: [9.5760, 76.9770, 'Erattupetta', 30],
    Kothamangalam: [10.0602, 76.6351, 'Muvattupuzha', 11],
    'North Paravur': [10.1445, 76.2280, 'Aluva', 14],
    Kolenchery: [9.9806, 76.4767, 'Muvattupuzha', 11],
    Thamarassery: [11.4167, 75.9333, 'Kozhikode', 28],
    'Sulthan Bathery': [11.6654, 76.2627, 'Kalpetta', 20],
    Mananthavady: [11.8014, 76.0044, 'Kalpetta', 22],
    Iritty: [11.9800, 75.6700, 'Mattannur', 12],
    Kalady: [10.1667, 76.4380, 'Angamaly', 6],
  },
  GA: { 'Old Goa': [15.5009, 73.9116, 'Panaji', 10] },
  TN: { Palayamkottai: [8.7200, 77.7350, 'Tirunelveli', 5] },
  KA: { Dharwad: [15.4589, 75.0078, 'Hubballi', 20] },
  AP: { Tenali: [16.2430, 80.6400, 'Guntur', 24] },
  TG: { Hanamkonda: [18.0110, 79.5590, 'Warangal', 6] },
  MH: { Vasai: [19.3800, 72.8300, 'Virar', 10] },
  MZ: { Champhai: [23.4560, 93.3280, 'Aizawl', 70] },
  MN: { Senapati: [25.2680, 94.0210, 'Imphal', 45] },
};
