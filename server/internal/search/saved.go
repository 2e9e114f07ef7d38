package search

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/match"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"gorm.io/gorm"
)

// Saved-search limits and messages.
const (
	MaxSaved         = 10
	MaxNameLen       = 40
	MsgNameRequired  = "Please give this search a name"
	MsgNameTooLong   = "Please use at most 40 characters"
	MsgNameTaken     = "You already have a saved search with this name"
	MsgTooManySaved  = "You can keep 10 saved searches. Please delete one first"
	MsgSavedNotFound = "Saved search not found"
	MsgKind          = "Please choose basic or advance"
)

// Saved is a member's saved search.
type Saved struct {
	ID        uint64    `json:"id"`
	Name      string    `json:"name"`
	Kind      string    `json:"kind"` // basic or advance
	Filter    Filter    `json:"filter"`
	CreatedAt time.Time `json:"createdAt"`
}

// SaveRequest is POST profile/search/save.
type SaveRequest struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Filter Filter `json:"filter"`
}

type savedRow struct {
	ID        uint64
	ProfileID uint64
	Name      string
	Kind      string
	Filter    string
	CreatedAt time.Time
}

func (r savedRow) saved() Saved {
	out := Saved{ID: r.ID, Name: r.Name, Kind: r.Kind, CreatedAt: r.CreatedAt.UTC()}
	_ = json.Unmarshal([]byte(r.Filter), &out.Filter) // written by Save from a Filter
	out.Filter.normalize(r.Kind)
	return out
}

// Save validates and stores a named search for the member (at most MaxSaved,
// names unique per member, ignoring case).
func (s *Service) Save(ctx context.Context, profileID uint64, in SaveRequest) (*Saved, error) {
	in.Name = strings.Join(strings.Fields(in.Name), " ")
	errs := map[string]string{}
	switch n := len([]rune(in.Name)); {
	case n == 0:
		errs["name"] = MsgNameRequired
	case n > MaxNameLen:
		errs["name"] = MsgNameTooLong
	}
	if in.Kind != Basic && in.Kind != Advance {
		errs["kind"] = MsgKind
	}
	if len(errs) > 0 {
		return nil, apperr.Validation(errs, "name", "kind")
	}
	in.Filter.normalize(in.Kind)
	if err := s.Validate(ctx, &in.Filter); err != nil {
		return nil, err
	}
	body, _ := json.Marshal(in.Filter)
	row := savedRow{ProfileID: profileID, Name: in.Name, Kind: in.Kind, Filter: string(body),
		CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// The member's row lock serialises saves, so two at once cannot pass the limit.
		if err := tx.Exec("UPDATE profiles SET updated_at = updated_at WHERE id = ?", profileID).Error; err != nil {
			return err
		}
		var names []string
		if err := tx.Table("saved_searches").Where("profile_id = ?", profileID).Pluck("name", &names).Error; err != nil {
			return err
		}
		for _, n := range names {
			if strings.EqualFold(n, in.Name) {
				return apperr.Validation(map[string]string{"name": MsgNameTaken}, "name")
			}
		}
		if len(names) >= MaxSaved {
			return apperr.Validation(map[string]string{"name": MsgTooManySaved}, "name")
		}
		return tx.Table("saved_searches").Create(&row).Error
	})
	if err != nil {
		if store.IsUniqueViolation(err) {
			return nil, apperr.Validation(map[string]string{"name": MsgNameTaken}, "name")
		}
		return nil, store.Translate(err, "", "")
	}
	out := row.saved()
	return &out, nil
}

// List returns the member's saved searches, newest first.
func (s *Service) List(ctx context.Context, profileID uint64) ([]Saved, error) {
	var rows []savedRow
	if err := s.db.WithContext(ctx).Table("saved_searches").Where("profile_id = ?", profileID).
		Order("id DESC").Find(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	out := make([]Saved, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.saved())
	}
	return out, nil
}

// Run runs the member's saved search id (POST profile/search-matchs/{id});
// another member's id is NotFound, as an unknown one.
func (s *Service) Run(ctx context.Context, v match.Viewer, id uint64, pg match.PageRequest) (*match.Page, error) {
	var rows []savedRow
	if err := s.db.WithContext(ctx).Table("saved_searches").Where("id = ? AND profile_id = ?", id, v.ID).
		Limit(1).Find(&rows).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	if len(rows) == 0 {
		return nil, apperr.New(apperr.NotFound, MsgSavedNotFound)
	}
	sv := rows[0].saved()
	return s.Search(ctx, v, sv.Kind, Request{Filter: sv.Filter, PageRequest: pg})
}

// Delete removes the member's saved search id (PATCH profile/search/delete/{id}).
func (s *Service) Delete(ctx context.Context, profileID, id uint64) error {
	res := s.db.WithContext(ctx).Exec("DELETE FROM saved_searches WHERE id = ? AND profile_id = ?", id, profileID)
	if res.Error != nil {
		return store.Translate(res.Error, "", "")
	}
	if res.RowsAffected == 0 {
		return apperr.New(apperr.NotFound, MsgSavedNotFound)
	}
	return nil
}
