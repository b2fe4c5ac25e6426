package servertest

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"
)

// Alternating returns the HTTP clients of clients whose requests go to
// each of the servers in turn, as behind a load balancer that spreads a
// client's requests: a request addressed to any of them goes to the
// next, with the same path; a server that refuses the connection (it is
// down) is passed over for the next, as a load balancer does, for the
// request was not sent. The i-th client begins with the i-th server,
// so that each serves as many clients first. The servers are the roots
// of the same API on handlers of one database ("http://127.0.0.1:8081/api").
func Alternating(servers ...string) func(i int) *http.Client {
	hosts := make([]*url.URL, len(servers))
	for i, s := range servers {
		u, err := url.Parse(s)
		if err != nil {
			panic("servertest.Alternating: " + err.Error())
		}
		hosts[i] = u
	}
	// One pool of connections for all the clients, as big as a load
	// test's: a client's requests go to each server, so each keeps
	// connections to every one.
	transport := &http.Transport{MaxIdleConns: 1024, MaxIdleConnsPerHost: 256, IdleConnTimeout: time.Minute}
	return func(i int) *http.Client {
		a := &alternating{hosts: hosts, transport: transport}
		a.next.Store(uint64(i))
		return &http.Client{Transport: a, Timeout: time.Minute}
	}
}

// alternating is a transport that sends each request to the next host.
type alternating struct {
	hosts     []*url.URL
	transport http.RoundTripper
	next      atomic.Uint64
}

func (a *alternating) RoundTrip(r *http.Request) (*http.Response, error) {
	var err error
	for range a.hosts {
		host := a.hosts[(a.next.Add(1)-1)%uint64(len(a.hosts))]
		next := r.Clone(r.Context())
		next.URL.Scheme, next.URL.Host, next.Host = host.Scheme, host.Host, ""
		if r.GetBody != nil { // a transport that failed closed the body
			if next.Body, err = r.GetBody(); err != nil {
				return nil, err
			}
		}
		var resp *http.Response
		resp, err = a.transport.RoundTrip(next)
		var op *net.OpError
		if !errors.As(err, &op) || op.Op != "dial" {
			return resp, err
		}
	}
	return nil, err
}
