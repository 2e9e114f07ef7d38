package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestHTTPSend(t *testing.T) {
	t.Run("OKPostsJSONWithKey", func(t *testing.T) {
		var got map[string]string
		var key, ctype string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key, ctype = r.Header.Get("X-API-Key"), r.Header.Get("Content-Type")
			_ = json.NewDecoder(r.Body).Decode(&got)
			w.WriteHeader(http.StatusAccepted)
		}))
		defer srv.Close()
		h := NewHTTP(HTTPConfig{URL: srv.URL, APIKey: "k1", SenderID: "TFMMAT"})
		if err := h.Send(context.Background(), Message{To: "+919876543210", Text: "123456 is your OTP"}); err != nil {
			t.Fatal(err)
		}
		if key != "k1" || ctype != "application/json" || got["to"] != "+919876543210" || got["message"] != "123456 is your OTP" || got["sender"] != "TFMMAT" {
			t.Fatalf("key=%q ctype=%q body=%v", key, ctype, got)
		}
	})
	t.Run("ErrStatusWithoutText", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "bad number for message 123456", http.StatusBadRequest)
		}))
		defer srv.Close()
		err := NewHTTP(HTTPConfig{URL: srv.URL}).Send(context.Background(), Message{To: "+91", Text: "123456"})
		var se *StatusError
		if !errors.As(err, &se) || se.Status != 400 || strings.Contains(err.Error(), "123456") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("OKRetriesServerErrors", func(t *testing.T) {
		var n atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 1 {
				w.WriteHeader(http.StatusBadGateway)
			}
		}))
		defer srv.Close()
		if err := NewHTTP(HTTPConfig{URL: srv.URL, MaxRetries: 1}).Send(context.Background(), Message{To: "+91", Text: "x"}); err != nil || n.Load() != 2 {
			t.Fatalf("err=%v calls=%d", err, n.Load())
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
				_ = o.Send(context.Background(), Message{To: "+91", Text: fmt.Sprint(i)})
			}(i)
		}
		wg.Wait()
		_ = o.Send(context.Background(), Message{To: "+9199", Text: "last"})
		l := o.List()
		if len(l) != OutboxSize || l[0].Text != "last" {
			t.Fatalf("len=%d first=%q", len(l), l[0].Text)
		}
		if m, ok := o.Last("+9199"); !ok || m.Text != "last" {
			t.Fatal("Last did not find the message")
		}
	})
}
