package storetest

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
)

// Proxy is a TCP endpoint on loopback for fault tests: it forwards
// connections to a target (the test PostgreSQL) or, hung, accepts them and
// never answers, as a database behind a dead network path does. Tests
// switch it between the two while the code under test runs. It is safe
// for concurrent use and closed at cleanup.
type Proxy struct {
	ln net.Listener

	mu     sync.Mutex
	target string // "" while hung
	conns  []net.Conn
}

// NewProxy listens on 127.0.0.1 (a free port when addr is "") and starts
// hung: it accepts and never answers until Forward.
func NewProxy(t testing.TB, addr string) *Proxy {
	t.Helper()
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("proxy: %v", err)
	}
	p := &Proxy{ln: ln}
	go p.accept()
	t.Cleanup(p.Close)
	return p
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Forward makes the proxy forward what arrives, from now on, to target
// (host:port): new connections are connected to it, and so are hung ones
// (whatever they sent while hung was dropped).
func (p *Proxy) Forward(target string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.target = target
}

// Hang makes the proxy stop answering: bytes from clients are read and
// dropped, on new connections and on those already forwarded, and nothing
// comes back. Connections stay open.
func (p *Proxy) Hang() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.target = ""
}

func (p *Proxy) forwarding() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.target
}

// Close stops listening and closes every connection.
func (p *Proxy) Close() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *Proxy) track(c net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.conns = append(p.conns, c)
}

func (p *Proxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.track(c)
		go p.serve(c)
	}
}

// serve forwards c while the proxy forwards, and swallows its bytes while
// it is hung. The upstream connection is made on the first bytes that may
// be forwarded.
func (p *Proxy) serve(c net.Conn) {
	defer c.Close()
	var up net.Conn
	buf := make([]byte, 32<<10)
	for {
		n, err := c.Read(buf)
		if n > 0 {
			target := p.forwarding()
			if target == "" {
				continue // hung: drop it
			}
			if up == nil {
				if up, err = net.Dial("tcp", target); err != nil {
					return
				}
				p.track(up)
				defer up.Close()
				go func(up net.Conn) {
					b := make([]byte, 32<<10)
					for {
						n, err := up.Read(b)
						if n > 0 && p.forwarding() != "" {
							if _, werr := c.Write(b[:n]); werr != nil {
								return
							}
						}
						if err != nil {
							c.Close()
							return
						}
					}
				}(up)
			}
			if _, err := up.Write(buf[:n]); err != nil {
				return
			}
		}
		if err != nil {
			if err == io.EOF && up != nil {
				up.(*net.TCPConn).CloseWrite()
			}
			return
		}
	}
}

// PostgresHost is the host:port of the test PostgreSQL (PostgresURL's).
func PostgresHost(t testing.TB) string {
	t.Helper()
	u, err := url.Parse(PostgresURL())
	if err != nil || u.Host == "" {
		t.Fatalf("SCOOP_TEST_DATABASE_URL %q: no host", PostgresURL())
	}
	return u.Host
}

// ViaURL returns the test PostgreSQL's URL with search_path schema, with
// its host replaced by addr (a Proxy's) and extra query parameters set.
func ViaURL(t testing.TB, schema, addr string, extra url.Values) string {
	t.Helper()
	u, err := url.Parse(SchemaURL(t, schema))
	if err != nil {
		t.Fatal(err)
	}
	u.Host = addr
	q := u.Query()
	for k, v := range extra {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	return u.String()
}
