//go:build !js

package main

import (
	"net"
	"sync"

	"github.com/cardrules/games/cards/server"
)

// A limitListener bounds the connections open at once: in all, and from
// one client (an address, or an IPv6 /64). A connection over a limit is
// closed as soon as it is accepted, before it can send a byte.
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
