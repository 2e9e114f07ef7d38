package app_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

func TestServeDrainsInFlightRequestsOnShutdown(t *testing.T) {
	a := newApp(t, "", false)
	inner := a.Handler
	started := make(chan struct{})
	a.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			close(started)
			time.Sleep(300 * time.Millisecond)
			io.WriteString(w, "finished")
			return
		}
		inner.ServeHTTP(w, r)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.ServeListener(ctx, ln) }()
	url := "http://" + ln.Addr().String()

	got := make(chan string, 1)
	go func() {
		resp, err := http.Get(url + "/slow")
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-started
	cancel() // what SIGTERM does in main
	if body := <-got; body != "finished" {
		t.Fatalf("in-flight request was cut off: %q", body)
	}
	if err := <-done; err != nil {
		t.Fatalf("Serve returned %v", err)
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Fatal("server still accepting after shutdown")
	}
}
