// Package mailtest runs a real SMTP server on the loopback interface for tests:
// a sink that speaks ESMTP over net/textproto, accepts any credentials, and
// records every message it accepts, with its headers and decoded bodies.
package mailtest

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfmmatrimony/tfm/server/internal/platform/mail"
)

// DefaultMaxSize is the largest message, in bytes, a Server accepts unless WithMaxSize says otherwise.
const DefaultMaxSize = 10 << 20

// maxRecipients is how many RCPT TO one transaction may have.
const maxRecipients = 100

// Received is one message the Server accepted; the server never changes it after recording it.
type Received struct {
	Helo     string         // the name the client gave in EHLO or HELO
	Auth     string         // the username from AUTH PLAIN or LOGIN; "" if the client did not authenticate
	TLS      bool           // whether the message came over STARTTLS
	From     string         // the envelope sender (MAIL FROM), without angle brackets
	To       []string       // the envelope recipients (RCPT TO), in order
	Raw      []byte         // the message as sent, dot-unstuffed, line ends kept (CRLF)
	Header   netmail.Header // the parsed header fields; nil when ParseErr is set
	Subject  string         // the Subject header with RFC 2047 encoded-words decoded
	Parts    []Part         // the leaf MIME parts, multiparts flattened in order, bodies decoded
	Text     string         // the body of the first text/plain part
	HTML     string         // the body of the first text/html part
	ParseErr error          // why the header or body could not be parsed, if it could not
	At       time.Time      // when the server accepted the message
}

// Part is one leaf MIME part of a Received message.
type Part struct {
	ContentType string               // the media type, lower case, e.g. "text/plain"
	Params      map[string]string    // the Content-Type parameters, e.g. charset
	Header      textproto.MIMEHeader // the part's own header fields (the message's for a single-part message)
	Body        string               // the content with its Content-Transfer-Encoding (quoted-printable, base64) undone, line ends kept
}

// Option changes how Start sets a Server up.
type Option func(*options)

type options struct {
	starttls bool
	maxSize  int
	failN    int
	failCode int
	log      bool
}

// WithSTARTTLS makes the server offer STARTTLS with a self-signed certificate made at start (see Server.RootCAs).
func WithSTARTTLS() Option { return func(o *options) { o.starttls = true } }

// WithMaxSize sets the largest message, in bytes, the server accepts (advertised as SIZE; larger ones get 552).
func WithMaxSize(n int) Option { return func(o *options) { o.maxSize = n } }

// WithFailNext makes the server answer the next n messages with code (400 to 599) at the end of DATA, as Server.FailNext does.
func WithFailNext(n, code int) Option { return func(o *options) { o.failN, o.failCode = n, code } }

// WithLog logs the SMTP conversation through t.Logf (AUTH secrets left out).
func WithLog() Option { return func(o *options) { o.log = true } }

// Server is a running SMTP sink; its methods are safe for concurrent use.
type Server struct {
	t       testing.TB
	opts    options
	ln      net.Listener
	tlsCfg  *tls.Config    // nil without STARTTLS
	roots   *x509.CertPool // nil without STARTTLS
	wg      sync.WaitGroup
	once    sync.Once
	mu      sync.Mutex
	closed  bool
	conns   map[net.Conn]struct{}
	msgs    []Received
	notify  chan struct{} // closed and replaced whenever a message is recorded
	failN   int
	failCod int
}

// Start runs a Server on 127.0.0.1 on a free port and stops it when the test ends.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	o := options{maxSize: DefaultMaxSize}
	for _, opt := range opts {
		opt(&o)
	}
	if o.maxSize <= 0 {
		t.Fatalf("mailtest: WithMaxSize(%d): the size must be positive", o.maxSize)
	}
	checkFail(t, o.failN, o.failCode)
	s := &Server{t: t, opts: o, conns: map[net.Conn]struct{}{}, notify: make(chan struct{}), failN: o.failN, failCod: o.failCode}
	if o.starttls {
		var err error
		if s.tlsCfg, s.roots, err = selfSigned(); err != nil {
			t.Fatalf("mailtest: making a certificate: %v", err)
		}
	}
	for {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatalf("mailtest: %v", err)
		}
		// mail.SMTP speaks implicit TLS to port 465; never hand that one out.
		if ln.Addr().(*net.TCPAddr).Port == 465 {
			defer ln.Close()
			continue
		}
		s.ln = ln
		break
	}
	t.Cleanup(s.Close)
	s.wg.Add(1)
	go s.serve()
	return s
}

func checkFail(t testing.TB, n, code int) {
	t.Helper()
	if n < 0 || (n > 0 && (code < 400 || code > 599)) {
		t.Fatalf("mailtest: fail next %d with %d: n must be >= 0 and the code 400 to 599", n, code)
	}
}

// Addr returns the server's address as host:port.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Host returns the host the server listens on, 127.0.0.1.
func (s *Server) Host() string { return s.ln.Addr().(*net.TCPAddr).IP.String() }

// Port returns the port the server listens on.
func (s *Server) Port() int { return s.ln.Addr().(*net.TCPAddr).Port }

// RootCAs returns a pool holding the server's self-signed certificate, or nil without WithSTARTTLS.
func (s *Server) RootCAs() *x509.CertPool { return s.roots }

// Config returns a mail.SMTPConfig that reaches this server as from: it trusts
// the server's certificate with WithSTARTTLS, and allows plain text without.
func (s *Server) Config(from string) mail.SMTPConfig {
	return mail.SMTPConfig{Host: s.Host(), Port: s.Port(), From: from, Timeout: 10 * time.Second,
		InsecureSkipTLS: s.tlsCfg == nil, RootCAs: s.roots}
}

// FailNext makes the server answer the next n messages with code (4xx: try again later, 5xx: rejected) instead of accepting them.
func (s *Server) FailNext(n, code int) {
	s.t.Helper()
	checkFail(s.t, n, code)
	s.mu.Lock()
	s.failN, s.failCod = n, code
	s.mu.Unlock()
}

// Messages returns the messages accepted so far, oldest first.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.msgs)
}

// WaitFor returns the accepted messages once there are at least n, failing the test after timeout; call it from the test's goroutine.
func (s *Server) WaitFor(n int, timeout time.Duration) []Received {
	s.t.Helper()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		s.mu.Lock()
		got, ch := len(s.msgs), s.notify
		if got >= n {
			defer s.mu.Unlock()
			return slices.Clone(s.msgs)
		}
		s.mu.Unlock()
		select {
		case <-ch:
		case <-timer.C:
			s.t.Fatalf("mailtest: %d of %d messages after %v", got, n, timeout)
			return nil
		}
	}
}

// Close stops the server, drops its connections and waits for them; Start's cleanup calls it, and later calls do nothing.
func (s *Server) Close() {
	s.once.Do(func() {
		s.mu.Lock()
		s.closed = true
		for c := range s.conns {
			c.Close()
		}
		s.mu.Unlock()
		s.ln.Close()
		s.wg.Wait()
	})
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.log {
		s.t.Logf("mailtest: "+format, args...)
	}
}

func (s *Server) serve() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return
		}
		s.conns[c] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.wg.Done()
			defer func() {
				s.mu.Lock()
				delete(s.conns, c)
				s.mu.Unlock()
				c.Close()
			}()
			ss := &session{s: s, raw: c, tp: textproto.NewConn(c)}
			if err := ss.run(); err != nil && !errors.Is(err, net.ErrClosed) && !errors.Is(err, io.EOF) {
				s.logf("connection from %s: %v", c.RemoteAddr(), err)
			}
		}()
	}
}

// record keeps one accepted message.
func (s *Server) record(r Received) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, r)
	close(s.notify)
	s.notify = make(chan struct{})
}

// takeFailure returns the code to refuse the current message with, or 0.
func (s *Server) takeFailure() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failN == 0 {
		return 0
	}
	s.failN--
	return s.failCod
}

// session is one SMTP connection.
type session struct {
	s    *Server
	raw  net.Conn
	tp   *textproto.Conn
	tls  bool
	helo string
	auth string
	// the transaction
	from    string
	hasFrom bool
	to      []string
}

func (c *session) reset() { c.from, c.hasFrom, c.to = "", false, nil }

// reply writes a possibly multi-line reply.
func (c *session) reply(code int, lines ...string) error {
	for i, l := range lines {
		sep := " "
		if i < len(lines)-1 {
			sep = "-"
		}
		c.s.logf("S: %d%s%s", code, sep, l)
		fmt.Fprintf(c.tp.W, "%d%s%s\r\n", code, sep, l)
	}
	return c.tp.W.Flush()
}

func (c *session) readLine(secret bool) (string, error) {
	l, err := c.tp.ReadLine()
	if err == nil {
		if secret {
			c.s.logf("C: <secret>")
		} else {
			c.s.logf("C: %s", l)
		}
	}
	return l, err
}

func (c *session) run() error {
	if err := c.reply(220, "mailtest ESMTP ready"); err != nil {
		return err
	}
	for {
		line, err := c.readLine(false)
		if err != nil {
			return err
		}
		verb, arg, _ := strings.Cut(line, " ")
		arg = strings.TrimSpace(arg)
		switch strings.ToUpper(verb) {
		case "EHLO", "HELO":
			if arg == "" {
				err = c.reply(501, "5.5.4 "+verb+" needs a domain")
				break
			}
			c.helo = arg
			c.reset()
			if strings.EqualFold(verb, "HELO") {
				err = c.reply(250, "mailtest")
				break
			}
			ext := []string{"mailtest greets " + arg, "8BITMIME", "SIZE " + strconv.Itoa(c.s.opts.maxSize)}
			if c.s.tlsCfg != nil && !c.tls {
				ext = append(ext, "STARTTLS")
			}
			err = c.reply(250, append(ext, "AUTH PLAIN LOGIN")...)
		case "STARTTLS":
			switch {
			case c.s.tlsCfg == nil:
				err = c.reply(502, "5.5.1 STARTTLS not offered")
			case c.tls:
				err = c.reply(503, "5.5.1 TLS already active")
			case arg != "":
				err = c.reply(501, "5.5.4 STARTTLS takes no argument")
			default:
				if err = c.reply(220, "2.0.0 ready to start TLS"); err != nil {
					return err
				}
				tc := tls.Server(c.raw, c.s.tlsCfg)
				_ = c.raw.SetDeadline(time.Now().Add(10 * time.Second))
				if err := tc.Handshake(); err != nil {
					return fmt.Errorf("TLS handshake: %w", err)
				}
				_ = c.raw.SetDeadline(time.Time{})
				// RFC 3207: forget everything said before TLS, and anything the client pipelined.
				c.tp, c.tls, c.helo, c.auth = textproto.NewConn(tc), true, "", ""
				c.reset()
			}
		case "AUTH":
			err = c.doAuth(arg)
		case "MAIL":
			switch addr, params, ok := parsePath(arg, "FROM:"); {
			case c.helo == "":
				err = c.reply(503, "5.5.1 say EHLO first")
			case c.hasFrom:
				err = c.reply(503, "5.5.1 nested MAIL command")
			case !ok:
				err = c.reply(501, "5.5.4 syntax: MAIL FROM:<address>")
			default:
				err = c.mailParams(addr, params)
			}
		case "RCPT":
			switch addr, _, ok := parsePath(arg, "TO:"); {
			case !c.hasFrom:
				err = c.reply(503, "5.5.1 need MAIL before RCPT")
			case !ok || addr == "":
				err = c.reply(501, "5.5.4 syntax: RCPT TO:<address>")
			case len(c.to) >= maxRecipients:
				err = c.reply(452, "4.5.3 too many recipients")
			default:
				c.to = append(c.to, addr)
				err = c.reply(250, "2.1.5 recipient ok")
			}
		case "DATA":
			switch {
			case len(c.to) == 0:
				err = c.reply(503, "5.5.1 need RCPT before DATA")
			case arg != "":
				err = c.reply(501, "5.5.4 DATA takes no argument")
			default:
				err = c.data()
			}
		case "RSET":
			c.reset()
			err = c.reply(250, "2.0.0 reset")
		case "NOOP":
			err = c.reply(250, "2.0.0 ok")
		case "VRFY":
			err = c.reply(252, "2.1.5 cannot verify, but will accept")
		case "QUIT":
			_ = c.reply(221, "2.0.0 bye")
			return nil
		default:
			err = c.reply(500, "5.5.2 command not recognized")
		}
		if err != nil {
			return err
		}
	}
}

// mailParams answers MAIL FROM after checking its ESMTP parameters.
func (c *session) mailParams(addr string, params []string) error {
	for _, p := range params {
		k, v, _ := strings.Cut(p, "=")
		switch strings.ToUpper(k) {
		case "SIZE":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return c.reply(501, "5.5.4 bad SIZE")
			}
			if n > c.s.opts.maxSize {
				return c.reply(552, "5.3.4 message too big")
			}
		case "BODY":
			if u := strings.ToUpper(v); u != "7BIT" && u != "8BITMIME" {
				return c.reply(501, "5.5.4 bad BODY")
			}
		default:
			return c.reply(555, "5.5.4 unsupported parameter "+k)
		}
	}
	c.from, c.hasFrom = addr, true
	return c.reply(250, "2.1.0 sender ok")
}

// doAuth runs AUTH PLAIN or LOGIN, accepting any credentials.
func (c *session) doAuth(arg string) error {
	switch {
	case c.helo == "":
		return c.reply(503, "5.5.1 say EHLO first")
	case c.auth != "":
		return c.reply(503, "5.5.1 already authenticated")
	case c.hasFrom:
		return c.reply(503, "5.5.1 AUTH not allowed during a transaction")
	}
	mech, initial, hasInitial := strings.Cut(arg, " ")
	// ask returns the client's next base64 response: the initial one if given, else one read after a 334 challenge.
	ask := func(challenge string) ([]byte, bool, error) {
		var l string
		if hasInitial {
			l, hasInitial = strings.TrimSpace(initial), false
		} else {
			if err := c.reply(334, challenge); err != nil {
				return nil, false, err
			}
			var err error
			if l, err = c.readLine(true); err != nil {
				return nil, false, err
			}
		}
		if l == "*" {
			return nil, false, c.reply(501, "5.0.0 authentication cancelled")
		}
		if l == "=" {
			return []byte{}, true, nil
		}
		b, err := base64.StdEncoding.DecodeString(l)
		if err != nil {
			return nil, false, c.reply(501, "5.5.2 cannot decode the response")
		}
		return b, true, nil
	}
	var user string
	switch strings.ToUpper(mech) {
	case "PLAIN":
		b, ok, err := ask("")
		if !ok {
			return err
		}
		f := bytes.Split(b, []byte{0})
		if len(f) != 3 || len(f[1]) == 0 {
			return c.reply(501, "5.5.2 malformed PLAIN response")
		}
		user = string(f[1])
	case "LOGIN":
		b, ok, err := ask(base64.StdEncoding.EncodeToString([]byte("Username:")))
		if !ok {
			return err
		}
		if _, ok, err := ask(base64.StdEncoding.EncodeToString([]byte("Password:"))); !ok {
			return err
		}
		if len(b) == 0 {
			return c.reply(501, "5.5.2 empty username")
		}
		user = string(b)
	default:
		return c.reply(504, "5.5.4 unrecognized authentication mechanism")
	}
	c.auth = user
	return c.reply(235, "2.7.0 authentication successful")
}

// data reads the message after DATA and answers it.
func (c *session) data() error {
	if err := c.reply(354, "end data with <CR><LF>.<CR><LF>"); err != nil {
		return err
	}
	raw, tooBig, err := readDot(c.tp.R, c.s.opts.maxSize)
	if err != nil {
		return err
	}
	c.s.logf("C: <%d bytes of data>", len(raw))
	from, to := c.from, c.to
	c.reset()
	if tooBig {
		return c.reply(552, "5.3.4 message too big")
	}
	if code := c.s.takeFailure(); code != 0 {
		if code < 500 {
			return c.reply(code, fmt.Sprintf("%d.3.0 mailtest: temporary failure, try again later", code/100))
		}
		return c.reply(code, fmt.Sprintf("%d.7.1 mailtest: message rejected", code/100))
	}
	r := Received{Helo: c.helo, Auth: c.auth, TLS: c.tls, From: from, To: to, Raw: raw, At: time.Now()}
	parse(&r)
	c.s.record(r)
	return c.reply(250, "2.0.0 queued")
}

// readDot reads a dot-terminated DATA block, undoing dot-stuffing and keeping
// line ends; past limit bytes it reads on to the end but keeps nothing more.
func readDot(r *bufio.Reader, limit int) (data []byte, tooBig bool, err error) {
	var b bytes.Buffer
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, false, fmt.Errorf("reading DATA: %w", err)
		}
		if string(line) == ".\r\n" || string(line) == ".\n" {
			return b.Bytes(), tooBig, nil
		}
		if line[0] == '.' {
			line = line[1:]
		}
		if tooBig || b.Len()+len(line) > limit {
			tooBig = true
			continue
		}
		b.Write(line)
	}
}

// parsePath parses "FROM:<addr> params" or "TO:<addr> params".
func parsePath(arg, prefix string) (addr string, params []string, ok bool) {
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", nil, false
	}
	rest := strings.TrimLeft(arg[len(prefix):], " ")
	end := strings.IndexByte(rest, '>')
	if !strings.HasPrefix(rest, "<") || end < 0 {
		return "", nil, false
	}
	addr = rest[1:end]
	if strings.HasPrefix(addr, "@") { // a source route, "@a,@b:user@c"
		_, addr, _ = strings.Cut(addr, ":")
	}
	return addr, strings.Fields(rest[end+1:]), true
}

// parse fills r's Header, Subject, Parts, Text and HTML from r.Raw.
func parse(r *Received) {
	m, err := netmail.ReadMessage(bytes.NewReader(r.Raw))
	if err != nil {
		r.ParseErr = fmt.Errorf("header: %w", err)
		return
	}
	r.Header = m.Header
	if r.Subject, err = new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject")); err != nil {
		r.ParseErr = fmt.Errorf("subject: %w", err)
	}
	parts, err := parseParts(textproto.MIMEHeader(m.Header), m.Body, 0)
	r.Parts = parts
	if err != nil && r.ParseErr == nil {
		r.ParseErr = fmt.Errorf("body: %w", err)
	}
	for _, p := range parts {
		if p.ContentType == "text/plain" && r.Text == "" {
			r.Text = p.Body
		}
		if p.ContentType == "text/html" && r.HTML == "" {
			r.HTML = p.Body
		}
	}
}

// parseParts decodes one MIME entity, descending into multiparts.
func parseParts(h textproto.MIMEHeader, body io.Reader, depth int) ([]Part, error) {
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = "text/plain; charset=us-ascii"
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(mt, "multipart/") {
		if depth >= 8 {
			return nil, errors.New("multiparts nested too deep")
		}
		if params["boundary"] == "" {
			return nil, errors.New(mt + " without a boundary")
		}
		mr := multipart.NewReader(body, params["boundary"])
		var parts []Part
		for {
			p, err := mr.NextRawPart() // NextPart would undo quoted-printable itself, and hide the header
			if err == io.EOF {
				return parts, nil
			}
			if err != nil {
				return parts, err
			}
			sub, err := parseParts(p.Header, p, depth+1)
			parts = append(parts, sub...)
			if err != nil {
				return parts, err
			}
		}
	}
	var r io.Reader
	switch cte := strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))); cte {
	case "quoted-printable":
		r = quotedprintable.NewReader(body)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, body) // ignores the line breaks
	case "", "7bit", "8bit", "binary":
		r = body
	default:
		return nil, fmt.Errorf("unknown Content-Transfer-Encoding %q", cte)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s part: %w", mt, err)
	}
	return []Part{{ContentType: mt, Params: params, Header: h, Body: string(b)}}, nil
}

// selfSigned makes a server certificate for 127.0.0.1, ::1 and localhost, and a pool that trusts it.
func selfSigned() (*tls.Config, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	cfg := &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}}, MinVersion: tls.VersionTLS12}
	return cfg, pool, nil
}
