package servertest

import (
	"net/http"
	"net/url"
	"sync/atomic"
)

// Alternating returns the HTTP clients of clients whose requests go to
// each of the servers in turn, as behind a load balancer that spreads a
// client's requests: a request addressed to any of them goes to the
// next, with the same path. The i-th client begins with the i-th server,
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
	return func(i int) *http.Client {
		a := &alternating{hosts: hosts}
		a.next.Store(uint64(i))
		return &http.Client{Transport: a}
	}
}

// alternating is a transport that sends each request to the next host.
type alternating struct {
	hosts []*url.URL
	next  atomic.Uint64
}

func (a *alternating) RoundTrip(r *http.Request) (*http.Response, error) {
	host := a.hosts[(a.next.Add(1)-1)%uint64(len(a.hosts))]
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host, r.Host = host.Scheme, host.Host, ""
	return http.DefaultTransport.RoundTrip(r)
}
