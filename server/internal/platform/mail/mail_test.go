package mail

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestBuild(t *testing.T) {
	t.Run("OKTextOnly", func(t *testing.T) {
		b, err := Build("TFM <a@b.in>", Message{To: "x@y.in", Subject: "Hello ✓", Text: "Hi"}, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if !strings.Contains(s, "To: x@y.in\r\n") || !strings.Contains(s, "=?utf-8?q?Hello_=E2=9C=93?=") || strings.Contains(s, "multipart") {
			t.Fatal(s)
		}
	})
	t.Run("OKMultipartWithHTML", func(t *testing.T) {
		b, err := Build("a@b.in", Message{To: "x@y.in", Subject: "S", Text: "T", HTML: "<p>H</p>"}, time.Now())
		if err != nil || !strings.Contains(string(b), "multipart/alternative") || !strings.Contains(string(b), "text/html") {
			t.Fatalf("%v\n%s", err, b)
		}
	})
	t.Run("ErrHeaderInjection", func(t *testing.T) {
		if _, err := Build("a@b.in", Message{To: "x@y.in\r\nBcc: all@z.in", Subject: "S", Text: "T"}, time.Now()); !errors.Is(err, ErrHeaderInjection) {
			t.Fatalf("err = %v", err)
		}
	})
}

// fakeSMTP is a minimal plain-text SMTP server that records one message.
func fakeSMTP(t *testing.T, starttls bool) (addr string, got func() string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var mu sync.Mutex
	var data strings.Builder
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		fmt.Fprint(c, "220 fake ESMTP\r\n")
		inData := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if inData {
				if line == ".\r\n" {
					inData = false
					fmt.Fprint(c, "250 queued\r\n")
					continue
				}
				mu.Lock()
				data.WriteString(line)
				mu.Unlock()
				continue
			}
			switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
			case strings.HasPrefix(cmd, "EHLO"):
				if starttls {
					fmt.Fprint(c, "250-fake\r\n250 STARTTLS\r\n")
				} else {
					fmt.Fprint(c, "250 fake\r\n")
				}
			case strings.HasPrefix(cmd, "DATA"):
				inData = true
				fmt.Fprint(c, "354 go\r\n")
			case strings.HasPrefix(cmd, "QUIT"):
				fmt.Fprint(c, "221 bye\r\n")
				return
			case strings.HasPrefix(cmd, "STARTTLS"):
				fmt.Fprint(c, "454 no TLS here\r\n")
			default:
				fmt.Fprint(c, "250 ok\r\n")
			}
		}
	}()
	return ln.Addr().String(), func() string { mu.Lock(); defer mu.Unlock(); return data.String() }
}

func TestSMTPSend(t *testing.T) {
	t.Run("OKPlainWhenAllowed", func(t *testing.T) {
		addr, got := fakeSMTP(t, false)
		host, port, _ := net.SplitHostPort(addr)
		var p int
		fmt.Sscan(port, &p)
		s := NewSMTP(SMTPConfig{Host: host, Port: p, From: "TFM <no-reply@tfm.in>", InsecureSkipTLS: true, Timeout: 5 * time.Second})
		if err := s.Send(context.Background(), Message{To: "x@y.in", Subject: "Activate", Text: "link"}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got(), "Subject: Activate") {
			t.Fatal(got())
		}
	})
	t.Run("ErrNoSTARTTLS", func(t *testing.T) {
		addr, _ := fakeSMTP(t, false)
		host, port, _ := net.SplitHostPort(addr)
		var p int
		fmt.Sscan(port, &p)
		err := NewSMTP(SMTPConfig{Host: host, Port: p, From: "a@b.in", Timeout: 5 * time.Second}).Send(context.Background(), Message{To: "x@y.in", Subject: "S", Text: "T"})
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestOutbox(t *testing.T) {
	t.Run("OKKeepsLast200NewestFirstConcurrently", func(t *testing.T) {
		o := NewOutbox()
		var wg sync.WaitGroup
		for i := 0; i < 250; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_ = o.Send(context.Background(), Message{To: "a@b.in", Subject: fmt.Sprint(i), Text: "x"})
			}(i)
		}
		wg.Wait()
		_ = o.Send(context.Background(), Message{To: "Z@b.in", Subject: "last", Text: "x"})
		l := o.List()
		if len(l) != OutboxSize || l[0].Subject != "last" {
			t.Fatalf("len=%d first=%q", len(l), l[0].Subject)
		}
		if m, ok := o.Last("z@b.in"); !ok || m.Subject != "last" {
			t.Fatal("Last did not find the message")
		}
	})
}
