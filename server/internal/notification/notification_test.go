package notification_test

import (
	"bytes"
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/dates"
	"github.com/tfmmatrimony/tfm/server/internal/event"
	"github.com/tfmmatrimony/tfm/server/internal/master"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/notification"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail/mailtest"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
	"github.com/tfmmatrimony/tfm/server/internal/relation"
	"github.com/tfmmatrimony/tfm/server/internal/store"
	"github.com/tfmmatrimony/tfm/server/internal/store/storetest"
)

// fixture is the notification area wired as app wires it, mailing through
// a real SMTP server (with STARTTLS) that the test started.
type fixture struct {
	db       *store.DB
	rel      *relation.Store
	outbox   *event.Outbox
	profiles *profile.Service
	svc      *notification.Service
	sink     *mailtest.Server
	now      time.Time
}

// digest is a Digester that names the members it is given.
type digest struct{ profiles *profile.Service }

func (d digest) NewMatches(ctx context.Context, viewerID uint64, viewerCode string, limit int) ([]profile.Card, error) {
	return d.profiles.Cards(ctx, viewerID, viewerCode, digestIDs)
}

var digestIDs []uint64

func newFixture(t *testing.T, db *store.DB, now time.Time) *fixture {
	t.Helper()
	f := &fixture{db: db, rel: relation.New(db), now: now}
	f.outbox = event.New(db, event.Options{Now: func() time.Time { return f.now }, Backoff: func(int) time.Duration { return time.Minute }})
	f.rel.SetEvents(f.outbox)
	secret := bytes.Repeat([]byte("s"), 32)
	dir := t.TempDir()
	var err error
	f.profiles, err = profile.New(profile.Deps{DB: db, Master: master.NewService(db), Relations: f.rel, Disk: media.NewDisk(dir),
		Images: media.NewProcessor(1), Grants: media.NewGrants(secret, nil), Events: f.outbox})
	if err != nil {
		t.Fatal(err)
	}
	f.sink = mailtest.Start(t, mailtest.WithSTARTTLS())
	f.svc, err = notification.New(notification.Deps{DB: db, Outbox: f.outbox, Profiles: f.profiles,
		Mail: mail.NewSMTP(f.sink.Config("TFM Matrimony <alerts@tfm.example>")), Matches: digest{f.profiles},
		Secret: secret, SiteURL: "https://tfm.example", BrandName: "TFM Matrimony", Now: func() time.Time { return f.now }})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) member(t *testing.T, p storetest.Person) storetest.Member {
	m := storetest.NewMember(t, f.db, p)
	f.db.Table("users").Where("id = ?", m.UserID).Update("email_verified_at", f.now)
	return m
}

func (f *fixture) deliver(t *testing.T) {
	for f.outbox.RunOnce(t.Context()) > 0 {
	}
}

// TestEmailAlertsOverSMTP: the alerts reach a real SMTP server with their
// unsubscribe headers; the category switches, the one-click unsubscribe and
// the verified-address rule are obeyed; a 4xx is retried with backoff.
func TestEmailAlertsOverSMTP(t *testing.T) {
	for dialect, db := range storetest.Engines(t) {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := t.Context()
			f := newFixture(t, db, time.Now().UTC().Truncate(time.Millisecond))
			bride := f.member(t, storetest.Person{Bride: true, Name: "Ann Thomas"})
			groom := f.member(t, storetest.Person{Name: "Biju Paul"})
			other := f.member(t, storetest.Person{Name: "Cyril John"})

			if _, err := f.rel.Invite(ctx, groom.ID, bride.ID); err != nil {
				t.Fatal(err)
			}
			f.deliver(t)
			got := f.sink.WaitFor(1, 5*time.Second)[0]
			if got.To[0] != bride.Email || !got.TLS || got.ParseErr != nil {
				t.Fatalf("envelope %+v", got)
			}
			if want := "Biju Paul (" + groom.Code + ") sent you an invitation | TFM Matrimony"; got.Subject != want {
				t.Fatalf("subject %q, want %q", got.Subject, want)
			}
			unsub := got.Header.Get("List-Unsubscribe")
			if got.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" || !strings.HasPrefix(unsub, "<https://tfm.example/api/v1/email/unsubscribe?t=") {
				t.Fatalf("headers %v", got.Header)
			}
			if !strings.Contains(got.Text, "Dear Ann Thomas") || !strings.Contains(got.Text, "https://tfm.example/inbox/received") ||
				!strings.Contains(got.Text, "https://tfm.example/unsubscribe?t=") || !strings.Contains(got.HTML, "Stop e-mails about Invitations") {
				t.Fatalf("bodies %q / %q", got.Text, got.HTML)
			}

			// One click (what the mail client posts) turns off invitations only.
			u, _ := url.Parse(strings.Trim(unsub, "<>"))
			res, err := f.svc.Unsubscribe(ctx, u.Query().Get("t"))
			if err != nil || res.Category != "invitations" {
				t.Fatalf("unsubscribe %+v %v", res, err)
			}
			if _, err := f.rel.Invite(ctx, other.ID, bride.ID); err != nil {
				t.Fatal(err)
			}
			if err := f.rel.Request(ctx, relation.KindPhoto, groom.ID, bride.ID); err != nil {
				t.Fatal(err)
			}
			f.deliver(t)
			msgs := f.sink.WaitFor(2, 5*time.Second)
			if len(msgs) != 2 || !strings.Contains(msgs[1].Subject, "asked to see your photos") {
				t.Fatalf("after unsubscribing from invitations: %d mails, last %q", len(msgs), msgs[len(msgs)-1].Subject)
			}

			// The settings page's switch is obeyed the same way.
			off := false
			if _, err := f.profiles.UpdateEmailAlerts(ctx, groom.ID, profile.EmailAlertsUpdate{Requests: &off}); err != nil {
				t.Fatal(err)
			}
			if err := f.rel.AnswerRequest(ctx, relation.KindPhoto, bride.ID, groom.ID, relation.RequestAccepted); err != nil {
				t.Fatal(err)
			}
			f.deliver(t)
			time.Sleep(50 * time.Millisecond)
			if n := len(f.sink.Messages()); n != 2 {
				t.Fatalf("mailed with requests switched off: %d", n)
			}

			// An unverified address gets no alerts (it may be someone else's).
			f.db.Table("users").Where("id = ?", other.UserID).Update("email_verified_at", nil)
			if err := f.rel.RespondInvitation(ctx, bride.ID, other.ID, relation.InviteAccepted); err != nil {
				t.Fatal(err)
			}
			f.deliver(t)
			time.Sleep(50 * time.Millisecond)
			if n := len(f.sink.Messages()); n != 2 {
				t.Fatalf("mailed an unverified address: %d", n)
			}

			// A temporary refusal is retried after the backoff, and sent once.
			f.sink.FailNext(1, 451)
			if err := f.rel.RespondInvitation(ctx, bride.ID, groom.ID, relation.InviteAccepted); err != nil {
				t.Fatal(err)
			}
			f.deliver(t)
			if n := len(f.sink.Messages()); n != 2 {
				t.Fatalf("a refused mail was recorded: %d", n)
			}
			f.now = f.now.Add(2 * time.Minute)
			f.deliver(t)
			msgs = f.sink.WaitFor(3, 5*time.Second)
			if len(msgs) != 3 || msgs[2].To[0] != groom.Email || !strings.Contains(msgs[2].Subject, "accepted your invitation") {
				t.Fatalf("after the retry: %d mails", len(msgs))
			}
		})
	}
}

// TestMatchDigest: the new-matches digest goes out in the morning (India),
// daily or weekly as chosen, once per period across sweeps, naming only the
// matches that joined since the last one, and not at all when off.
func TestMatchDigest(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := t.Context()
	morning := time.Date(2026, 11, 26, 8, 0, 0, 0, dates.India).UTC()
	f := newFixture(t, db, morning)
	bride := f.member(t, storetest.Person{Bride: true, Name: "Ann Thomas"})
	weekly := f.member(t, storetest.Person{Bride: true, Name: "Beena Joy"})
	off := f.member(t, storetest.Person{Bride: true, Name: "Celine Mary"})
	old := f.member(t, storetest.Person{Name: "Dany George", CreatedAt: morning.Add(-48 * time.Hour)})
	fresh := f.member(t, storetest.Person{Name: "Eby Jose", CreatedAt: morning.Add(-time.Hour)})
	digestIDs = []uint64{old.ID, fresh.ID}
	daily := profile.DigestDaily
	no := false
	f.profiles.UpdateEmailAlerts(ctx, bride.ID, profile.EmailAlertsUpdate{MatchDigest: &daily})
	f.profiles.UpdateEmailAlerts(ctx, off.ID, profile.EmailAlertsUpdate{Matches: &no})
	// The men have no matches to be told about: only the three brides matter here.
	for _, m := range []storetest.Member{old, fresh} {
		f.profiles.UpdateEmailAlerts(ctx, m.ID, profile.EmailAlertsUpdate{Matches: &no})
	}
	bad := "monthly"
	if _, err := f.profiles.UpdateEmailAlerts(ctx, bride.ID, profile.EmailAlertsUpdate{MatchDigest: &bad}); err == nil {
		t.Fatal("a monthly digest was accepted")
	}

	sweep := func() {
		t.Helper()
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		f.deliver(t)
	}
	sweep()
	sweep() // a second node's sweep, or the next tick
	msgs := f.sink.WaitFor(2, 5*time.Second)
	to := map[string]mailtest.Received{}
	for _, m := range msgs {
		to[m.To[0]] = m
	}
	if len(msgs) != 2 || to[bride.Email].Subject == "" || to[weekly.Email].Subject == "" {
		t.Fatalf("first digests: %d", len(msgs))
	}
	if m := to[bride.Email]; m.Subject != "2 new matches for you | TFM Matrimony" || !strings.Contains(m.Text, "Eby Jose ("+fresh.Code+")") ||
		!strings.Contains(m.Text, "https://tfm.example/matches/new-matches") || m.Header.Get("List-Unsubscribe") == "" {
		t.Fatalf("digest %q %q", m.Subject, m.Text)
	}

	// The next day only the daily member gets one, naming only who joined since.
	f.now = morning.Add(24 * time.Hour)
	newer := f.member(t, storetest.Person{Name: "Fred Mani", CreatedAt: f.now.Add(-time.Hour)})
	f.profiles.UpdateEmailAlerts(ctx, newer.ID, profile.EmailAlertsUpdate{Matches: &no})
	digestIDs = []uint64{old.ID, fresh.ID, newer.ID}
	sweep()
	msgs = f.sink.WaitFor(3, 5*time.Second)
	if m := msgs[2]; len(msgs) != 3 || m.To[0] != bride.Email || m.Subject != "1 new match for you | TFM Matrimony" || strings.Contains(m.Text, "Eby Jose") {
		t.Fatalf("second day: %d mails, last %q %q", len(msgs), m.Subject, m.Text)
	}

	// At night nothing goes out, whatever is due.
	f.now = time.Date(2026, 11, 28, 23, 0, 0, 0, dates.India).UTC()
	sweep()
	time.Sleep(50 * time.Millisecond)
	if n := len(f.sink.Messages()); n != 3 {
		t.Fatalf("mailed at night: %d", n)
	}
}
