package match

import (
	"context"
	"log/slog"
	"sort"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/directory"
	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store"
)

// TodayCount is how many matches a member is given each day.
const TodayCount = 10

// todayKeep is how long chosen days are kept; todayFresh is how many past
// days a new day's choice avoids repeating.
const (
	todayKeepDays  = 30
	todayFreshDays = 7
)

// day is the member's calendar day in India at now.
func day(now time.Time) string { return now.In(dates.India).Format(time.DateOnly) }

// Today serves POST profile/today-matchs: up to TodayCount of the member's
// matches, chosen at the first call of the day (India time) and kept, so a
// reload shows the same ones all day. A new day prefers members not shown in
// the last week. A member who becomes invisible to the viewer (a block, a
// hidden profile) leaves the day's list at once.
func (s *Service) Today(ctx context.Context, v Viewer) (*Page, error) {
	today := day(s.clock())
	chosen, err := s.todayRows(ctx, v.ID, today)
	if err != nil {
		return nil, err
	}
	if len(chosen) == 0 {
		if err := s.chooseToday(ctx, v, today); err != nil {
			return nil, err
		}
		if chosen, err = s.todayRows(ctx, v.ID, today); err != nil {
			return nil, err
		}
	}
	out := &Page{Items: []Card{}}
	if len(chosen) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(chosen))
	viewed := make(map[uint64]bool, len(chosen))
	for i, c := range chosen {
		ids[i], viewed[c.MatchID] = c.MatchID, c.ViewedAt != nil
	}
	cards, err := s.todayCards(ctx, v, ids)
	if err != nil {
		return nil, err
	}
	for i := range cards {
		seen := viewed[cards[i].InternalID()]
		cards[i].Viewed = &seen
	}
	out.Items, out.Total = cards, int64(len(cards))
	return out, nil
}

// todayCards builds the cards of the day's members the viewer may still
// see, in the day's order. Why they match comes from the viewer's kept My
// matches list when it still holds them all (the day was chosen from it),
// else from judging them again.
func (s *Service) todayCards(ctx context.Context, v Viewer, ids []uint64) ([]Card, error) {
	if s.cache != nil {
		if st, err := s.stamp(ctx, v.ID); err != nil {
			return nil, err
		} else if l, ok := s.cache.get(st.key(v.ID, My)); ok {
			at := make(map[uint64]*cachedItem, len(l.items))
			for i := range l.items {
				at[l.items[i].id] = &l.items[i]
			}
			ranked := make([]Ranked, 0, len(ids))
			for _, id := range ids {
				if it, ok := at[id]; ok {
					ranked = append(ranked, it.ranked())
				}
			}
			if len(ranked) == len(ids) {
				base, _, err := s.profiles.CardsWith(ctx, v.ID, v.Code, ids, profile.CardOptions{VisibleOnly: true, Invitations: true})
				if err != nil {
					return nil, err
				}
				return s.wrap(base, ranked), nil
			}
		}
	}
	sk, err := s.seeker(ctx, v)
	if err != nil {
		return nil, err
	}
	var facts []directory.Facts
	// The visibility scope alone: these are the viewer's matches already, and
	// a gender condition beside the ids lets SQLite walk a gender index
	// instead of reading ten rows by key.
	if err := directory.Members(s.db.WithContext(ctx), v.ID).Where("p.id IN ?", ids).Select(directory.FactsColumns).Scan(&facts).Error; err != nil {
		return nil, store.Translate(err, "", "")
	}
	ranked, err := s.rank(ctx, sk, roster.Candidates{Facts: facts}, func(Verdict, Verdict) bool { return true })
	if err != nil {
		return nil, err
	}
	pos := make(map[uint64]int, len(ids))
	for i, id := range ids {
		pos[id] = i
	}
	sort.SliceStable(ranked, func(a, b int) bool { return pos[ranked[a].Facts.ID] < pos[ranked[b].Facts.ID] })
	return s.Cards(ctx, v, ranked)
}

type todayRow struct {
	MatchID  uint64
	ViewedAt *time.Time
}

func (s *Service) todayRows(ctx context.Context, viewerID uint64, today string) ([]todayRow, error) {
	var rows []todayRow
	err := s.db.WithContext(ctx).Table("daily_matches").Select("match_id, viewed_at").
		Where("profile_id = ? AND day = ?", viewerID, today).Order("position").Find(&rows).Error
	return rows, store.Translate(err, "", "")
}

// chooseToday picks and stores the day's matches: the best-ranked of My
// matches not shown in the last week, topped up with earlier ones when there
// are too few. Two first calls at once store one choice: the second insert
// fails on the primary key and the caller reads the first one's.
func (s *Service) chooseToday(ctx context.Context, v Viewer, today string) error {
	l, err := s.list(ctx, v, My)
	if err != nil || len(l.items) == 0 {
		return err
	}
	db := s.db.WithContext(ctx)
	since := day(s.clock().AddDate(0, 0, -todayFreshDays))
	var recent []uint64
	if err := db.Table("daily_matches").Where("profile_id = ? AND day >= ?", v.ID, since).Pluck("match_id", &recent).Error; err != nil {
		return store.Translate(err, "", "")
	}
	shown := make(map[uint64]bool, len(recent))
	for _, id := range recent {
		shown[id] = true
	}
	var pick []uint64
	for pass := 0; pass < 2 && len(pick) < TodayCount; pass++ {
		for _, it := range l.items {
			if len(pick) == TodayCount {
				break
			}
			if (pass == 0) != shown[it.id] { // fresh ones first, then the rest
				pick = append(pick, it.id)
			}
		}
	}
	rows := make([]map[string]any, len(pick))
	for i, id := range pick {
		rows[i] = map[string]any{"profile_id": v.ID, "day": today, "match_id": id, "position": i}
	}
	// One multi-row INSERT: all ten or none. The old days are pruned after,
	// on their own: in one transaction with the insert, MySQL's gap locks
	// made concurrent first calls of different members deadlock.
	err = db.Table("daily_matches").Create(rows).Error
	if store.IsUniqueViolation(err) {
		return nil
	}
	if err != nil {
		return store.Translate(err, "", "")
	}
	if err := db.Exec("DELETE FROM daily_matches WHERE profile_id = ? AND day < ?", v.ID,
		day(s.clock().AddDate(0, 0, -todayKeepDays))).Error; err != nil {
		slog.WarnContext(ctx, "pruning old daily matches", "error", err) // kept for the next day's try
	}
	return nil
}

// MarkTodayViewed serves PATCH profile/today-viewed-matchs: it marks the
// given members of today's matches as viewed (all of today's when codes is
// empty) and returns how many it marked.
func (s *Service) MarkTodayViewed(ctx context.Context, v Viewer, codes []string) (int64, error) {
	q := s.db.WithContext(ctx).Table("daily_matches").
		Where("profile_id = ? AND day = ? AND viewed_at IS NULL", v.ID, day(s.clock()))
	if len(codes) > 0 {
		q = q.Where("match_id IN (SELECT id FROM profiles WHERE profile_code IN ?)", codes)
	}
	res := q.Update("viewed_at", s.clock())
	return res.RowsAffected, store.Translate(res.Error, "", "")
}
