package profile

// Marital statuses (product.md "Profile").
const (
	NeverMarried = "never_married"
	Divorced     = "divorced"
	Widowed      = "widowed"
	Separated    = "separated"
	Annulled     = "annulled"
)

// Photo visibility values (profiles.photo_visibility).
const (
	PhotosAll       = "all"       // every member sees the photos (the default)
	PhotosProtected = "protected" // only members whose photo request the owner accepted
)

// Contact filter values (profiles.contact_filter): who may see my full contact with a contact view.
const (
	ContactPaid     = "paid"     // any member on a paid plan (the default)
	ContactVerified = "verified" // paid members whose mobile number is verified
	ContactAccepted = "accepted" // paid members with whom an invitation is mutually accepted
)

// Chat settings (profiles.chat_setting): who may start a chat with me (product.md "Chat").
const (
	ChatVerified = "verified" // any verified member (the default)
	ChatAccepted = "accepted" // members whose invitation I accepted
	ChatNobody   = "nobody"
)

// Proof kinds and verdicts.
const (
	ProofID     = "id"     // an identity document
	ProofParish = "parish" // a letter from the parish

	ProofPending  = "pending"
	ProofVerified = "verified"
	ProofRejected = "rejected"
)

// Option is one value of a fixed list with its label, as the client shows it.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Enums are the fixed lists a profile field or preference takes its value from;
// GET profile/options serves them so the client shows the same labels.
var Enums = map[string][]Option{
	"maritalStatus": {{NeverMarried, "Never married"}, {Divorced, "Divorced"}, {Widowed, "Widowed"},
		{Separated, "Separated"}, {Annulled, "Annulled"}},
	"createdBy": {{"self", "Self"}, {"parent", "Parent"}, {"sibling", "Sibling"}, {"relative", "Relative"},
		{"friend", "Friend"}},
	"physicalStatus": {{"normal", "Normal"}, {"physically_challenged", "Physically challenged"}},
	"faithPractice": {{"devout", "Devout"}, {"regular", "Regular church-goer"}, {"occasional", "Occasional"},
		{"rarely", "Rarely"}},
	"diet": {{"vegetarian", "Vegetarian"}, {"eggetarian", "Eggetarian"}, {"non_vegetarian", "Non-vegetarian"},
		{"vegan", "Vegan"}},
	"smoking":         {{"no", "No"}, {"occasionally", "Occasionally"}, {"yes", "Yes"}},
	"drinking":        {{"no", "No"}, {"occasionally", "Occasionally"}, {"yes", "Yes"}},
	"familyType":      {{"nuclear", "Nuclear family"}, {"joint", "Joint family"}},
	"familyValues":    {{"traditional", "Traditional"}, {"moderate", "Moderate"}, {"liberal", "Liberal"}},
	"photoVisibility": {{PhotosAll, "All members"}, {PhotosProtected, "Only members whose photo request I accept"}},
	"contactFilter":   {{ContactPaid, "Any member on a paid plan"}, {ContactVerified, "Paid members with a verified mobile number"}, {ContactAccepted, "Paid members whose invitation is accepted"}},
	"chatSetting":     {{ChatVerified, "Any verified member"}, {ChatAccepted, "Members I accepted"}, {ChatNobody, "Nobody"}},
	"proofKind":       {{ProofID, "ID proof"}, {ProofParish, "Parish letter"}},
	"contactRelation": {{"self", "Self"}, {"father", "Father"}, {"mother", "Mother"}, {"brother", "Brother"}, {"sister", "Sister"}, {"guardian", "Guardian"}, {"relative", "Relative"}},
}

// CreatedByOptions are the accepted "profile created by" values (the same as registration's).
var CreatedByOptions = values("createdBy")

func values(enum string) []string {
	var out []string
	for _, o := range Enums[enum] {
		out = append(out, o.Value)
	}
	return out
}

// ValidEnum reports whether v is a value of the fixed list enum (a key of Enums).
func ValidEnum(enum, v string) bool { return valid(enum, v) }

// valid reports whether v is a value of enum.
func valid(enum, v string) bool {
	for _, o := range Enums[enum] {
		if o.Value == v {
			return true
		}
	}
	return false
}

// label returns the label of v in enum, or "" when v is not one of its values.
func label(enum, v string) string {
	for _, o := range Enums[enum] {
		if o.Value == v {
			return o.Label
		}
	}
	return ""
}
