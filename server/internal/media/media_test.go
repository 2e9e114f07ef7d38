package media_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/apperr"
	"github.com/tfmmatrimony/tfm/server/internal/media"
	"github.com/tfmmatrimony/tfm/server/internal/media/mediatest"
)

func TestInspect(t *testing.T) {
	ok := map[string]struct {
		data   []byte
		format string
	}{
		"OKJPEG": {mediatest.JPEG(320, 240), "jpeg"},
		"OKPNG":  {mediatest.PNG(300, 300), "png"},
		"OKWebP": {mediatest.WebP(), "webp"},
	}
	for name, c := range ok {
		t.Run(name, func(t *testing.T) {
			f, _, err := media.Inspect(c.data)
			if err != nil || f != c.format {
				t.Fatalf("format %q, err %v", f, err)
			}
		})
	}
	bad := map[string]struct {
		data []byte
		kind apperr.Kind
		msg  string
	}{
		"ErrEmpty":              {nil, apperr.Invalid, media.MsgImageRequired},
		"ErrGIFPolyglot":        {mediatest.GIFWithPHP(), apperr.Invalid, media.MsgNotAnImage},
		"ErrJPEGHeaderWithHTML": {mediatest.JPEGHeaderWithHTML(), apperr.Invalid, media.MsgNotAnImage},
		"ErrSVG":                {mediatest.SVG(), apperr.Invalid, media.MsgNotAnImage},
		"ErrPHPText":            {[]byte(mediatest.PHPPayload), apperr.Invalid, media.MsgNotAnImage},
		"ErrPixelBomb":          {mediatest.PNGHeaderOnly(20000, 20000), apperr.Invalid, media.MsgTooManyPixels},
		"ErrOneLongSide":        {mediatest.PNGHeaderOnly(8001, 200), apperr.Invalid, media.MsgTooManyPixels},
		"ErrTooManyMegapixels":  {mediatest.PNGHeaderOnly(7000, 7000), apperr.Invalid, media.MsgTooManyPixels},
		"ErrTooSmall":           {mediatest.JPEG(60, 300), apperr.Invalid, media.MsgTooFewPixels},
		"ErrOverTenMB":          {append(mediatest.JPEG(200, 200), make([]byte, media.MaxUploadBytes)...), apperr.TooLarge, media.MsgTooBig},
	}
	for name, c := range bad {
		t.Run(name, func(t *testing.T) {
			_, _, err := media.Inspect(c.data)
			e, ok := apperr.As(err)
			if !ok || e.Kind != c.kind || e.Message != c.msg || e.Fields["image"] != c.msg {
				t.Fatalf("got %v, want %s %q", err, c.kind, c.msg)
			}
		})
	}
}

func decodeJPEG(t *testing.T, b []byte) image.Image {
	t.Helper()
	if !bytes.HasPrefix(b, []byte{0xFF, 0xD8}) {
		t.Fatal("not a JPEG")
	}
	img, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestPhotoRenditions(t *testing.T) {
	p := media.NewProcessor(2)
	ctx := context.Background()
	t.Run("OKMetadataAndGPSStripped", func(t *testing.T) {
		in := mediatest.JPEGWithGPS(1200, 800, 1)
		if !bytes.Contains(in, []byte("Exif")) || !bytes.Contains(in, []byte(mediatest.GPSMarker)) {
			t.Fatal("the fixture must carry EXIF GPS")
		}
		small, large, err := p.Photo(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		for name, b := range map[string][]byte{"small": small, "large": large} {
			for _, bad := range []string{"Exif", mediatest.GPSMarker, "TFMPhone"} {
				if bytes.Contains(b, []byte(bad)) {
					t.Errorf("%s rendition still carries %q", name, bad)
				}
			}
		}
		if b := decodeJPEG(t, large).Bounds(); b.Dx() != 900 || b.Dy() != 600 {
			t.Errorf("large is %v, want 900x600", b)
		}
		if b := decodeJPEG(t, small).Bounds(); b.Dx() != 240 || b.Dy() != 160 {
			t.Errorf("small is %v, want 240x160", b)
		}
	})
	t.Run("OKOrientationApplied", func(t *testing.T) {
		_, large, err := p.Photo(ctx, mediatest.JPEGWithGPS(300, 200, 6))
		if err != nil {
			t.Fatal(err)
		}
		img := decodeJPEG(t, large)
		if b := img.Bounds(); b.Dx() != 200 || b.Dy() != 300 {
			t.Fatalf("turned image is %v, want 200x300", b)
		}
		// The red top-left quarter of the stored pixels is shown top-right after a clockwise turn.
		r, g, _, _ := img.At(150, 40).RGBA()
		if r>>8 < 180 || g>>8 > 90 {
			t.Errorf("top-right pixel is not red: r=%d g=%d", r>>8, g>>8)
		}
	})
	t.Run("OKNeverUpscales", func(t *testing.T) {
		small, large, err := p.Photo(ctx, mediatest.PNG(150, 120))
		if err != nil {
			t.Fatal(err)
		}
		if b := decodeJPEG(t, large).Bounds(); b.Dx() != 150 || b.Dy() != 120 {
			t.Errorf("large is %v", b)
		}
		if b := decodeJPEG(t, small).Bounds(); b.Dx() != 150 {
			t.Errorf("small is %v", b)
		}
	})
	t.Run("OKWebP", func(t *testing.T) {
		if _, _, err := p.Photo(ctx, mediatest.WebP()); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("OKTrailingScriptDropped", func(t *testing.T) {
		small, large, err := p.Photo(ctx, mediatest.JPEGWithTrailingPHP(400, 400))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(small, []byte("<?php")) || bytes.Contains(large, []byte("<?php")) {
			t.Fatal("the appended script survived re-encoding")
		}
	})
	t.Run("ErrPixelBombNotDecoded", func(t *testing.T) {
		if _, _, err := p.Photo(ctx, mediatest.PNGHeaderOnly(20000, 20000)); apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("OKProofKeepsDocumentSize", func(t *testing.T) {
		b, err := p.Proof(ctx, mediatest.JPEGWithGPS(2000, 1000, 1))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(mediatest.GPSMarker)) {
			t.Fatal("proof kept GPS")
		}
		if bd := decodeJPEG(t, b).Bounds(); bd.Dx() != media.ProofSide {
			t.Errorf("proof is %v", bd)
		}
	})
}

func TestJPEGOrientationIgnoresGarbage(t *testing.T) {
	for _, b := range [][]byte{nil, {0xFF, 0xD8}, {0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF}, append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x0A}, "Exif\x00\x00MM\x00"...)} {
		if o := media.JPEGOrientation(b); o != 1 {
			t.Errorf("orientation of %x = %d", b, o)
		}
	}
	if o := media.JPEGOrientation(mediatest.JPEGWithGPS(120, 120, 8)); o != 8 {
		t.Errorf("orientation = %d, want 8", o)
	}
}

func TestGrants(t *testing.T) {
	now := time.Date(2026, 5, 1, 10, 20, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	g := media.NewGrants(bytes.Repeat([]byte("s"), 32), clock)
	name := media.PhotoFileName(strings.Repeat("ab", 16), media.Large)
	signed := g.Sign("TM1234567", name)
	tok := signed[strings.Index(signed, "?g=")+3:]
	t.Run("OK", func(t *testing.T) {
		v, exp, err := g.Verify(name, tok)
		if err != nil || v != "TM1234567" {
			t.Fatalf("%q %v", v, err)
		}
		if exp.Sub(now) < media.GrantTTL || exp.Minute() != 0 {
			t.Errorf("expiry %v", exp)
		}
		if again := g.Sign("TM1234567", name); again != signed {
			t.Error("URLs must stay the same within the hour, for caching")
		}
	})
	t.Run("ViewerGrant", func(t *testing.T) {
		vt := g.SignViewer("TM1234567")
		for _, size := range []string{media.Small, media.Large} {
			f := media.PhotoFileName(strings.Repeat("cd", 16), size)
			if v, exp, err := g.Verify(f, vt); err != nil || v != "TM1234567" || exp.Sub(now) < media.GrantTTL {
				t.Fatalf("%s: %q %v %v", f, v, exp, err)
			}
		}
		if g.SignViewer("TM1234567") != vt {
			t.Error("viewer grants must stay the same within the hour, for caching")
		}
		if g.SignViewer("TM 1") != "" {
			t.Error("a malformed viewer got a grant")
		}
		forged := "TM7654321" + vt[strings.Index(vt, "."):]
		if _, _, err := g.Verify(name, forged); err == nil {
			t.Fatal("the viewer of a viewer grant is signed")
		}
		later := media.NewGrants(bytes.Repeat([]byte("s"), 32), func() time.Time { return now.Add(media.GrantTTL + 2*time.Hour) })
		if _, _, err := later.Verify(name, vt); err == nil {
			t.Fatal("expired viewer grant accepted")
		}
	})
	t.Run("ErrOtherFile", func(t *testing.T) {
		if _, _, err := g.Verify(media.PhotoFileName(strings.Repeat("ab", 16), media.Small), tok); err == nil {
			t.Fatal("a grant is for one file")
		}
	})
	t.Run("ErrOtherViewer", func(t *testing.T) {
		forged := "TM7654321" + tok[strings.Index(tok, "."):]
		if _, _, err := g.Verify(name, forged); err == nil {
			t.Fatal("the viewer is signed")
		}
	})
	t.Run("ErrOtherSecret", func(t *testing.T) {
		other := media.NewGrants(bytes.Repeat([]byte("t"), 32), clock)
		if _, _, err := other.Verify(name, tok); err == nil {
			t.Fatal("another key must not verify")
		}
	})
	t.Run("ErrExpired", func(t *testing.T) {
		later := media.NewGrants(bytes.Repeat([]byte("s"), 32), func() time.Time { return now.Add(media.GrantTTL + 2*time.Hour) })
		if _, _, err := later.Verify(name, tok); err == nil {
			t.Fatal("expired grant accepted")
		}
	})
	t.Run("ErrMalformed", func(t *testing.T) {
		for _, bad := range []string{"", "x", "a.b.c", "TM1.99999999999.zz", "TM 1.1.1"} {
			if _, _, err := g.Verify(name, bad); err == nil {
				t.Errorf("%q accepted", bad)
			}
		}
		if g.Sign("../x", name) != "" {
			t.Error("a malformed viewer must not be signed")
		}
	})
}

func TestDisk(t *testing.T) {
	root := t.TempDir()
	d := media.NewDisk(root)
	key, err := media.NewKey()
	if err != nil || !media.ValidKey(key) {
		t.Fatalf("key %q %v", key, err)
	}
	if err := d.SavePhoto(key, []byte("s"), []byte("l")); err != nil {
		t.Fatal(err)
	}
	p, _ := d.PhotoPath(key, media.Large)
	if p != filepath.Join(root, "photos", key[:2], key+"_large.jpg") {
		t.Fatalf("path %s", p)
	}
	if b, _ := os.ReadFile(p); string(b) != "l" {
		t.Fatal("content")
	}
	if err := d.SaveProof(key, []byte("proof")); err != nil {
		t.Fatal(err)
	}
	pp, _ := d.ProofPath(key)
	if strings.Contains(pp, string(filepath.Separator)+"photos"+string(filepath.Separator)) {
		t.Fatal("proofs must live outside the photo tree")
	}
	for _, bad := range []string{"", "../../etc/passwd", strings.Repeat("A", 32), key + "/x"} {
		if _, err := d.PhotoPath(bad, media.Large); err == nil {
			t.Errorf("key %q accepted", bad)
		}
		if _, err := d.ProofPath(bad); err == nil {
			t.Errorf("proof key %q accepted", bad)
		}
	}
	if err := d.RemovePhoto(key); err != nil {
		t.Fatal(err)
	}
	if err := d.RemovePhoto(key); err != nil {
		t.Fatal("removing twice is fine")
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatal("photo still there")
	}
	if _, _, ok := media.ParsePhotoFileName(key + "_large.jpg"); !ok {
		t.Fatal("parse")
	}
	for _, bad := range []string{key + "_huge.jpg", key + "_large.jpg.php", "x_large.jpg", key + "_large.png"} {
		if _, _, ok := media.ParsePhotoFileName(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestCover(t *testing.T) {
	p := media.NewProcessor(1)
	ctx := context.Background()
	t.Run("OKMetadataAndGPSStripped", func(t *testing.T) {
		in := mediatest.JPEGWithGPS(2400, 1200, 1)
		if !bytes.Contains(in, []byte(mediatest.GPSMarker)) {
			t.Fatal("the fixture must carry EXIF GPS")
		}
		b, err := p.Cover(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"Exif", mediatest.GPSMarker, "TFMPhone"} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("cover still carries %q", bad)
			}
		}
		if bd := decodeJPEG(t, b).Bounds(); bd.Dx() != media.CoverSide || bd.Dy() != 600 {
			t.Errorf("cover is %v, want 1200x600", bd)
		}
	})
	t.Run("OKOrientationApplied", func(t *testing.T) {
		b, err := p.Cover(ctx, mediatest.JPEGWithGPS(300, 200, 6))
		if err != nil {
			t.Fatal(err)
		}
		if bd := decodeJPEG(t, b).Bounds(); bd.Dx() != 200 || bd.Dy() != 300 {
			t.Fatalf("turned cover is %v, want 200x300", bd)
		}
	})
	t.Run("OKPNGAndWebPBecomeJPEG", func(t *testing.T) {
		for name, in := range map[string][]byte{"png": mediatest.PNG(640, 360), "webp": mediatest.WebP()} {
			b, err := p.Cover(ctx, in)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if bd := decodeJPEG(t, b).Bounds(); bd.Dx() > media.CoverSide {
				t.Errorf("%s: cover is %v", name, bd)
			}
		}
	})
	t.Run("OKTrailingScriptDropped", func(t *testing.T) {
		b, err := p.Cover(ctx, mediatest.JPEGWithTrailingPHP(400, 400))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte("<?php")) {
			t.Fatal("the appended script survived re-encoding")
		}
	})
	bad := map[string]struct {
		data []byte
		msg  string
	}{
		"ErrSVG":       {mediatest.SVG(), media.MsgNotAnImage},
		"ErrPolyglot":  {mediatest.GIFWithPHP(), media.MsgNotAnImage},
		"ErrPixelBomb": {mediatest.PNGHeaderOnly(20000, 20000), media.MsgTooManyPixels},
		"ErrTooSmall":  {mediatest.JPEG(60, 300), media.MsgTooFewPixels},
		"ErrEmpty":     {nil, media.MsgImageRequired},
	}
	for name, c := range bad {
		t.Run(name, func(t *testing.T) {
			_, err := p.Cover(ctx, c.data)
			if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid || e.Fields["image"] != c.msg {
				t.Fatalf("got %v, want %q", err, c.msg)
			}
		})
	}
}

func TestDiskCovers(t *testing.T) {
	root := t.TempDir()
	d := media.NewDisk(root)
	key, _ := media.NewKey()
	t.Run("OKSaveAndRemove", func(t *testing.T) {
		if err := d.SaveCover(key, []byte("cover")); err != nil {
			t.Fatal(err)
		}
		p, err := d.CoverPath(key)
		if err != nil || p != filepath.Join(root, "covers", key[:2], key+".jpg") {
			t.Fatalf("path %s %v", p, err)
		}
		if b, _ := os.ReadFile(p); string(b) != "cover" {
			t.Fatal("content")
		}
		if u := media.CoverURL(key); u != "/media/covers/"+key[:2]+"/"+key+".jpg" {
			t.Fatalf("url %s", u)
		}
		if err := d.RemoveCover(key); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Fatal("cover still there")
		}
		if err := d.RemoveCover(key); err != nil {
			t.Fatal("removing twice is fine")
		}
	})
	t.Run("ErrBadKey", func(t *testing.T) {
		for _, bad := range []string{"", "../../etc/passwd", strings.Repeat("A", 32), key + "/x"} {
			if _, err := d.CoverPath(bad); err == nil {
				t.Errorf("key %q accepted", bad)
			}
			if err := d.SaveCover(bad, []byte("x")); err == nil {
				t.Errorf("save with key %q accepted", bad)
			}
			if err := d.RemoveCover(bad); err == nil {
				t.Errorf("remove with key %q accepted", bad)
			}
			if media.CoverURL(bad) != "" {
				t.Errorf("url for key %q", bad)
			}
		}
	})
}
