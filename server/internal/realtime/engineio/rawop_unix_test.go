//go:build unix

package engineio

import (
	"io"
	"net"
	"testing"
	"time"
)

// tcpPair returns both ends of a loopback TCP connection.
func tcpPair(t *testing.T) (server, client net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	client, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	server = <-accepted
	t.Cleanup(func() { _ = server.Close(); _ = client.Close() })
	return server, client
}

// An idle member's heartbeat (a ping written by a worker, the pong waited
// for and peeked at) must make no garbage: with thousands of idle members
// that garbage is what regrows the heap between collections. The make test
// target runs this without the race detector.
func TestIdleHeartbeatSocketCallsWorkWithoutAllocating(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items; run without -race")
	}
	server, client := tcpPair(t)
	wc := newWSConn(server, nil, time.Second, 1<<20)
	if wc.raw == nil {
		t.Fatal("loopback TCP has no raw connection")
	}
	ping := []byte{0x81, 1, '2'}
	go func() { _, _ = io.Copy(io.Discard, client) }()
	write := func() {
		wc.writeMu.Lock()
		n, err := wc.tryWriteLocked(ping)
		wc.writeMu.Unlock()
		if n != len(ping) || err != nil {
			t.Fatalf("wrote %d, %v", n, err)
		}
	}
	write() // arms the write deadline once
	if a := testing.AllocsPerRun(200, write); a != 0 {
		t.Errorf("a worker's write allocates %.1f times", a)
	}
	if _, err := client.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	peek := func() {
		if !waitReadableFor(wc.nc, wc.raw, &wc.peek, time.Second) {
			t.Fatal("readable socket not seen")
		}
		waitReadable(wc.raw, &wc.peek)
	}
	if a := testing.AllocsPerRun(200, peek); a != 0 {
		t.Errorf("waiting for a readable socket allocates %.1f times", a)
	}
}
