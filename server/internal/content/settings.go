package content

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// SocialLinks are the site's pages on the social networks; an empty one is not shown.
type SocialLinks struct {
	Facebook  string `json:"facebook"`
	Instagram string `json:"instagram"`
	Twitter   string `json:"twitter"`
	Youtube   string `json:"youtube"`
}

// OfficeAddress is the office's postal address.
type OfficeAddress struct {
	Line1   string `json:"line1"`
	Line2   string `json:"line2"`
	City    string `json:"city"`
	State   string `json:"state"`
	Pincode string `json:"pincode"`
	Country string `json:"country"`
}

// SettingsInput is the back office's edit of the site settings, in the shape
// GET /api/v1/common gives them.
type SettingsInput struct {
	SupportEmail  string        `json:"supportEmail"`
	ContactNo     []string      `json:"contactNo"`
	Whatsapp      string        `json:"whatsapp"`
	Social        SocialLinks   `json:"social"`
	OfficeAddress OfficeAddress `json:"officeAddress"`
	OfficeHours   string        `json:"officeHours"`
}

// The messages of the settings rules that are not plain lengths.
const (
	MsgContactCount = "Enter exactly three contact numbers"
	MsgContactNo    = "Write the number as +91 and its 10 digits, spaces allowed (+91 98400 21100)"
	MsgWhatsapp     = "Enter a WhatsApp link such as https://wa.me/919840021100"
	MsgPincode      = "Pincode must be 6 digits"
	MsgSocialPrefix = "Enter an https:// link on "
)

// ContactNumbers is how many contact numbers the site shows.
const ContactNumbers = 3

var (
	// contactNo is "+91" then digit groups separated by single spaces.
	contactNo = regexp.MustCompile(`^\+91( [0-9]+)+$`)
	// pincode is an Indian PIN: six digits, the first not 0.
	pincode = regexp.MustCompile(`^[1-9][0-9]{5}$`)
	// waNumber is the path of a wa.me link: the number in international form, digits only.
	waNumber = regexp.MustCompile(`^/[1-9][0-9]{7,14}$`)
)

// socialSites names the sites each social link must point to (or a subdomain of one).
var socialSites = []struct {
	field string
	sites []string
	label string
}{
	{"facebook", []string{"facebook.com"}, "facebook.com"},
	{"instagram", []string{"instagram.com"}, "instagram.com"},
	{"twitter", []string{"twitter.com", "x.com"}, "twitter.com or x.com"},
	{"youtube", []string{"youtube.com"}, "youtube.com"},
}

// httpsOn parses raw as an https URL without credentials or port and reports
// whether its host is one of sites or a subdomain of one.
func httpsOn(raw string, sites ...string) (*url.URL, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.User != nil || u.Port() != "" || u.Opaque != "" || len(raw) > 200 {
		return nil, false
	}
	host := strings.ToLower(u.Hostname())
	for _, s := range sites {
		if host == s || strings.HasSuffix(host, "."+s) {
			return u, true
		}
	}
	return nil, false
}

// clean trims the settings and checks every field; the field names of errors
// are JSON paths: "contactNo.1", "social.facebook", "officeAddress.pincode".
func (in *SettingsInput) clean() error {
	trim := strings.TrimSpace
	errs := map[string]string{}
	order := []string{"supportEmail", "contactNo"}

	in.SupportEmail = strings.ToLower(trim(in.SupportEmail))
	setErr(errs, "supportEmail", ValidateEmail(in.SupportEmail))

	if len(in.ContactNo) != ContactNumbers {
		errs["contactNo"] = MsgContactCount
	}
	for i := range in.ContactNo {
		in.ContactNo[i] = strings.Join(strings.Fields(in.ContactNo[i]), " ")
		field := "contactNo." + strconv.Itoa(i)
		order = append(order, field)
		n := in.ContactNo[i]
		if !contactNo.MatchString(n) || len(strings.ReplaceAll(n[3:], " ", "")) != 10 {
			errs[field] = MsgContactNo
		}
	}

	in.Whatsapp = trim(in.Whatsapp)
	order = append(order, "whatsapp")
	if u, ok := httpsOn(in.Whatsapp, "wa.me"); !ok || u.Hostname() != "wa.me" || !waNumber.MatchString(u.Path) || u.Fragment != "" {
		errs["whatsapp"] = MsgWhatsapp
	}

	links := map[string]*string{"facebook": &in.Social.Facebook, "instagram": &in.Social.Instagram,
		"twitter": &in.Social.Twitter, "youtube": &in.Social.Youtube}
	for _, s := range socialSites {
		p := links[s.field]
		*p = trim(*p)
		field := "social." + s.field
		order = append(order, field)
		if _, ok := httpsOn(*p, s.sites...); *p != "" && !ok {
			errs[field] = MsgSocialPrefix + s.label
		}
	}

	a := &in.OfficeAddress
	for _, f := range []struct {
		name, label string
		v           *string
		min         int
	}{
		{"line1", "Address line 1", &a.Line1, 1}, {"line2", "Address line 2", &a.Line2, 0},
		{"city", "City", &a.City, 1}, {"state", "State", &a.State, 1}, {"country", "Country", &a.Country, 1},
	} {
		*f.v = trim(*f.v)
		field := "officeAddress." + f.name
		order = append(order, field)
		setErr(errs, field, lengthMsg(*f.v, f.label, f.min, 200))
	}
	a.Pincode = trim(a.Pincode)
	order = append(order, "officeAddress.pincode")
	if !pincode.MatchString(a.Pincode) {
		errs["officeAddress.pincode"] = MsgPincode
	}

	in.OfficeHours = trim(in.OfficeHours)
	order = append(order, "officeHours")
	setErr(errs, "officeHours", lengthMsg(in.OfficeHours, "Office hours", 1, 120))

	for field, v := range map[string]string{"officeHours": in.OfficeHours, "officeAddress.line1": a.Line1,
		"officeAddress.line2": a.Line2, "officeAddress.city": a.City, "officeAddress.state": a.State, "officeAddress.country": a.Country} {
		if hasHTML(v) {
			setErr(errs, field, MsgHTMLNotAllowed)
		}
	}
	if len(errs) > 0 {
		return apperr.Validation(errs, order...)
	}
	return nil
}

// UpdateSettings validates every field of the site settings and saves them
// all through SaveSettings; GetSettings (GET /api/v1/common) shows them at
// once on every node, as nothing caches them. Errors: Invalid (per field, see
// SettingsInput.clean for the field names).
func (s *Service) UpdateSettings(ctx context.Context, in SettingsInput) (*Settings, error) {
	if err := in.clean(); err != nil {
		return nil, err
	}
	doc := map[string]json.RawMessage{}
	for k, v := range map[string]any{"supportEmail": in.SupportEmail, "contactNo": in.ContactNo, "whatsapp": in.Whatsapp,
		"social": in.Social, "officeAddress": in.OfficeAddress, "officeHours": in.OfficeHours} {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, apperr.Wrap(apperr.Internal, "Something went wrong, please try again", err)
		}
		doc[k] = b
	}
	if err := s.putSettings(ctx, doc); err != nil {
		return nil, err
	}
	return s.GetSettings(ctx)
}

// putSettings saves doc over what is stored. Two first saves of one key at
// once (two nodes) collide on the key; the loser's second try finds the row
// and updates it.
func (s *Service) putSettings(ctx context.Context, doc map[string]json.RawMessage) error {
	err := s.SaveSettings(ctx, doc, true)
	if store.IsUniqueViolation(err) {
		err = s.SaveSettings(ctx, doc, true)
	}
	return store.Translate(err, "", "")
}

// The run-time maintenance switch.
//
// It is a settings row (key maintenanceKey) so that every node reads the same
// switch, and the HTTP layer asks on every request; each Service keeps the
// value for MaintenanceTTL, so the hot path runs a query about once in that
// time per node. SetMaintenance updates its own node's copy at once; other
// nodes follow within MaintenanceTTL plus one query's time, under 2 seconds.
// The MAINTENANCE_MODE environment flag still forces maintenance on: the HTTP
// layer combines the two, this is only the stored switch.
const (
	maintenanceKey = "maintenanceMode"
	// MaintenanceTTL is how long a node trusts the value it read last.
	MaintenanceTTL = 1500 * time.Millisecond
)

// maintenanceCache is one node's copy of the switch. gen counts local writes,
// so a read that started before SetMaintenance cannot put the older value back.
type maintenanceCache struct {
	mu         sync.Mutex
	on, known  bool
	until      time.Time
	gen        uint64
	refreshing bool
}

// Maintenance reports whether the stored maintenance switch is on (false when
// it was never set). It reads the database at most about once per
// MaintenanceTTL per node: while one call refreshes the copy, the others
// answer the value read last rather than queue behind it. On a storage error
// it returns the value read last (false if none) with an Unavailable or
// Internal error, so the caller chooses how to fail.
func (s *Service) Maintenance(ctx context.Context) (bool, error) {
	c := &s.maint
	c.mu.Lock()
	now := time.Now()
	if c.known && (now.Before(c.until) || c.refreshing) {
		on := c.on
		c.mu.Unlock()
		return on, nil
	}
	c.refreshing = true
	gen, last := c.gen, c.on
	c.mu.Unlock()

	on, err := s.readMaintenance(ctx)

	c.mu.Lock()
	defer c.mu.Unlock()
	c.refreshing = false
	if err != nil {
		return last, err
	}
	if c.gen == gen {
		c.on, c.known, c.until = on, true, time.Now().Add(MaintenanceTTL)
	}
	return c.on, nil
}

// readMaintenance reads the stored switch; a missing row is off.
func (s *Service) readMaintenance(ctx context.Context) (bool, error) {
	var vals []string
	err := s.db.WithContext(ctx).Table("settings").Where("setting_key = ?", maintenanceKey).Limit(1).Pluck("value", &vals).Error
	if err != nil {
		return false, store.Translate(err, "", "")
	}
	if len(vals) == 0 {
		return false, nil
	}
	var on bool
	if err := json.Unmarshal([]byte(vals[0]), &on); err != nil {
		return false, apperr.Wrap(apperr.Internal, "The maintenance setting is unreadable", err)
	}
	return on, nil
}

// SetMaintenance stores the switch for every node and updates this node's
// copy at once; other nodes see it within MaintenanceTTL (under 2 seconds).
func (s *Service) SetMaintenance(ctx context.Context, on bool) error {
	v, _ := json.Marshal(on)
	if err := s.putSettings(ctx, map[string]json.RawMessage{maintenanceKey: v}); err != nil {
		return err
	}
	c := &s.maint
	c.mu.Lock()
	c.gen++
	c.on, c.known, c.until = on, true, time.Now().Add(MaintenanceTTL)
	c.mu.Unlock()
	return nil
}
