package mailtest_test

import (
	"context"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"net/smtp"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
	"github.com/tfmmatrimony/tfm/server/internal/platform/mail/mailtest"
)

// expect sends cmd (unless empty) and checks the reply code.
func expect(t *testing.T, c *textproto.Conn, code int, cmd string) string {
	t.Helper()
	if cmd != "" {
		if err := c.PrintfLine("%s", cmd); err != nil {
			t.Fatal(err)
		}
	}
	got, msg, err := c.ReadResponse(0)
	if got != code {
		t.Fatalf("%q: got %d %q (%v), want %d", cmd, got, msg, err, code)
	}
	return msg
}

func TestConversation(t *testing.T) {
	s := mailtest.Start(t, mailtest.WithMaxSize(1024), mailtest.WithLog())
	c, err := textproto.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	expect(t, c, 220, "")
	expect(t, c, 503, "MAIL FROM:<a@b.in>")
	expect(t, c, 501, "EHLO")
	ehlo := expect(t, c, 250, "EHLO client.test")
	if !strings.Contains(ehlo, "SIZE 1024") || !strings.Contains(ehlo, "AUTH PLAIN LOGIN") || strings.Contains(ehlo, "STARTTLS") {
		t.Fatalf("EHLO: %q", ehlo)
	}
	expect(t, c, 502, "STARTTLS")
	expect(t, c, 250, "NOOP")
	expect(t, c, 500, "FROB")
	expect(t, c, 503, "RCPT TO:<x@y.in>")
	expect(t, c, 503, "DATA")
	expect(t, c, 334, "AUTH PLAIN")
	expect(t, c, 235, base64.StdEncoding.EncodeToString([]byte("\x00user1\x00pw")))
	expect(t, c, 503, "AUTH PLAIN "+base64.StdEncoding.EncodeToString([]byte("\x00user2\x00pw")))
	expect(t, c, 552, "MAIL FROM:<a@b.in> SIZE=2000")
	expect(t, c, 555, "MAIL FROM:<a@b.in> FOO=1")
	expect(t, c, 250, "mail from:<a@b.in> SIZE=10 BODY=8BITMIME")
	expect(t, c, 503, "MAIL FROM:<a@b.in>")
	expect(t, c, 250, "RSET")
	expect(t, c, 503, "RCPT TO:<x@y.in>")
	expect(t, c, 250, "MAIL FROM:<>")
	expect(t, c, 250, "RCPT TO:<x@y.in>")
	expect(t, c, 250, "RCPT TO: <@relay.in:z@y.in>")
	expect(t, c, 501, "RCPT TO:<>")
	expect(t, c, 501, "RCPT TO:x@y.in")
	expect(t, c, 354, "DATA")
	// dot-stuffed on the wire: "..leading dot" is ".leading dot"
	fmt.Fprint(c.W, "Subject: hi\r\n\r\n..leading dot\r\nbody\r\n.\r\n")
	c.W.Flush()
	expect(t, c, 250, "")
	// too big: refused after DATA, and not recorded
	expect(t, c, 250, "MAIL FROM:<a@b.in>")
	expect(t, c, 250, "RCPT TO:<x@y.in>")
	expect(t, c, 354, "DATA")
	fmt.Fprintf(c.W, "Subject: big\r\n\r\n%s\r\n.\r\n", strings.Repeat("x", 2000))
	c.W.Flush()
	expect(t, c, 552, "")
	expect(t, c, 221, "QUIT")

	got := s.WaitFor(1, 5*time.Second)
	if len(got) != 1 {
		t.Fatalf("%d messages", len(got))
	}
	r := got[0]
	if string(r.Raw) != "Subject: hi\r\n\r\n.leading dot\r\nbody\r\n" || r.From != "" || strings.Join(r.To, ",") != "x@y.in,z@y.in" ||
		r.Auth != "user1" || r.Helo != "client.test" || r.TLS || r.ParseErr != nil || r.Subject != "hi" || r.Text != ".leading dot\r\nbody\r\n" {
		t.Fatalf("%+v", r)
	}
}

// loginAuth is AUTH LOGIN, which net/smtp lacks.
type loginAuth struct{ user, pass string }

func (a loginAuth) Start(*smtp.ServerInfo) (string, []byte, error) { return "LOGIN", nil, nil }

func (a loginAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	switch {
	case !more:
		return nil, nil
	case string(fromServer) == "Username:":
		return []byte(a.user), nil
	case string(fromServer) == "Password:":
		return []byte(a.pass), nil
	}
	return nil, fmt.Errorf("unexpected challenge %q", fromServer)
}

// send delivers body over STARTTLS when the server offers it, with auth if not nil.
func send(t *testing.T, s *mailtest.Server, serverName string, auth smtp.Auth, from string, to []string, body string) error {
	t.Helper()
	c, err := smtp.Dial(s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{RootCAs: s.RootCAs(), ServerName: serverName}); err != nil {
			return err
		}
		if ok, _ := c.Extension("STARTTLS"); ok {
			t.Fatal("STARTTLS offered again after TLS")
		}
	}
	if auth != nil {
		if err := c.Auth(auth); err != nil {
			return err
		}
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	for _, r := range to {
		if err := c.Rcpt(r); err != nil {
			return err
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write([]byte(body)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

func TestSTARTTLSAndLogin(t *testing.T) {
	s := mailtest.Start(t, mailtest.WithSTARTTLS())
	for _, name := range []string{"127.0.0.1", "localhost"} {
		if err := send(t, s, name, loginAuth{"login-user", "pw"}, "a@b.in", []string{"x@y.in"}, "Subject: s\r\n\r\nt\r\n"); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for _, r := range s.WaitFor(2, 5*time.Second) {
		if !r.TLS || r.Auth != "login-user" {
			t.Fatalf("TLS=%v Auth=%q", r.TLS, r.Auth)
		}
	}
	if err := send(t, s, "example.com", nil, "a@b.in", []string{"x@y.in"}, "Subject: s\r\n\r\nt\r\n"); err == nil {
		t.Fatal("certificate accepted for a name it does not hold")
	}
}

func TestNestedMultipartBase64(t *testing.T) {
	s := mailtest.Start(t)
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	body := "Subject: =?utf-8?b?" + b64("नमस्ते") + "?=\r\n" +
		"MIME-Version: 1.0\r\n" +
		"Content-Type: multipart/mixed; boundary=outer\r\n\r\n" +
		"--outer\r\n" +
		"Content-Type: multipart/alternative; boundary=inner\r\n\r\n" +
		"--inner\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		b64("नमस्ते, plain")[:12] + "\r\n" + b64("नमस्ते, plain")[12:] + "\r\n" +
		"--inner\r\n" +
		"Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"<p>=E2=9C=93 soft=\r\nbreak</p>\r\n" +
		"--inner--\r\n" +
		"--outer\r\n" +
		"Content-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		b64("%PDF-1.4") + "\r\n" +
		"--outer--\r\n"
	if err := send(t, s, "", nil, "a@b.in", []string{"x@y.in"}, body); err != nil {
		t.Fatal(err)
	}
	r := s.WaitFor(1, 5*time.Second)[0]
	if r.ParseErr != nil || len(r.Parts) != 3 || r.Subject != "नमस्ते" {
		t.Fatalf("err=%v parts=%d subject=%q", r.ParseErr, len(r.Parts), r.Subject)
	}
	if r.Text != "नमस्ते, plain" || r.HTML != "<p>✓ softbreak</p>" || r.Parts[2].ContentType != "application/pdf" || r.Parts[2].Body != "%PDF-1.4" {
		t.Fatalf("text=%q html=%q parts=%+v", r.Text, r.HTML, r.Parts)
	}
}

func TestFailNext(t *testing.T) {
	s := mailtest.Start(t, mailtest.WithFailNext(2, 421))
	msg := "Subject: s\r\n\r\nt\r\n"
	for range 2 {
		err := send(t, s, "", nil, "a@b.in", []string{"x@y.in"}, msg)
		if te, ok := err.(*textproto.Error); !ok || te.Code != 421 {
			t.Fatalf("err = %v", err)
		}
	}
	if err := send(t, s, "", nil, "a@b.in", []string{"x@y.in"}, msg); err != nil {
		t.Fatal(err)
	}
	s.FailNext(1, 550)
	if err := send(t, s, "", nil, "a@b.in", []string{"x@y.in"}, msg); err == nil || !strings.HasPrefix(err.Error(), "550") {
		t.Fatalf("err = %v", err)
	}
	if n := len(s.Messages()); n != 1 {
		t.Fatalf("%d messages recorded, want 1", n)
	}
}

func TestConcurrentSenders(t *testing.T) {
	s := mailtest.Start(t, mailtest.WithSTARTTLS())
	snd := mail.NewSMTP(s.Config("a@b.in"))
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- snd.Send(context.Background(), mail.Message{To: fmt.Sprintf("u%d@y.in", i), Subject: "S", Text: "T"})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.WaitFor(20, 5*time.Second)); n != 20 {
		t.Fatalf("%d messages", n)
	}
}

// fatalTB records Fatalf instead of stopping the test.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Fatalf(format string, args ...any) { f.msg = fmt.Sprintf(format, args...) }

func TestWaitForTimeoutFailsTest(t *testing.T) {
	tb := &fatalTB{TB: t}
	s := mailtest.Start(tb)
	if got := s.WaitFor(1, 50*time.Millisecond); got != nil || !strings.Contains(tb.msg, "0 of 1") {
		t.Fatalf("got %v, Fatalf %q", got, tb.msg)
	}
}

func TestCloseDropsOpenConnections(t *testing.T) {
	s := mailtest.Start(t)
	c, err := textproto.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	expect(t, c, 220, "")
	done := make(chan struct{})
	go func() { s.Close(); s.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Close hangs on an open connection")
	}
	if _, err := c.ReadLine(); err == nil {
		t.Fatal("connection still open")
	}
}
