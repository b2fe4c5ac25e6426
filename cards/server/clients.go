package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientOf returns the key of the client that sent r, as a handler's
// limits count clients: its address, or for IPv6 its /64 network (what
// one host is given), from the header a trusted proxy sets if header is
// not "" (Config.ClientHeader), else from the connection.
func ClientOf(r *http.Request, header string) string {
	addr := ""
	if header != "" {
		addr = r.Header.Get(header)
		if i := strings.LastIndexByte(addr, ','); i >= 0 { // X-Forwarded-For: the proxy's own hop is the last
			addr = addr[i+1:]
		}
		addr = strings.TrimSpace(addr)
	}
	if addr == "" {
		addr = r.RemoteAddr
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
	}
	return ClientKey(addr)
}

// ClientKey returns the key by which a handler's limits count the client
// at addr, an IP address: the address, or for IPv6 its /64 network (what
// one host is given), so that a host cannot escape its limits by changing
// addresses within its network.
func ClientKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
