package seed

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"time"

	"gorm.io/gorm"

	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/profile"
)

// demoBackOffice gives the back office something to work on: ID and parish
// proofs waiting in the moderators' queue (brides 038 and 039, groom 038),
// one rejected proof (groom 039), two open reports (bride 040 about groom
// 040, groom 041 about bride 041; each reporter blocked and hid the other, as
// a real report does) and contact-us messages, one of them answered. No
// browser test uses these members. Rows that exist are left alone, so a
// second seeding adds nothing.
func (s *Seeder) demoBackOffice(ctx context.Context) error {
	db := s.DB.WithContext(ctx)
	id := func(who string) (uint64, error) {
		var pid uint64
		err := db.Table("profiles p").Joins("JOIN users u ON u.id = p.user_id").
			Where("u.email = ?", "demo."+who+"@demo.tfmmatrimony.in").Pluck("p.id", &pid).Error
		return pid, err
	}
	now := time.Now().UTC()
	disk := media.NewDisk(s.MediaDir)
	for i, p := range []struct{ who, kind, status, note string }{
		{"bride.038", profile.ProofID, "pending", ""},
		{"bride.039", profile.ProofParish, "pending", ""},
		{"groom.038", profile.ProofID, "pending", ""},
		{"groom.039", profile.ProofParish, "rejected", "The parish seal is not readable. Please upload a clearer photo of the letter."},
	} {
		pid, err := id(p.who)
		if err != nil || pid == 0 {
			return err
		}
		var n int64
		if err := db.Table("profile_proofs").Where("profile_id = ? AND kind = ?", pid, p.kind).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		key, err := media.NewKey()
		if err != nil {
			return err
		}
		img, err := proofCard(p.kind, i)
		if err != nil {
			return err
		}
		if err := disk.SaveProof(key, img); err != nil {
			return err
		}
		row := map[string]any{"profile_id": pid, "kind": p.kind, "file_key": key, "status": p.status, "note": p.note,
			"uploaded_at": now.Add(-time.Duration(26-i*5) * time.Hour)}
		if p.status != "pending" {
			row["reviewed_at"] = now.Add(-2 * time.Hour)
		}
		if err := db.Table("profile_proofs").Create(row).Error; err != nil {
			return err
		}
	}

	for i, r := range []struct{ from, about, reason, details string }{
		{"bride.040", "groom.040", "fake", "The photos look like a model's, and he asked me to move to WhatsApp at once."},
		{"groom.041", "bride.041", "money", "She asked me to pay a visa fee before we could talk to her parents."},
	} {
		from, err := id(r.from)
		if err != nil || from == 0 {
			return err
		}
		about, err := id(r.about)
		if err != nil || about == 0 {
			return err
		}
		var n int64
		if err := db.Table("reports").Where("reporter_id = ? AND reported_id = ?", from, about).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		at := now.Add(-time.Duration(5+i*3) * time.Hour)
		err = db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Table("reports").Create(map[string]any{"reporter_id": from, "reported_id": about, "kind": "profile",
				"reason": r.reason, "details": r.details, "status": "open", "created_at": at}).Error; err != nil {
				return err
			}
			if err := tx.Table("blocks").Create(map[string]any{"blocker_id": from, "blocked_id": about, "created_at": at}).Error; err != nil {
				return err
			}
			return tx.Table("dont_shows").Create(map[string]any{"profile_id": from, "target_id": about, "created_at": at}).Error
		})
		if err != nil {
			return err
		}
	}

	for i, m := range []struct{ name, email, phone, subject, message, status string }{
		{"Mary Joseph", "mary.joseph@example.in", "9847012345", "Profile for my son",
			"I run my son's profile. Can I add a second phone number so that his father also gets the calls?", "new"},
		{"Sunil Thomas", "sunil.thomas@example.in", "", "Payment taken twice",
			"My card was charged twice for the Classic plan this morning. Please refund one of them.", "new"},
		{"Grace Daniel", "grace.daniel@example.in", "9443012345", "Parish letter",
			"Which parish letter do you accept for the Parish verified badge?", "answered"},
	} {
		var n int64
		if err := db.Table("contact_messages").Where("email = ? AND subject = ?", m.email, m.subject).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		at := now.Add(-time.Duration(30-i*9) * time.Hour)
		row := map[string]any{"name": m.name, "email": m.email, "phone": m.phone, "subject": m.subject, "message": m.message,
			"status": m.status, "created_at": at, "updated_at": at}
		if m.status == "answered" {
			row["answered_at"], row["updated_at"] = at.Add(3*time.Hour), at.Add(3*time.Hour)
			row["admin_note"] = "Answered by e-mail: a letter on the parish letterhead, signed and sealed by the parish priest."
		}
		if err := db.Table("contact_messages").Create(row).Error; err != nil {
			return err
		}
	}
	return nil
}

// proofCard draws a plain stand-in for a proof document (an ID card or a
// parish letter) as a JPEG: coloured band, a photo box, lines of "text".
func proofCard(kind string, variant int) ([]byte, error) {
	w, h := 900, 560
	band := color.RGBA{0x2f, 0x5d, 0x62, 255}
	if kind == profile.ProofParish {
		w, h = 640, 880
		band = color.RGBA{0x6b, 0x15, 0x31, 255}
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{0xf7, 0xf3, 0xea, 255}}, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 0, w, h/7), &image.Uniform{band}, image.Point{}, draw.Src)
	ink := &image.Uniform{color.RGBA{0x55, 0x55, 0x5a, 255}}
	left := 40
	if kind == profile.ProofID {
		draw.Draw(img, image.Rect(40, h/7+40, 240, h/7+280), &image.Uniform{color.RGBA{0xc9, 0xbf, 0xb0, 255}}, image.Point{}, draw.Src)
		left = 280
	}
	for line := 0; line < 8; line++ {
		y := h/7 + 50 + line*44
		right := w - 60 - ((line*37 + variant*53) % 160)
		draw.Draw(img, image.Rect(left, y, right, y+14), ink, image.Point{}, draw.Src)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
