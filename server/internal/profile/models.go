package profile

import (
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/billing"
)

// Photo is one photo as a viewer may load it: the URL is ImagePath +
// Images.Large (or Small), and each file name carries the viewer's grant.
type Photo struct {
	PhotoID   string      `json:"photoId,omitempty"` // the owner's handle for make-default and delete; only in the owner's own lists
	ImagePath string      `json:"imagePath"`
	Images    PhotoImages `json:"images"`
	IsDefault bool        `json:"isDefault"`
}

// PhotoImages names the small (240 px) and large (900 px) renditions, each with its grant.
type PhotoImages struct {
	Small string `json:"small"`
	Large string `json:"large"`
}

// Basic is the profile's basic section. DateOfBirth is only in the owner's
// own profile; everybody else sees Age.
type Basic struct {
	Gender         int     `json:"gender"`
	Name           string  `json:"name"`
	ProfileName    string  `json:"profileName"`
	DateOfBirth    string  `json:"dateOfBirth,omitempty"`
	Age            int     `json:"age"`
	HeightCM       *int    `json:"heightCm"`
	Height         string  `json:"height"` // the height's label, e.g. "5 ft 6 in (168 cm)"
	MaritalStatus  string  `json:"maritalStatus"`
	CreatedBy      string  `json:"createdBy"`
	MotherTongueID *uint64 `json:"motherTongueId"`
	MotherTongue   string  `json:"motherTongue"`
	PhysicalStatus string  `json:"physicalStatus"`
}

// Faith is the profile's faith section; the spec's "community" is the denomination.
type Faith struct {
	ReligionID    *uint64 `json:"religionId"`
	Religion      string  `json:"religion"`
	CommunityID   *uint64 `json:"communityId"`
	Community     string  `json:"community"`
	SubCommunity  string  `json:"subCommunity"`
	Diocese       string  `json:"diocese"`
	Parish        string  `json:"parish"`
	Vicar         string  `json:"vicar"`
	FaithPractice string  `json:"faithPractice"`
}

// Education is the profile's education and work section.
type Education struct {
	DegreeID     *uint64 `json:"degreeId"`
	Degree       string  `json:"degree"`
	CollegeID    *uint64 `json:"collegeId"`
	College      string  `json:"college"`
	ProfessionID *uint64 `json:"professionId"`
	Profession   string  `json:"profession"`
	CompanyID    *uint64 `json:"companyId"`
	Company      string  `json:"company"`
	IncomeBand   string  `json:"incomeBand"` // an income_bands code, e.g. "5-7L"
	Income       string  `json:"income"`     // its label
}

// Location is where the member lives; coordinates never leave the server.
type Location struct {
	CountryID *uint64 `json:"countryId"`
	Country   string  `json:"country"`
	StateID   *uint64 `json:"stateId"`
	State     string  `json:"state"`
	CityID    *uint64 `json:"cityId"`
	City      string  `json:"city"`
}

// Family is the profile's family section.
type Family struct {
	FatherOccupation string `json:"fatherOccupation"`
	MotherOccupation string `json:"motherOccupation"`
	Siblings         string `json:"siblings"`
	FamilyType       string `json:"familyType"`
	FamilyValues     string `json:"familyValues"`
}

// About holds the member's own words.
type About struct {
	AboutMe     string `json:"aboutMe"`
	AboutFamily string `json:"aboutFamily"`
}

// Lifestyle is diet, smoking and drinking.
type Lifestyle struct {
	Diet     string `json:"diet"`
	Smoking  string `json:"smoking"`
	Drinking string `json:"drinking"`
}

// Sections are the seven editable sections, shared by the own profile and the partner view.
type Sections struct {
	Basic     Basic     `json:"basic"`
	Faith     Faith     `json:"faith"`
	Education Education `json:"education"`
	Location  Location  `json:"location"`
	Family    Family    `json:"family"`
	About     About     `json:"about"`
	Lifestyle Lifestyle `json:"lifestyle"`
}

// Badge names what was checked and when (product.md "Badges").
type Badge struct {
	Kind       string     `json:"kind"` // mobile, email, id or parish
	Label      string     `json:"label"`
	VerifiedAt *time.Time `json:"verifiedAt"` // null when the check's date is not known
}

// Subscription is the member's current plan.
type Subscription struct {
	PlanName  string    `json:"planName"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// OwnContact is the member's own login e-mail and phone (changed through the account pages).
type OwnContact struct {
	Email     string `json:"email"`
	PhoneCode string `json:"phoneCode"`
	Phone     string `json:"phone"`
}

// Own is the member's whole profile (GET profile): the spec §3 summary
// fields, every section with master names, completion, settings and badges.
type Own struct {
	ProfileID string `json:"profileID"`
	UserName  string `json:"userName"`
	Gender    int    `json:"gender"`
	Sections
	Photos                 []Photo       `json:"photos"`
	CompletedSteps         int           `json:"completedSteps"`
	Completion             []Section     `json:"completion"`
	Subscription           *Subscription `json:"subscription"`
	PrevContactViewPending int           `json:"prevContactViewPending"`
	// Entitlements is what the member's plan grants now (billing decides it).
	Entitlements  billing.Entitlements `json:"entitlements"`
	Hidden        bool                 `json:"hidden"`
	EmailVerified bool                 `json:"emailVerified"`
	PhoneVerified bool                 `json:"phoneVerified"`
	Contact       OwnContact           `json:"contact"`
	Settings      Settings             `json:"settings"`
	Badges        []Badge              `json:"badges"`
	MemberSince   time.Time            `json:"memberSince"`
	// PhotoGrant is the member's viewer grant for photo URLs that come without
	// one (chat users); the API handler sets it.
	PhotoGrant string `json:"photoGrant,omitempty"`
}

// Contact is another member's contact as the viewer may see it: masked
// (spec §9: the first 4 digits, the e-mail without its local part) unless
// the viewer has a contact view of this member.
type Contact struct {
	PhoneCode       string `json:"phoneCode"`
	Phone           string `json:"phone"`
	Email           string `json:"email"`
	Masked          bool   `json:"masked"`
	ContactPerson   string `json:"contactPerson,omitempty"`
	ContactRelation string `json:"contactRelation,omitempty"`
	CallTime        string `json:"callTime,omitempty"`
}

// Requests are the viewer's photo and phone requests to the member: "" (none), pending, accepted or ignored.
type Requests struct {
	Photo string `json:"photo"`
	Phone string `json:"phone"`
}

// PartnerView is another member's profile as the viewer may see it (GET profile/partner/{id}).
type PartnerView struct {
	ProfileID string `json:"profileID"`
	UserName  string `json:"userName"`
	Gender    int    `json:"gender"`
	Sections
	Photos          []Photo `json:"photos"`
	PhotosProtected bool    `json:"photosProtected"` // true: the owner protects photos and has not accepted the viewer's request
	Badges          []Badge `json:"badges"`
	Contact         Contact `json:"contact"`
	// ContactAccess says whether the contact shows, and what viewing it takes.
	ContactAccess ContactAccess `json:"contactAccess"`
	Requests      Requests      `json:"requests"`
	DontShow      bool          `json:"dontShow"` // the viewer put this member on their "don't show" list
	// Invitation is the latest invitation between the viewer and this member, or null.
	Invitation *InvitationState `json:"invitation"`
	IsSelf     bool             `json:"isSelf"`
	LastActive string           `json:"lastActive"` // coarse: today, this_week, this_month, earlier
}

// Card is a member in a list (recent visitors, recently viewed; matches later).
type Card struct {
	ProfileID       string   `json:"profileID"`
	UserName        string   `json:"userName"`
	Gender          int      `json:"gender"`
	Age             int      `json:"age"`
	HeightCM        *int     `json:"heightCm"`
	Height          string   `json:"height"`
	MaritalStatus   string   `json:"maritalStatus"`
	Community       string   `json:"community"`
	MotherTongue    string   `json:"motherTongue"`
	Degree          string   `json:"degree"`
	Profession      string   `json:"profession"`
	City            string   `json:"city"`
	State           string   `json:"state"`
	Photos          []Photo  `json:"photos"` // at most the default photo
	PhotosProtected bool     `json:"photosProtected"`
	Badges          []string `json:"badges"` // kinds only: mobile, email, id, parish
	// Highlighted: the member's plan includes profile highlight (shown as a "Premium member" mark).
	Highlighted bool       `json:"highlighted"`
	ViewedAt    *time.Time `json:"viewedAt,omitempty"`
	ViewCount   int        `json:"viewCount,omitempty"`
	Since       *time.Time `json:"since,omitempty"` // blocked and "don't show" lists: when the mark was made
	// Invitation is set in the invitation lists: the invitation between the viewer and this member.
	Invitation *InvitationState `json:"invitation,omitempty"`

	internalID uint64 // profiles.id, for the lists that join more data onto cards
}

// Page is a page of a list with the total number of items.
type Page[T any] struct {
	Items []T   `json:"items"`
	Total int64 `json:"total"`
}
