package seed

// The distributions of `tfm seed --synthetic`. Everything here is by name;
// synthetic.go resolves the names to the ids of the master tables in the
// database (names missing from the database are skipped), so no id is
// hard-coded. Weights are relative within one list.

// wn is a name with a weight.
type wn struct {
	name string
	w    float64
}

// synthStateSpec is how members of one state look: how many come from it
// (Christian population, roughly), their mother tongues and denominations,
// the cities that hold most of them, and which of demo.go's name regions
// their names come from.
type synthStateSpec struct {
	weight float64
	langs  []wn
	dens   []wn
	cities []wn // major cities, weighted up over the state's other cities (weight 1 each)
	names  int  // index into regions
}

var (
	densNorth  = []wn{{"Roman Catholic", 40}, {"CNI", 25}, {"Methodist", 12}, {"Pentecostal", 15}, {"Non-denominational", 5}, {"Salvation Army", 3}}
	langsNorth = []wn{{"Hindi", 75}, {"English", 15}, {"Malayalam", 5}, {"Punjabi", 5}}
)

// synthStates are the states members come from; Kerala, Tamil Nadu,
// Karnataka, Andhra Pradesh and Telangana, Goa, Maharashtra and the
// North-East are weighted up as their Christian populations are.
var synthStates = map[string]synthStateSpec{
	"KL": {30, []wn{{"Malayalam", 97}, {"English", 3}},
		[]wn{{"Syro-Malabar Catholic", 30}, {"Latin Catholic", 12}, {"Malankara Orthodox Syrian", 9}, {"Jacobite Syrian", 9}, {"Marthoma", 8}, {"CSI", 7},
			{"Pentecostal", 5}, {"IPC", 4}, {"Syro-Malankara Catholic", 4}, {"Knanaya Catholic", 3}, {"Knanaya Jacobite", 1}, {"Brethren", 2},
			{"Believers Eastern Church", 2}, {"St. Thomas Evangelical", 1}, {"Assemblies of God", 1}, {"Church of God", 1}},
		[]wn{{"Kochi", 40}, {"Thiruvananthapuram", 35}, {"Kottayam", 35}, {"Thrissur", 30}, {"Kozhikode", 15}, {"Kollam", 15}, {"Pathanamthitta", 15},
			{"Alappuzha", 12}, {"Changanassery", 12}, {"Pala", 12}, {"Thiruvalla", 12}, {"Kannur", 10}, {"Thodupuzha", 8}, {"Muvattupuzha", 8},
			{"Kanjirappally", 6}, {"Angamaly", 6}, {"Aluva", 6}, {"Irinjalakuda", 6}, {"Kothamangalam", 6}}, 0},
	"TN": {13, []wn{{"Tamil", 93}, {"English", 4}, {"Malayalam", 3}},
		[]wn{{"Roman Catholic", 45}, {"CSI", 30}, {"Pentecostal", 10}, {"Lutheran", 4}, {"Assemblies of God", 4}, {"Evangelical / Born Again", 4}, {"Non-denominational", 3}},
		[]wn{{"Chennai", 60}, {"Coimbatore", 20}, {"Madurai", 15}, {"Nagercoil", 20}, {"Tiruchirappalli", 15}, {"Tirunelveli", 15}, {"Thoothukudi", 12},
			{"Palayamkottai", 8}, {"Marthandam", 8}, {"Vellore", 8}, {"Kanniyakumari", 6}, {"Nazareth", 4}}, 1},
	"PY": {1, []wn{{"Tamil", 85}, {"English", 10}, {"Malayalam", 5}},
		[]wn{{"Roman Catholic", 80}, {"CSI", 10}, {"Pentecostal", 10}}, nil, 1},
	"KA": {6, []wn{{"Kannada", 40}, {"Konkani", 25}, {"Tulu", 8}, {"English", 10}, {"Tamil", 7}, {"Malayalam", 10}},
		[]wn{{"Roman Catholic", 55}, {"CSI", 20}, {"Pentecostal", 8}, {"Methodist", 5}, {"Seventh-day Adventist", 3}, {"Baptist", 3}, {"Non-denominational", 6}},
		[]wn{{"Bengaluru", 80}, {"Mangaluru", 40}, {"Udupi", 12}, {"Mysuru", 12}, {"Belagavi", 6}, {"Hubballi", 5}}, 2},
	"AP": {4, []wn{{"Telugu", 92}, {"English", 8}},
		[]wn{{"Roman Catholic", 25}, {"Baptist", 20}, {"CSI", 15}, {"Lutheran", 15}, {"Pentecostal", 12}, {"Methodist", 5}, {"Church of God", 3}, {"Non-denominational", 5}},
		[]wn{{"Visakhapatnam", 20}, {"Vijayawada", 20}, {"Guntur", 20}, {"Rajahmundry", 8}, {"Nellore", 6}, {"Eluru", 6}}, 2},
	"TG": {3.5, []wn{{"Telugu", 85}, {"English", 10}, {"Hindi", 5}},
		[]wn{{"Roman Catholic", 25}, {"CSI", 20}, {"Baptist", 15}, {"Methodist", 10}, {"Lutheran", 8}, {"Pentecostal", 15}, {"Non-denominational", 7}},
		[]wn{{"Hyderabad", 60}, {"Secunderabad", 20}, {"Warangal", 8}, {"Khammam", 5}}, 2},
	"GA": {3, []wn{{"Konkani", 85}, {"English", 10}, {"Marathi", 5}},
		[]wn{{"Roman Catholic", 90}, {"Pentecostal", 4}, {"Non-denominational", 3}, {"Anglican", 3}},
		[]wn{{"Margao", 12}, {"Panaji", 10}, {"Mapusa", 8}, {"Vasco da Gama", 8}}, 3},
	"MH": {6, []wn{{"Marathi", 40}, {"Konkani", 15}, {"English", 20}, {"Hindi", 10}, {"Malayalam", 8}, {"Tamil", 7}},
		[]wn{{"Roman Catholic", 60}, {"CNI", 10}, {"Methodist", 8}, {"Pentecostal", 8}, {"Salvation Army", 3}, {"Non-denominational", 6}, {"Marthoma", 2}, {"Syro-Malabar Catholic", 3}},
		[]wn{{"Mumbai", 80}, {"Pune", 35}, {"Thane", 20}, {"Navi Mumbai", 20}, {"Vasai", 20}, {"Nagpur", 12}}, 3},
	"MZ": {2.5, []wn{{"Mizo", 95}, {"English", 5}},
		[]wn{{"Presbyterian", 60}, {"Baptist", 15}, {"Salvation Army", 8}, {"Seventh-day Adventist", 5}, {"Roman Catholic", 5}, {"Pentecostal", 4}, {"Church of God", 3}},
		[]wn{{"Aizawl", 30}, {"Lunglei", 6}}, 4},
	"ML": {3, []wn{{"Khasi", 55}, {"Garo", 35}, {"English", 10}},
		[]wn{{"Presbyterian", 40}, {"Roman Catholic", 35}, {"Baptist", 15}, {"Church of God", 5}, {"Anglican", 5}},
		[]wn{{"Shillong", 30}, {"Tura", 15}}, 4},
	"NL": {3, []wn{{"Ao", 25}, {"Angami", 20}, {"Sema", 15}, {"Lotha", 12}, {"Nagamese", 20}, {"English", 8}},
		[]wn{{"Baptist", 85}, {"Roman Catholic", 8}, {"Pentecostal", 4}, {"Non-denominational", 3}},
		[]wn{{"Kohima", 15}, {"Dimapur", 18}, {"Mokokchung", 8}}, 4},
	"MN": {2.5, []wn{{"Tangkhul", 35}, {"Kuki", 35}, {"Manipuri (Meitei)", 15}, {"English", 15}},
		[]wn{{"Baptist", 60}, {"Presbyterian", 15}, {"Roman Catholic", 15}, {"Evangelical / Born Again", 5}, {"Pentecostal", 5}},
		[]wn{{"Imphal", 15}, {"Churachandpur", 10}, {"Ukhrul", 10}}, 4},
	"AR": {1, []wn{{"English", 50}, {"Hindi", 30}, {"Nepali", 10}, {"Other", 10}},
		[]wn{{"Baptist", 40}, {"Roman Catholic", 35}, {"Pentecostal", 25}}, []wn{{"Itanagar", 8}}, 4},
	"AS": {2, []wn{{"Assamese", 40}, {"Santali", 15}, {"Kurukh", 10}, {"Bengali", 10}, {"Kuki", 5}, {"English", 20}},
		[]wn{{"Roman Catholic", 40}, {"Baptist", 35}, {"Presbyterian", 10}, {"Pentecostal", 10}, {"Lutheran", 5}},
		[]wn{{"Guwahati", 25}}, 4},
	"TR": {0.6, []wn{{"Kokborok", 60}, {"Bengali", 25}, {"English", 15}},
		[]wn{{"Baptist", 70}, {"Roman Catholic", 20}, {"Pentecostal", 10}}, []wn{{"Agartala", 10}}, 4},
	"SK": {0.3, []wn{{"Nepali", 85}, {"English", 15}},
		[]wn{{"Presbyterian", 40}, {"Roman Catholic", 30}, {"Pentecostal", 30}}, []wn{{"Gangtok", 10}}, 4},
	"JH": {2.5, []wn{{"Kurukh", 30}, {"Mundari", 25}, {"Santali", 15}, {"Ho", 10}, {"Hindi", 20}},
		[]wn{{"Roman Catholic", 50}, {"Lutheran", 30}, {"Anglican", 10}, {"CNI", 10}},
		[]wn{{"Ranchi", 30}, {"Gumla", 10}, {"Simdega", 10}, {"Khunti", 6}}, 5},
	"OD": {2, []wn{{"Odia", 60}, {"Santali", 15}, {"Kurukh", 5}, {"Mundari", 5}, {"Hindi", 5}, {"English", 10}},
		[]wn{{"Roman Catholic", 35}, {"Baptist", 25}, {"Lutheran", 15}, {"CNI", 15}, {"Pentecostal", 10}},
		[]wn{{"Bhubaneswar", 15}, {"Cuttack", 8}, {"Rourkela", 10}, {"Sundargarh", 8}}, 5},
	"CG": {1, []wn{{"Kurukh", 40}, {"Hindi", 55}, {"English", 5}},
		[]wn{{"Roman Catholic", 60}, {"Lutheran", 15}, {"Methodist", 10}, {"CNI", 15}},
		[]wn{{"Raipur", 10}, {"Jashpur Nagar", 10}, {"Kunkuri", 6}, {"Bilaspur", 5}}, 5},
	"DL": {3, []wn{{"Hindi", 40}, {"Malayalam", 20}, {"English", 20}, {"Punjabi", 10}, {"Tamil", 10}},
		[]wn{{"Roman Catholic", 35}, {"CNI", 20}, {"Pentecostal", 15}, {"Methodist", 10}, {"Syro-Malabar Catholic", 5}, {"Marthoma", 5}, {"Believers Eastern Church", 5}, {"Non-denominational", 5}},
		[]wn{{"Delhi", 8}, {"New Delhi", 4}}, 6},
	"PB": {2, []wn{{"Punjabi", 85}, {"Hindi", 10}, {"English", 5}},
		[]wn{{"Pentecostal", 35}, {"Roman Catholic", 30}, {"CNI", 20}, {"Salvation Army", 10}, {"Non-denominational", 5}},
		[]wn{{"Amritsar", 8}, {"Gurdaspur", 8}, {"Batala", 6}, {"Jalandhar", 6}, {"Ludhiana", 6}}, 6},
	"WB": {1.5, []wn{{"Bengali", 70}, {"Santali", 10}, {"English", 10}, {"Hindi", 10}},
		[]wn{{"Roman Catholic", 35}, {"CNI", 25}, {"Baptist", 15}, {"Pentecostal", 15}, {"Methodist", 10}},
		[]wn{{"Kolkata", 30}}, 6},
	"GJ": {0.8, []wn{{"Gujarati", 70}, {"Hindi", 10}, {"English", 10}, {"Malayalam", 10}},
		[]wn{{"Roman Catholic", 45}, {"Methodist", 25}, {"CNI", 20}, {"Pentecostal", 10}},
		[]wn{{"Ahmedabad", 10}, {"Vadodara", 8}, {"Anand", 8}}, 6},
	"UP": {1.2, langsNorth, densNorth, []wn{{"Lucknow", 8}, {"Noida", 6}, {"Ghaziabad", 5}, {"Prayagraj", 5}, {"Agra", 4}}, 6},
	"MP": {0.6, langsNorth, densNorth, []wn{{"Bhopal", 6}, {"Indore", 6}, {"Jabalpur", 5}}, 6},
	"RJ": {0.3, langsNorth, densNorth, []wn{{"Jaipur", 6}}, 6},
	"HR": {0.4, langsNorth, densNorth, []wn{{"Gurugram", 8}, {"Faridabad", 4}}, 6},
	"BR": {0.3, langsNorth, densNorth, []wn{{"Patna", 6}}, 6},
	"UK": {0.3, langsNorth, densNorth, []wn{{"Dehradun", 6}}, 6},
	"HP": {0.1, langsNorth, densNorth, []wn{{"Shimla", 4}}, 6},
	"JK": {0.1, langsNorth, densNorth, nil, 6},
	"CH": {0.3, langsNorth, densNorth, nil, 6},
	"LA": {0.02, langsNorth, densNorth, nil, 6},
	"AN": {0.3, []wn{{"Hindi", 30}, {"Tamil", 20}, {"Malayalam", 15}, {"Telugu", 10}, {"Bengali", 15}, {"English", 10}}, []wn{{"Roman Catholic", 40}, {"CNI", 30}, {"Baptist", 15}, {"Pentecostal", 15}}, nil, 1},
	"LD": {0.05, []wn{{"Malayalam", 100}}, []wn{{"Roman Catholic", 100}}, nil, 0},
	"DH": {0.1, []wn{{"Gujarati", 50}, {"Hindi", 30}, {"Konkani", 20}}, []wn{{"Roman Catholic", 100}}, nil, 3},
}

// denFamilies group denominations whose members often accept one another,
// for the partner preferences' extra denominations.
var denFamilies = [][]string{
	{"Roman Catholic", "Latin Catholic", "Syro-Malabar Catholic", "Syro-Malankara Catholic", "Knanaya Catholic"},
	{"Malankara Orthodox Syrian", "Jacobite Syrian", "Knanaya Jacobite"},
	{"Marthoma", "CSI", "CNI", "Methodist", "Lutheran", "Presbyterian", "Anglican", "St. Thomas Evangelical", "Baptist", "Salvation Army"},
	{"Pentecostal", "IPC", "Assemblies of God", "Church of God", "Brethren", "Evangelical / Born Again", "Believers Eastern Church", "Non-denominational", "Seventh-day Adventist"},
}

// endogamous denominations marry within themselves: their members mostly
// want only their own, and strictly.
var endogamous = map[string]bool{"Knanaya Catholic": true, "Knanaya Jacobite": true}

// careerSpec is a line of work: who takes it up (relative weights for brides
// and grooms), the degrees behind it, its professions and its income range
// as indexes into the disclosed income bands (0 = the lowest).
type careerSpec struct {
	bride, groom float64
	degrees      []wn
	profs        []wn
	lo, hi       int
	maxAge       int  // 0: any age
	company      bool // names an employer (companies table) sometimes
}

var careerSpecs = []careerSpec{
	{18, 3, []wn{{"B.Sc Nursing", 50}, {"GNM", 30}, {"M.Sc Nursing", 10}, {"Post Basic B.Sc Nursing", 10}},
		[]wn{{"Nurse", 40}, {"Staff Nurse", 40}, {"Nursing Supervisor / Nurse Manager", 8}, {"Nurse Educator", 7}, {"Gulf Job", 5}}, 1, 5, 0, false},
	{14, 18, []wn{{"B.Tech / B.E.", 55}, {"MCA", 20}, {"M.Tech / M.E.", 10}, {"BCA", 10}, {"B.Sc", 5}},
		[]wn{{"Software Engineer", 50}, {"QA / Test Engineer", 12}, {"DevOps / Cloud Engineer", 8}, {"Data Scientist / Analyst", 8}, {"Business Analyst", 7},
			{"IT Project Manager", 5}, {"System / Network Administrator", 5}, {"UI / UX Designer", 5}}, 2, 7, 0, true},
	{4, 14, []wn{{"B.Tech / B.E.", 60}, {"Diploma in Engineering", 25}, {"M.Tech / M.E.", 10}, {"B.Arch", 5}},
		[]wn{{"Civil Engineer", 25}, {"Mechanical Engineer", 25}, {"Electrical Engineer", 15}, {"Electronics Engineer", 10}, {"Site Engineer / Supervisor", 15},
			{"Architect", 5}, {"Chemical Engineer", 5}}, 2, 6, 0, true},
	{9, 5, []wn{{"MBBS", 25}, {"BDS", 10}, {"B.Pharm", 15}, {"BPT (Physiotherapy)", 10}, {"B.Sc MLT / Allied Health", 15}, {"MD / MS (Medicine)", 8}, {"Pharm.D", 5}, {"D.Pharm", 7}, {"DMLT", 5}},
		[]wn{{"Doctor", 30}, {"Dentist", 8}, {"Pharmacist", 20}, {"Physiotherapist", 10}, {"Lab Technician", 17}, {"Radiographer", 5}, {"Optometrist", 3}, {"Medical Coder", 7}}, 2, 7, 0, false},
	{12, 4, []wn{{"B.Ed", 30}, {"M.Ed", 5}, {"MA", 25}, {"M.Sc", 25}, {"D.El.Ed / TTC", 10}, {"PhD", 5}},
		[]wn{{"Teacher", 70}, {"Professor / Lecturer", 20}, {"Principal", 3}, {"Researcher / Scientist", 7}}, 1, 4, 0, false},
	{10, 10, []wn{{"B.Com", 45}, {"M.Com", 20}, {"CA", 10}, {"MBA / PGDM", 15}, {"ICWA / CMA", 3}, {"CS", 2}, {"BBA", 5}},
		[]wn{{"Accountant", 40}, {"Bank Officer", 25}, {"Chartered Accountant", 8}, {"Financial Analyst", 10}, {"Auditor", 7}, {"Insurance Professional", 7}, {"Company Secretary", 3}}, 1, 6, 0, true},
	{8, 12, []wn{{"MBA / PGDM", 40}, {"BBA", 20}, {"BA", 20}, {"B.Com", 20}},
		[]wn{{"Manager", 25}, {"HR Professional", 15}, {"Sales / Marketing Professional", 35}, {"Customer Service / BPO", 15}, {"Administrative Staff", 10}}, 1, 6, 0, true},
	{5, 7, []wn{{"BA", 30}, {"B.Sc", 20}, {"B.Com", 20}, {"MA", 15}, {"B.Tech / B.E.", 10}, {"LLB", 5}},
		[]wn{{"Government Employee", 45}, {"Police", 15}, {"Railway Employee", 15}, {"PSU Employee", 20}, {"Civil Services (IAS / IPS / IFS)", 5}}, 2, 5, 0, false},
	{0.3, 4, []wn{{"Plus Two / Higher Secondary", 40}, {"BA", 30}, {"B.Sc", 20}, {"B.Tech / B.E.", 10}},
		[]wn{{"Army", 50}, {"Navy", 20}, {"Air Force", 20}, {"Paramilitary (CAPF)", 10}}, 1, 4, 0, false},
	{1, 2, []wn{{"B.Th", 40}, {"BD (Bachelor of Divinity)", 30}, {"M.Th", 20}, {"D.Th (Doctor of Theology)", 5}, {"BA", 5}},
		[]wn{{"Pastor", 35}, {"Church Worker", 25}, {"Evangelist / Missionary", 20}, {"Worship Leader / Church Musician", 20}}, 0, 2, 0, false},
	{3, 10, []wn{{"B.Com", 30}, {"BBA", 20}, {"Plus Two / Higher Secondary", 20}, {"BA", 20}, {"MBA / PGDM", 10}},
		[]wn{{"Business Owner", 30}, {"Entrepreneur", 15}, {"Shop Owner / Trader", 25}, {"Real Estate", 10}, {"Self-employed", 20}}, 1, 8, 0, false},
	{1, 8, []wn{{"Diploma in Engineering", 30}, {"ITI", 30}, {"B.Tech / B.E.", 20}, {"Plus Two / Higher Secondary", 20}},
		[]wn{{"Gulf Job", 40}, {"Oil and Gas Professional", 25}, {"Merchant Navy / Seafarer", 20}, {"Driver", 15}}, 2, 6, 0, true},
	{3, 4, []wn{{"BHM (Hotel Management)", 60}, {"Plus Two / Higher Secondary", 20}, {"BA", 20}},
		[]wn{{"Hotel / Hospitality Professional", 40}, {"Chef", 25}, {"Cabin Crew", 20}, {"Travel and Tourism", 15}}, 1, 4, 0, true},
	{0.3, 1, []wn{{"B.Tech / B.E.", 40}, {"Other Diploma", 40}, {"B.Sc", 20}},
		[]wn{{"Pilot", 30}, {"Aircraft Maintenance Engineer", 70}}, 3, 8, 0, true},
	{2, 2, []wn{{"LLB", 70}, {"LLM", 30}}, []wn{{"Lawyer / Advocate", 75}, {"Legal Advisor", 25}}, 1, 6, 0, false},
	{2, 2, []wn{{"BA", 50}, {"MA", 30}, {"Other Diploma", 20}}, []wn{{"Journalist", 35}, {"Designer", 40}, {"Musician / Artist", 25}}, 1, 4, 0, false},
	{0.2, 3, []wn{{"Plus Two / Higher Secondary", 40}, {"BA", 30}, {"B.Sc", 30}}, []wn{{"Farmer / Planter", 100}}, 0, 4, 0, false},
	{3, 1, []wn{{"B.Sc", 20}, {"B.Tech / B.E.", 20}, {"MA", 15}, {"M.Sc", 15}, {"B.Com", 15}, {"MBA / PGDM", 15}}, []wn{{"Student", 100}}, 0, 0, 26, false},
	{4, 0.5, []wn{{"BA", 30}, {"B.Com", 20}, {"B.Sc", 20}, {"Plus Two / Higher Secondary", 20}, {"MA", 10}}, []wn{{"Homemaker", 60}, {"Not working", 40}}, 0, 0, 0, false},
	{0.5, 5, []wn{{"ITI", 40}, {"SSLC / 10th", 25}, {"Plus Two / Higher Secondary", 35}}, []wn{{"Technician", 40}, {"Driver", 30}, {"Self-employed", 30}}, 0, 3, 0, false},
}

// Ages, as weights per year from the youngest: brides 18-40 peaking at
// 24-27, grooms 21-45 peaking at 27-30.
var (
	brideAges = []float64{0.5, 1, 2, 3, 5, 7, 8, 9, 9, 8, 7, 6, 5, 4, 3, 2.5, 2, 1.5, 1.2, 1, 0.8, 0.6, 0.5}             // 18..40
	groomAges = []float64{0.5, 1, 2, 3.5, 5, 7, 8, 9, 9, 8, 7, 6, 5, 4, 3, 2.5, 2, 1.5, 1.2, 1, 0.8, 0.6, 0.5, 0.4, 0.3} // 21..45
)

var (
	synthCreatedBy  = []wn{{"self", 55}, {"parent", 30}, {"sibling", 8}, {"relative", 5}, {"friend", 2}}
	synthFaith      = []wn{{"devout", 25}, {"regular", 50}, {"occasional", 20}, {"rarely", 5}}
	synthDiet       = []wn{{"non_vegetarian", 75}, {"eggetarian", 10}, {"vegetarian", 13}, {"vegan", 2}}
	synthFamType    = []wn{{"nuclear", 75}, {"joint", 25}}
	synthFamValues  = []wn{{"traditional", 35}, {"moderate", 50}, {"liberal", 15}}
	synthPhotoVis   = []wn{{"all", 85}, {"protected", 15}}
	synthContact    = []wn{{"paid", 70}, {"verified", 20}, {"accepted", 10}}
	synthChat       = []wn{{"verified", 80}, {"accepted", 17}, {"nobody", 3}}
	synthSmokeBride = []wn{{"no", 98}, {"occasionally", 2}}
	synthSmokeGroom = []wn{{"no", 85}, {"occasionally", 12}, {"yes", 3}}
	synthDrinkBride = []wn{{"no", 93}, {"occasionally", 7}}
	synthDrinkGroom = []wn{{"no", 60}, {"occasionally", 35}, {"yes", 5}}
	synthRelation   = []wn{{"father", 40}, {"mother", 25}, {"brother", 12}, {"sister", 8}, {"self", 10}, {"guardian", 2}, {"relative", 3}}
	synthCallTimes  = []string{"After 6 PM", "Weekends", "10 AM to 1 PM", "Evenings after 7 PM", "Any time", "Sunday after church"}
	synthSiblings   = []string{"", "1 elder brother (married)", "1 younger sister", "1 elder sister (married), 1 younger brother", "2 brothers",
		"1 brother, 1 sister (both married)", "Only child", "1 younger brother (studying)", "2 sisters (married)", "1 elder brother, 2 younger sisters"}
	synthKinds    = []string{"cheerful", "calm and caring", "family-oriented", "simple and honest", "fun-loving", "God-fearing", "soft-spoken", "ambitious"}
	synthHobbies  = []string{"reading", "cooking", "travelling", "music", "badminton", "gardening", "photography", "football", "singing in the choir", "cricket", "painting", "hiking"}
	synthAboutFmt = []string{
		"I am a %[1]s person working as %[2]s in %[3]s. Faith and family mean a great deal to me. I enjoy %[4]s and %[5]s.",
		"Grew up in %[3]s in a close-knit, church-going family. I work as %[2]s and love %[4]s, %[5]s and Sunday family lunches.",
		"%[2]s by profession, based in %[3]s. A %[1]s person looking for a God-fearing partner who values honesty, kindness and laughter.",
		"I live in %[3]s and work as %[2]s. I like %[4]s and %[5]s, and I help with our parish youth ministry.",
		"A %[1]s person from %[3]s. Working as %[2]s. Looking for a partner who puts God first and loves family. Hobbies: %[4]s, %[5]s.",
	}
	synthFamilyFmt = []string{
		"We are a %s family from %s. My father is %s and my mother is %s.",
		"A %s, God-fearing family settled in %s. Father: %s. Mother: %s.",
		"Ours is a %s family in %s, active in the parish. Father is %s, mother is %s.",
	}
)
