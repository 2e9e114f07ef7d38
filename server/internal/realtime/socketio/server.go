package socketio

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/realtime/engineio"
)

// Options configures a Server; zero fields take the documented defaults.
type Options struct {
	// Engine configures the Engine.IO layer (path, heartbeats, payload
	// limits, origin check).
	Engine engineio.Options
	// ConnectTimeout closes protocol 5 connections that joined no namespace
	// in time after the Engine.IO handshake, 45s by default.
	ConnectTimeout time.Duration
	// MaxAttachments bounds binary attachments per packet, 10 by default.
	MaxAttachments int
	// Adapter builds each namespace's adapter; NewMemoryAdapter by default.
	Adapter AdapterFactory
}

// Server is a Socket.IO server; it is an http.Handler to mount at the
// Engine.IO path.
type Server struct {
	opts Options
	eio  *engineio.Server

	mu   sync.RWMutex
	nsps map[string]*Namespace

	wg engineio.Tracker // client workers: every handler running or queued

	draining atomic.Bool // Close began: CONNECT and EVENT packets are ignored
}

// NewServer returns a Server with the main namespace "/" created.
func NewServer(opts Options) *Server {
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = 45 * time.Second
	}
	if opts.MaxAttachments <= 0 {
		opts.MaxAttachments = DefaultMaxAttachments
	}
	s := &Server{opts: opts, eio: engineio.NewServer(opts.Engine), nsps: map[string]*Namespace{}}
	s.eio.OnConnection(func(c *engineio.Conn) { newClient(s, c) })
	s.Of("/")
	return s
}

// Engine returns the underlying Engine.IO server.
func (s *Server) Engine() *engineio.Server { return s.eio }

// ServeHTTP serves Engine.IO requests.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.eio.ServeHTTP(w, r) }

// Of returns the namespace name, creating it on first use; clients may only
// connect to namespaces created this way.
func (s *Server) Of(name string) *Namespace {
	if !strings.HasPrefix(name, "/") {
		name = "/" + name
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := s.nsps[name]; n != nil {
		return n
	}
	n := newNamespace(s, name)
	s.nsps[name] = n
	return n
}

func (s *Server) namespace(name string) *Namespace {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.nsps[name]
}

// Close shuts the server down, each step bounded by ctx: it stops taking
// connections and client events (CONNECT and EVENT packets arriving from now
// on are ignored; ACKs are still matched), waits for the handlers already
// running or queued to finish, so that their acks and emits are queued,
// then closes every connection as engineio.Server.Close does (queued
// packets flushed, then the close packet and, over WebSocket, a close frame
// with status 1001), waits for the disconnect handlers and closes the
// adapters. Clients see their transport close and connect again.
func (s *Server) Close(ctx context.Context) error {
	s.draining.Store(true)
	// After Drain no message callback that missed the flag is still
	// running, so every handler it queued is counted in s.wg.
	err := s.eio.Drain(ctx)
	if werr := s.wg.Wait(ctx); err == nil {
		err = werr
	}
	if cerr := s.eio.Close(ctx); err == nil {
		err = cerr
	}
	if werr := s.wg.Wait(ctx); err == nil {
		err = werr
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, n := range s.nsps {
		_ = n.adapter.Close()
	}
	return err
}
