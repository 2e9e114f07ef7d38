package profile

import (
	"time"

	"context"
	"github.com/tfmmatrimony/tfm/server/internal/content"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// MsgNothingToUpdate answers a body that changes nothing.
const MsgNothingToUpdate = "Nothing to update"

// Settings are the member's privacy and contact settings.
type Settings struct {
	PhotoVisibility   string `json:"photoVisibility"`   // all | protected
	ContactFilter     string `json:"contactFilter"`     // paid | verified | accepted
	ChatSetting       string `json:"chatSetting"`       // verified | accepted | nobody
	ShowInPublicLists bool   `json:"showInPublicLists"` // appear (first name, denomination, city) in the public premium list
	ContactPerson     string `json:"contactPerson"`     // shown with the number after a contact view
	ContactRelation   string `json:"contactRelation"`
	CallTime          string `json:"callTime"` // a convenient time to call, free text
}

// SettingsUpdate is PATCH profile/settings; absent fields stay as they are.
type SettingsUpdate struct {
	PhotoVisibility   *string `json:"photoVisibility"`
	ContactFilter     *string `json:"contactFilter"`
	ChatSetting       *string `json:"chatSetting"`
	ShowInPublicLists *bool   `json:"showInPublicLists"`
}

// ContactMeUpdate is PATCH profile/contact-me: who may see my contact and whom to ask for.
type ContactMeUpdate struct {
	ContactFilter   *string `json:"contactFilter"`
	ContactPerson   *string `json:"contactPerson"`
	ContactRelation *string `json:"contactRelation"`
	CallTime        *string `json:"callTime"`
}

// EmailAlerts are the e-mail alert categories the member receives (product.md "Notifications").
type EmailAlerts struct {
	Invitations  bool `json:"invitations"`  // an invitation received, accepted or declined
	Requests     bool `json:"requests"`     // a photo or phone request received or accepted
	ProfileViews bool `json:"profileViews"` // someone viewed my profile
	PlanExpiry   bool `json:"planExpiry"`   // my plan is about to expire
	Badges       bool `json:"badges"`       // a badge was granted
	Newsletter   bool `json:"newsletter"`   // news and success stories (off unless chosen)
	Matches      bool `json:"matches"`      // a digest of new matches
	// MatchDigest is how often the new-matches digest comes: DigestDaily or DigestWeekly.
	MatchDigest string `json:"matchDigest"`
}

// How often the new-matches digest comes.
const (
	DigestDaily  = "daily"
	DigestWeekly = "weekly"
)

// MsgDigestChoice refuses a matchDigest other than daily or weekly.
const MsgDigestChoice = "Choose daily or weekly"

// EmailAlertsUpdate is POST profile/email-alerts; absent categories stay as they are.
type EmailAlertsUpdate struct {
	Invitations  *bool   `json:"invitations"`
	Requests     *bool   `json:"requests"`
	ProfileViews *bool   `json:"profileViews"`
	PlanExpiry   *bool   `json:"planExpiry"`
	Badges       *bool   `json:"badges"`
	Newsletter   *bool   `json:"newsletter"`
	Matches      *bool   `json:"matches"`
	MatchDigest  *string `json:"matchDigest"`
}

// settingsRow is member_settings; a member without a row has its column defaults.
type settingsRow struct {
	ShowInPublic      bool
	ContactPerson     string
	ContactRelation   string
	CallTime          string
	AlertInvitations  bool
	AlertRequests     bool
	AlertProfileViews bool
	AlertPlanExpiry   bool
	AlertBadges       bool
	AlertNewsletter   bool
	AlertMatches      bool
	MatchDigest       string
}

var defaultSettings = settingsRow{ShowInPublic: true, AlertInvitations: true, AlertRequests: true,
	AlertProfileViews: true, AlertPlanExpiry: true, AlertBadges: true, AlertMatches: true, MatchDigest: DigestWeekly}

func (s *Service) settingsRow(db *gorm.DB, profileID uint64) (settingsRow, error) {
	var rows []settingsRow
	if err := db.Table("member_settings").Where("profile_id = ?", profileID).Limit(1).Find(&rows).Error; err != nil {
		return settingsRow{}, err
	}
	if len(rows) == 0 {
		return defaultSettings, nil
	}
	return rows[0], nil
}

// upsertSettings writes columns of the member's member_settings row, creating it when missing.
func (s *Service) upsertSettings(tx *gorm.DB, profileID uint64, cols map[string]any) error {
	cols["updated_at"] = s.clock()
	res := tx.Table("member_settings").Where("profile_id = ?", profileID).Updates(cols)
	if res.Error != nil || res.RowsAffected > 0 {
		return res.Error
	}
	var n int64
	if err := tx.Table("member_settings").Where("profile_id = ?", profileID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	ins := map[string]any{"profile_id": profileID}
	for k, v := range cols {
		ins[k] = v
	}
	err := tx.Table("member_settings").Create(ins).Error
	if store.IsUniqueViolation(err) { // a concurrent first write won; apply ours on top
		return tx.Table("member_settings").Where("profile_id = ?", profileID).Updates(cols).Error
	}
	return err
}

// Settings returns the member's privacy and contact settings.
func (s *Service) Settings(ctx context.Context, profileID uint64) (*Settings, error) {
	db := s.db.WithContext(ctx)
	var p struct{ PhotoVisibility, ContactFilter, ChatSetting string }
	res := db.Table("profiles").Select("photo_visibility, contact_filter, chat_setting").Where("id = ?", profileID).Limit(1).Scan(&p)
	if res.Error != nil {
		return nil, internal(res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, notFound()
	}
	ms, err := s.settingsRow(db, profileID)
	if err != nil {
		return nil, internal(err)
	}
	return &Settings{PhotoVisibility: p.PhotoVisibility, ContactFilter: p.ContactFilter, ChatSetting: p.ChatSetting,
		ShowInPublicLists: ms.ShowInPublic, ContactPerson: ms.ContactPerson, ContactRelation: ms.ContactRelation, CallTime: ms.CallTime}, nil
}

// UpdateSettings changes photo visibility, the contact filter, who may chat
// and whether the member appears in public lists.
func (s *Service) UpdateSettings(ctx context.Context, profileID uint64, in SettingsUpdate) (*Settings, error) {
	errs := map[string]string{}
	prof := map[string]any{}
	if in.PhotoVisibility != nil {
		if v := strings.TrimSpace(*in.PhotoVisibility); valid("photoVisibility", v) {
			prof["photo_visibility"] = v
		} else {
			errs["photoVisibility"] = "Please choose who can see your photos"
		}
	}
	if in.ContactFilter != nil {
		if v := strings.TrimSpace(*in.ContactFilter); valid("contactFilter", v) {
			prof["contact_filter"] = v
		} else {
			errs["contactFilter"] = "Please choose who can see your contact details"
		}
	}
	if in.ChatSetting != nil {
		if v := strings.TrimSpace(*in.ChatSetting); valid("chatSetting", v) {
			prof["chat_setting"] = v
		} else {
			errs["chatSetting"] = "Please choose who can chat with you"
		}
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "photoVisibility", "contactFilter", "chatSetting")
	}
	if len(prof) == 0 && in.ShowInPublicLists == nil {
		return nil, apperr.New(apperr.BadRequest, MsgNothingToUpdate)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if len(prof) > 0 {
			prof["updated_at"] = s.clock()
			if err := tx.Table("profiles").Where("id = ?", profileID).Updates(prof).Error; err != nil {
				return err
			}
		}
		if in.ShowInPublicLists != nil {
			return s.upsertSettings(tx, profileID, map[string]any{"show_in_public": *in.ShowInPublicLists})
		}
		return nil
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.Settings(ctx, profileID)
}

// UpdateContactMe changes the contact filter and the contact person shown with a contact view.
func (s *Service) UpdateContactMe(ctx context.Context, profileID uint64, in ContactMeUpdate) (*Settings, error) {
	errs := map[string]string{}
	cols := map[string]any{}
	if in.ContactPerson != nil {
		v := strings.Join(strings.Fields(*in.ContactPerson), " ")
		switch {
		case v == "":
		case !content.NamePattern.MatchString(v):
			errs["contactPerson"] = MsgNameLetters
		case utf8.RuneCountInString(v) < 3:
			errs["contactPerson"] = MsgNameMin
		case utf8.RuneCountInString(v) > 50:
			errs["contactPerson"] = "Maximum 50 characters allowed"
		}
		cols["contact_person"] = v
	}
	if in.ContactRelation != nil {
		v := strings.TrimSpace(*in.ContactRelation)
		if v != "" && !valid("contactRelation", v) {
			errs["contactRelation"] = "Please select a valid relation"
		}
		cols["contact_relation"] = v
	}
	if in.CallTime != nil {
		v := strings.Join(strings.Fields(*in.CallTime), " ")
		if m := checkText(v, 50, false); m != "" {
			errs["callTime"] = m
		}
		cols["call_time"] = v
	}
	var filter string
	if in.ContactFilter != nil {
		filter = strings.TrimSpace(*in.ContactFilter)
		if !valid("contactFilter", filter) {
			errs["contactFilter"] = "Please choose who can see your contact details"
		}
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "contactFilter", "contactPerson", "contactRelation", "callTime")
	}
	if len(cols) == 0 && in.ContactFilter == nil {
		return nil, apperr.New(apperr.BadRequest, MsgNothingToUpdate)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if in.ContactFilter != nil {
			if err := tx.Table("profiles").Where("id = ?", profileID).
				Updates(map[string]any{"contact_filter": filter, "updated_at": s.clock()}).Error; err != nil {
				return err
			}
		}
		if len(cols) > 0 {
			return s.upsertSettings(tx, profileID, cols)
		}
		return nil
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.Settings(ctx, profileID)
}

// EmailAlerts returns the member's e-mail alert choices.
func (s *Service) EmailAlerts(ctx context.Context, profileID uint64) (*EmailAlerts, error) {
	ms, err := s.settingsRow(s.db.WithContext(ctx), profileID)
	if err != nil {
		return nil, internal(err)
	}
	return &EmailAlerts{Invitations: ms.AlertInvitations, Requests: ms.AlertRequests, ProfileViews: ms.AlertProfileViews,
		PlanExpiry: ms.AlertPlanExpiry, Badges: ms.AlertBadges, Newsletter: ms.AlertNewsletter,
		Matches: ms.AlertMatches, MatchDigest: ms.MatchDigest}, nil
}

// WantsEmail reports whether the member wants e-mail alerts of category
// (invitations, requests, profileViews, planExpiry, badges, newsletter or matches);
// the notification area asks it before mailing.
func (s *Service) WantsEmail(ctx context.Context, profileID uint64, category string) (bool, error) {
	a, err := s.EmailAlerts(ctx, profileID)
	if err != nil {
		return false, err
	}
	return map[string]bool{"invitations": a.Invitations, "requests": a.Requests, "profileViews": a.ProfileViews,
		"planExpiry": a.PlanExpiry, "badges": a.Badges, "newsletter": a.Newsletter, "matches": a.Matches}[category], nil
}

// UpdateEmailAlerts turns e-mail alert categories on or off.
func (s *Service) UpdateEmailAlerts(ctx context.Context, profileID uint64, in EmailAlertsUpdate) (*EmailAlerts, error) {
	cols := map[string]any{}
	for col, v := range map[string]*bool{"alert_invitations": in.Invitations, "alert_requests": in.Requests,
		"alert_profile_views": in.ProfileViews, "alert_plan_expiry": in.PlanExpiry, "alert_badges": in.Badges,
		"alert_newsletter": in.Newsletter, "alert_matches": in.Matches} {
		if v != nil {
			cols[col] = *v
		}
	}
	if d := in.MatchDigest; d != nil {
		if *d != DigestDaily && *d != DigestWeekly {
			return nil, apperr.Validation(map[string]string{"matchDigest": MsgDigestChoice}, "matchDigest")
		}
		cols["match_digest"] = *d
	}
	if len(cols) == 0 {
		return nil, apperr.New(apperr.BadRequest, MsgNothingToUpdate)
	}
	if err := s.upsertSettings(s.db.WithContext(ctx), profileID, cols); err != nil {
		return nil, internal(err)
	}
	return s.EmailAlerts(ctx, profileID)
}

// MarkDigestSent records, in tx, that the member's new-matches digest went
// out at (the notification area's digest sweep asks it).
func (s *Service) MarkDigestSent(tx *gorm.DB, profileID uint64, at time.Time) error {
	return s.upsertSettings(tx, profileID, map[string]any{"last_digest_at": at})
}
