//go:build !js

package gameserver

import (
	"fmt"
	"net"
	"net/http"
	"sync"

	"github.com/cardrules/games/cards/server"
)

// A limitListener bounds the connections open at once: in all, and from
// one client (an address, or an IPv6 /64). A connection over a limit is
// closed as soon as it is accepted, before it can send a byte. Behind a
// reverse proxy every connection comes from the proxy: the clients it
// names are bounded by inFlight instead.
type limitListener struct {
	net.Listener
	total, perClient int // 0: no limit

	mu      sync.Mutex
	open    int
	clients map[string]int
}

func newLimitListener(ln net.Listener, total, perClient int) *limitListener {
	return &limitListener{Listener: ln, total: total, perClient: perClient, clients: map[string]int{}}
}

// Accept returns the next connection within the limits.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := clientKey(c.RemoteAddr())
		if !l.take(key) {
			c.Close()
			continue
		}
		return &limitedConn{Conn: c, release: sync.OnceFunc(func() { l.release(key) })}, nil
	}
}

// take counts a new connection of the client, if the limits allow it.
func (l *limitListener) take(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if (l.total > 0 && l.open >= l.total) || (l.perClient > 0 && l.clients[key] >= l.perClient) {
		return false
	}
	l.open++
	l.clients[key]++
	return true
}

func (l *limitListener) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.clients[key]--; l.clients[key] <= 0 {
		delete(l.clients, key)
	}
}

// clientKey returns the client of a remote address, as the handler's
// limits count clients.
func clientKey(addr net.Addr) string {
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		host = addr.String()
	}
	return server.ClientKey(host)
}

// A limitedConn gives its place back when it is closed.
type limitedConn struct {
	net.Conn
	release func()
}

func (c *limitedConn) Close() error {
	c.release()
	return c.Conn.Close()
}

// inFlight bounds the requests one client has under way at once, the
// client being the one a trusted proxy names in its header: behind a
// proxy, what a client's connections are natively (a stream holds one
// for as long as it lasts). A request over the limit is refused 429.
func inFlight(header string, perClient int, next http.Handler) http.Handler {
	var (
		mu      sync.Mutex
		clients = map[string]int{}
	)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := server.ClientOf(r, header)
		mu.Lock()
		if clients[key] >= perClient {
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Retry-After", "10")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprintf(w, `{"code":%q,"error":"this client has %d requests under way, as many as the server allows"}`, server.CodeTooMany, perClient)
			return
		}
		clients[key]++
		mu.Unlock()
		defer func() {
			mu.Lock()
			if clients[key]--; clients[key] <= 0 {
				delete(clients, key)
			}
			mu.Unlock()
		}()
		next.ServeHTTP(w, r)
	})
}
