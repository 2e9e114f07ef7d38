package match

import (
	"context"
	"fmt"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/directory/roster"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// StampTimes reads a member's stamps as the kept lists read them, for the tests.
func (s *Service) StampTimes(ctx context.Context, id uint64) (profileAt, prefAt time.Time, err error) {
	st, err := s.stamp(ctx, id)
	return st.profileAt, st.prefAt, err
}

// CriteriaKeys are the preference keys in the order of a verdict's bits, for the tests.
func CriteriaKeys() []string {
	out := make([]string, len(criteria))
	for i, c := range criteria {
		out[i] = c.key
	}
	return out
}

// TheirVerdicts judges v against the saved preferences of every member of
// the other gender the roster holds, two ways: from the roster's compact
// entries (roster.Wish) and from the preferences unpacked
// (roster.Preferences, then evaluate). It returns how many saved
// preferences it compared, and each verdict that differs.
func (s *Service) TheirVerdicts(ctx context.Context, v Viewer) (compared int, diffs []string, err error) {
	sk, err := s.seeker(ctx, v)
	if err != nil {
		return 0, nil, err
	}
	w, ok := s.roster.Window(&roster.Query{Gender: sk.other}, 1<<20)
	if !ok {
		return 0, nil, fmt.Errorf("roster not ready")
	}
	ageOfMe := profile.AgeOn(sk.facts.DOB, sk.j.now)
	wishes := w.Wishes(&sk.facts, ageOfMe)
	ids := make([]uint64, len(w.Facts))
	for i, f := range w.Facts {
		ids[i] = f.ID
	}
	prefs, _ := s.roster.Preferences(ids)
	for i, id := range ids {
		p := prefs[id]
		if (p != nil) != wishes[i].Saved {
			diffs = append(diffs, fmt.Sprintf("member %d: wish saved %v, preferences %v", id, wishes[i].Saved, p != nil))
			continue
		}
		if p == nil {
			continue
		}
		compared++
		if a, b := sk.j.byWish(&wishes[i], &sk.facts, ageOfMe), sk.j.evaluate(p, &sk.facts); a != b {
			diffs = append(diffs, fmt.Sprintf("member %d: from the roster %+v, unpacked %+v (preferences %+v)", id, a, b, *p))
		}
	}
	return compared, diffs, nil
}
