package roster

import (
	"context"
	"testing"

	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// TestEachGenderHasItsOrder: grooms and brides are kept in orders of their
// own, so a list scans only the gender it asks for.
func TestEachGenderHasItsOrder(t *testing.T) {
	db := storetest.SQLite(t)
	m := storetest.SeedMaster(t, db)
	for i := range 6 {
		storetest.NewMember(t, db, storetest.Person{Bride: i%2 == 0, Country: m.India})
	}
	r := New(db, nil)
	if err := r.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := r.snap.Load()
	for _, g := range []int{profile.GenderMale, profile.GenderFemale} {
		keys := s.byActive[genderSlot(int8(g))]
		if len(keys) != 3 || len(s.byID[genderSlot(int8(g))]) != 3 {
			t.Fatalf("gender %d: %d in the activity order, %d in the id order; want 3 each", g, len(keys), len(s.byID[genderSlot(int8(g))]))
		}
		for _, k := range keys {
			if int(s.entries.at(k.slot).gender) != g {
				t.Fatalf("gender %d's order holds a member of gender %d", g, s.entries.at(k.slot).gender)
			}
		}
	}
	if len(s.byActive[0]) != 0 {
		t.Fatalf("%d members in the order for other genders", len(s.byActive[0]))
	}
}
