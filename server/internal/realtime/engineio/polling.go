package engineio

import (
	"errors"
	"io"
	"net/http"
)

// servePollGet answers a long-polling GET with the queued packets, waiting
// for some when the queue is empty.
func (c *Conn) servePollGet(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	if c.transport != TransportPolling && c.state == stateOpen && !c.upgrading {
		c.mu.Unlock()
		writeError(w, ErrBadRequest)
		return
	}
	if c.polling {
		c.mu.Unlock()
		writeError(w, ErrBadRequest)
		c.closeNow("transport error") // overlap from client
		return
	}
	c.polling = true
	var pkts []Packet
	finish := false
	for {
		if c.state == stateClosed {
			pkts = []Packet{{Type: PacketClose}}
			break
		}
		if c.upgrading || c.transport != TransportPolling {
			pkts = []Packet{{Type: PacketNoop}}
			break
		}
		// While the server drains, packets wait for the close (see
		// shutdown.go): an answered GET could not be followed by another.
		if len(c.queue) > 0 && (c.state == stateClosing || !c.srv.draining.Load()) {
			pkts = c.takeLocked()
			if c.state == stateClosing {
				pkts = append(pkts, Packet{Type: PacketClose})
				finish = true
			}
			break
		}
		if c.state == stateClosing {
			pkts = []Packet{{Type: PacketClose}}
			finish = true
			break
		}
		ch := c.waitChLocked()
		c.mu.Unlock()
		select {
		case <-ch:
		case <-r.Context().Done():
			c.mu.Lock()
			c.polling = false
			c.mu.Unlock()
			c.closeNow("transport error") // poll connection closed prematurely
			return
		}
		c.mu.Lock()
	}
	c.mu.Unlock()

	body, ctype := c.encodePayload(pkts)
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write(body)
	c.mu.Lock()
	c.polling = false
	c.mu.Unlock()
	if err != nil {
		c.closeNow("transport error")
		return
	}
	if finish {
		c.closeNow("forced close")
	}
}

// encodePayload encodes a polling response body for the session's protocol.
func (c *Conn) encodePayload(pkts []Packet) ([]byte, string) {
	if c.protocol == 4 {
		return encodePayloadV4(pkts), "text/plain; charset=UTF-8"
	}
	if !c.b64 && hasBinary(pkts) {
		return encodeBinaryPayloadV3(pkts), "application/octet-stream"
	}
	return encodePayloadV3(pkts), "text/plain; charset=UTF-8"
}

// servePollPost reads a polling POST body and handles its packets.
func (c *Conn) servePollPost(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	if c.transport != TransportPolling || c.state == stateClosed {
		c.mu.Unlock()
		writeError(w, ErrBadRequest)
		return
	}
	if c.posting {
		c.mu.Unlock()
		writeError(w, ErrBadRequest)
		c.closeNow("transport error") // data request overlap from client
		return
	}
	c.posting = true
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.posting = false
		c.mu.Unlock()
	}()

	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, c.srv.opts.MaxPayload))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			c.closeNow("transport error")
			return
		}
		c.closeNow("transport error")
		return
	}
	var pkts []Packet
	switch {
	case c.protocol == 4:
		pkts, err = decodePayloadV4(body)
	case r.Header.Get("Content-Type") == "application/octet-stream":
		pkts, err = decodeBinaryPayloadV3(body)
	default:
		pkts, err = decodePayloadV3(body)
	}
	if err != nil {
		writeError(w, ErrBadRequest)
		c.closeNow("parse error")
		return
	}
	for _, p := range pkts {
		c.onPacket(p)
	}
	w.Header().Set("Content-Type", "text/html")
	_, _ = io.WriteString(w, "ok")
}
