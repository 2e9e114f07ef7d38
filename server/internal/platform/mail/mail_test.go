package mail_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail/mailtest"
)

// unsubscribe are the RFC 2369 / RFC 8058 headers the alert mails carry.
var unsubscribe = map[string]string{
	"List-Unsubscribe":      "<https://tfmmatrimony.in/u/alerts?t=abc.DEF_123-x%3D>, <mailto:unsubscribe@tfmmatrimony.in?subject=unsubscribe%20abc>",
	"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
}

func TestBuild(t *testing.T) {
	t.Run("OKTextOnly", func(t *testing.T) {
		b, err := mail.Build("TFM <a@b.in>", mail.Message{To: "x@y.in", Subject: "Hello ✓", Text: "Hi"}, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if !strings.Contains(s, "To: x@y.in\r\n") || !strings.Contains(s, "=?utf-8?q?Hello_=E2=9C=93?=") || strings.Contains(s, "multipart") {
			t.Fatal(s)
		}
	})
	t.Run("OKMultipartWithHTML", func(t *testing.T) {
		b, err := mail.Build("a@b.in", mail.Message{To: "x@y.in", Subject: "S", Text: "T", HTML: "<p>H</p>"}, time.Now())
		if err != nil || !strings.Contains(string(b), "multipart/alternative") || !strings.Contains(string(b), "text/html") {
			t.Fatalf("%v\n%s", err, b)
		}
	})
	t.Run("OKHeadersSortedAfterStandardOnes", func(t *testing.T) {
		h := map[string]string{"X-B": "2", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "X-A": "1", "List-Unsubscribe": "<https://x.in/u>"}
		b, err := mail.Build("a@b.in", mail.Message{To: "x@y.in", Subject: "S", Text: "T", HTML: "<p>H</p>", Headers: h}, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		head, _, _ := strings.Cut(string(b), "\r\n\r\n")
		want := "MIME-Version: 1.0\r\nList-Unsubscribe: <https://x.in/u>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\nX-A: 1\r\nX-B: 2\r\nContent-Type: multipart/alternative;"
		if !strings.Contains(head, want) {
			t.Fatalf("header block:\n%s", head)
		}
		again, _ := mail.Build("a@b.in", mail.Message{To: "x@y.in", Subject: "S", Text: "T", Headers: h}, time.Unix(0, 0))
		for range 5 {
			if b2, _ := mail.Build("a@b.in", mail.Message{To: "x@y.in", Subject: "S", Text: "T", Headers: h}, time.Unix(0, 0)); !bytes.Equal(b2, again) {
				t.Fatal("Build is not deterministic")
			}
		}
	})
	t.Run("OKLongValueUnder998", func(t *testing.T) {
		name := strings.Repeat("X", 76)
		b, err := mail.Build("a@b.in", mail.Message{To: "x@y.in", Subject: "S", Text: "T", Headers: map[string]string{name: strings.Repeat("v", mail.MaxHeaderValue)}}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\r\n") {
			if len(l) > 998 {
				t.Fatalf("line of %d bytes", len(l))
			}
		}
	})
	t.Run("ErrHeaderInjection", func(t *testing.T) {
		if _, err := mail.Build("a@b.in", mail.Message{To: "x@y.in\r\nBcc: all@z.in", Subject: "S", Text: "T"}, time.Now()); !errors.Is(err, mail.ErrHeaderInjection) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrBadExtraHeaders", func(t *testing.T) {
		for name, h := range map[string]map[string]string{
			"CRLFInValue":       {"List-Unsubscribe": "<https://x.in/u>\r\nBcc: all@z.in"},
			"LFInValue":         {"List-Unsubscribe": "<https://x.in/u>\nBcc: all@z.in"},
			"CRInValue":         {"List-Unsubscribe": "a\rb"},
			"CRLFInName":        {"X-A\r\nBcc": "all@z.in"},
			"ColonInName":       {"X-A:B": "1"},
			"SpaceInName":       {"List Unsubscribe": "1"},
			"EmptyName":         {"": "1"},
			"NonASCIIName":      {"X-Ünicode": "1"},
			"ControlInName":     {"X-\x00": "1"},
			"NameTooLong":       {strings.Repeat("X", 77): "1"},
			"ValueTooLong":      {"X-Long": strings.Repeat("v", mail.MaxHeaderValue+1)},
			"NULInValue":        {"X-A": "a\x00b"},
			"NonASCIIValue":     {"X-A": "नमस्ते"},
			"CaseDuplicate":     {"List-Unsubscribe": "<a>", "list-unsubscribe": "<b>"},
			"ReservedFrom":      {"From": "evil@z.in"},
			"ReservedToLower":   {"to": "all@z.in"},
			"ReservedSubject":   {"SUBJECT": "x"},
			"ReservedDate":      {"Date": "x"},
			"ReservedMessageID": {"Message-Id": "<x@z.in>"},
			"ReservedMIME":      {"MIME-Version": "2.0"},
			"ReservedCType":     {"Content-Type": "text/html"},
			"ReservedCTE":       {"content-transfer-encoding": "base64"},
		} {
			t.Run(name, func(t *testing.T) {
				_, err := mail.Build("a@b.in", mail.Message{To: "x@y.in", Subject: "S", Text: "T", Headers: h}, time.Now())
				if !errors.Is(err, mail.ErrHeaderInjection) {
					t.Fatalf("Build err = %v", err)
				}
				if err := mail.NewOutbox().Send(context.Background(), mail.Message{To: "x@y.in", Subject: "S", Text: "T", Headers: h}); !errors.Is(err, mail.ErrHeaderInjection) {
					t.Fatalf("Outbox err = %v", err)
				}
			})
		}
	})
}

func TestSMTPSend(t *testing.T) {
	ctx := context.Background()
	t.Run("OKPlainWhenAllowed", func(t *testing.T) {
		s := mailtest.Start(t)
		if err := mail.NewSMTP(s.Config("TFM <no-reply@tfm.in>")).Send(ctx, mail.Message{To: "x@y.in", Subject: "Activate ✓", Text: "link"}); err != nil {
			t.Fatal(err)
		}
		r := s.WaitFor(1, 5*time.Second)[0]
		if r.ParseErr != nil || r.TLS || r.From != "no-reply@tfm.in" || len(r.To) != 1 || r.To[0] != "x@y.in" ||
			r.Subject != "Activate ✓" || r.Header.Get("From") != "TFM <no-reply@tfm.in>" || strings.TrimSpace(r.Text) != "link" || r.HTML != "" {
			t.Fatalf("%+v", r)
		}
	})
	t.Run("OKSTARTTLSAndAuth", func(t *testing.T) {
		s := mailtest.Start(t, mailtest.WithSTARTTLS())
		cfg := s.Config("no-reply@tfm.in")
		cfg.Username, cfg.Password = "smtp-user", "secret"
		if err := mail.NewSMTP(cfg).Send(ctx, mail.Message{To: "x@y.in", Subject: "S", Text: "T"}); err != nil {
			t.Fatal(err)
		}
		if r := s.WaitFor(1, 5*time.Second)[0]; !r.TLS || r.Auth != "smtp-user" {
			t.Fatalf("TLS=%v Auth=%q", r.TLS, r.Auth)
		}
	})
	t.Run("ErrNoSTARTTLS", func(t *testing.T) {
		s := mailtest.Start(t)
		cfg := s.Config("a@b.in")
		cfg.InsecureSkipTLS = false
		err := mail.NewSMTP(cfg).Send(ctx, mail.Message{To: "x@y.in", Subject: "S", Text: "T"})
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") || len(s.Messages()) != 0 {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrSTARTTLSUntrustedCertificate", func(t *testing.T) {
		s := mailtest.Start(t, mailtest.WithSTARTTLS())
		cfg := s.Config("a@b.in")
		cfg.RootCAs = nil // system roots do not know the sink's self-signed certificate
		err := mail.NewSMTP(cfg).Send(ctx, mail.Message{To: "x@y.in", Subject: "S", Text: "T"})
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") || !strings.Contains(err.Error(), "certificate") || len(s.Messages()) != 0 {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("OKUnsubscribeHeadersArriveIntact", func(t *testing.T) {
		s := mailtest.Start(t, mailtest.WithSTARTTLS())
		m := mail.Message{To: "x@y.in", Subject: "3 new matches", Text: "T", HTML: "<p>H</p>", Headers: unsubscribe}
		if err := mail.NewSMTP(s.Config("a@b.in")).Send(ctx, m); err != nil {
			t.Fatal(err)
		}
		r := s.WaitFor(1, 5*time.Second)[0]
		for k, v := range unsubscribe {
			if got := r.Header[textproto.CanonicalMIMEHeaderKey(k)]; len(got) != 1 || got[0] != v {
				t.Fatalf("%s = %q, want %q", k, got, v)
			}
		}
	})
	t.Run("ErrHeaderInjectionSendsNothing", func(t *testing.T) {
		s := mailtest.Start(t)
		for _, h := range []map[string]string{{"List-Unsubscribe": "<a>\r\nBcc: all@z.in"}, {"From": "evil@z.in"}, {"Bad Name": "x"}} {
			err := mail.NewSMTP(s.Config("a@b.in")).Send(ctx, mail.Message{To: "x@y.in", Subject: "S", Text: "T", Headers: h})
			if !errors.Is(err, mail.ErrHeaderInjection) {
				t.Fatalf("%v: err = %v", h, err)
			}
		}
		if n := len(s.Messages()); n != 0 {
			t.Fatalf("%d messages sent", n)
		}
	})
	t.Run("OKMultipartDecodes", func(t *testing.T) {
		s := mailtest.Start(t)
		text := "नमस्ते ✓ Priya,\r\n.a line that starts with a dot\r\n" + strings.Repeat("long= line ", 20) + "\r\n=3D stays literal"
		html := `<p style="color:red">नमस्ते ✓</p>` + "\r\n.<b>dot</b>\r\n" + strings.Repeat("<i>x</i>", 30)
		if err := mail.NewSMTP(s.Config("a@b.in")).Send(ctx, mail.Message{To: "x@y.in", Subject: "नमस्ते", Text: text, HTML: html}); err != nil {
			t.Fatal(err)
		}
		r := s.WaitFor(1, 5*time.Second)[0]
		if r.ParseErr != nil || len(r.Parts) != 2 || r.Subject != "नमस्ते" {
			t.Fatalf("err=%v parts=%d subject=%q", r.ParseErr, len(r.Parts), r.Subject)
		}
		if r.Text != text || r.HTML != html {
			t.Fatalf("text=%q\nhtml=%q", r.Text, r.HTML)
		}
		if r.Parts[0].Params["charset"] != "utf-8" || r.Parts[0].Header.Get("Content-Transfer-Encoding") != "quoted-printable" {
			t.Fatalf("%+v", r.Parts[0])
		}
	})
	t.Run("Err4xxThenRetryOK", func(t *testing.T) {
		s := mailtest.Start(t, mailtest.WithFailNext(1, 451))
		snd := mail.NewSMTP(s.Config("a@b.in"))
		m := mail.Message{To: "x@y.in", Subject: "S", Text: "T"}
		err := snd.Send(ctx, m)
		var te *textproto.Error
		if !errors.As(err, &te) || te.Code != 451 {
			t.Fatalf("err = %v", err)
		}
		if len(s.Messages()) != 0 {
			t.Fatal("a refused message was recorded")
		}
		if err := snd.Send(ctx, m); err != nil {
			t.Fatalf("retry: %v", err)
		}
		s.WaitFor(1, 5*time.Second)
	})
	t.Run("Err5xx", func(t *testing.T) {
		s := mailtest.Start(t)
		s.FailNext(2, 554)
		snd := mail.NewSMTP(s.Config("a@b.in"))
		for range 2 {
			var te *textproto.Error
			if err := snd.Send(ctx, mail.Message{To: "x@y.in", Subject: "S", Text: "T"}); !errors.As(err, &te) || te.Code != 554 {
				t.Fatalf("err = %v", err)
			}
		}
		if err := snd.Send(ctx, mail.Message{To: "x@y.in", Subject: "S", Text: "T"}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOutbox(t *testing.T) {
	t.Run("OKKeepsLast200NewestFirstConcurrently", func(t *testing.T) {
		o := mail.NewOutbox()
		var wg sync.WaitGroup
		for i := 0; i < 250; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_ = o.Send(context.Background(), mail.Message{To: "a@b.in", Subject: fmt.Sprint(i), Text: "x"})
			}(i)
		}
		wg.Wait()
		_ = o.Send(context.Background(), mail.Message{To: "Z@b.in", Subject: "last", Text: "x"})
		l := o.List()
		if len(l) != mail.OutboxSize || l[0].Subject != "last" {
			t.Fatalf("len=%d first=%q", len(l), l[0].Subject)
		}
		if m, ok := o.Last("z@b.in"); !ok || m.Subject != "last" {
			t.Fatal("Last did not find the message")
		}
	})
	t.Run("OKKeepsHeadersAsJSON", func(t *testing.T) {
		o := mail.NewOutbox()
		h := map[string]string{"List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
		if err := o.Send(context.Background(), mail.Message{To: "a@b.in", Subject: "S", Text: "x", Headers: h}); err != nil {
			t.Fatal(err)
		}
		h["List-Unsubscribe-Post"] = "changed by the caller"
		l := o.List()
		l[0].Headers["X-Mutated"] = "by a reader"
		b, err := json.Marshal(o.List())
		if err != nil || !strings.Contains(string(b), `"headers":{"List-Unsubscribe-Post":"List-Unsubscribe=One-Click"}`) {
			t.Fatalf("%v %s", err, b)
		}
		if b, _ := json.Marshal(mail.Message{To: "a@b.in"}); strings.Contains(string(b), "headers") {
			t.Fatalf("empty headers not omitted: %s", b)
		}
	})
}
