package servertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/cardrules/games/cards/server"
)

// AttackConfig tells Attack where the server is and how the attacker
// reaches it.
type AttackConfig struct {
	// URL is the API's root: "http://127.0.0.1:8080/api".
	URL string
	// Client is the attacker's HTTP client: one client for the server's
	// limits, as one address on the internet is.
	Client *http.Client
	// Dial, if set, opens the connections of a flood of idle
	// connections (from another address than Client's, or they take the
	// places of its requests' connections); nil floods none.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Conns is the number of idle connections of the flood; 0 means 3000.
	Conns int
	// Parallel is the number of requests each flood keeps under way at
	// once; 0 means 16.
	Parallel int
}

// AttackReport counts what Attack did, and how the server answered it.
type AttackReport struct {
	// Requests counts the requests answered, and Failed those that had
	// no answer (a connection the server refused).
	Requests, Failed int
	// Statuses counts the answers by status.
	Statuses map[int]int
	// Conns counts the connections of the flood the server left open,
	// and Refused those it closed at once.
	Conns, Refused int
}

func (r AttackReport) String() string {
	return fmt.Sprintf("%d requests answered %v, %d without an answer; of the connection flood, %d held open, %d closed by the server", r.Requests, r.Statuses, r.Failed, r.Conns, r.Refused)
}

// attack is the figures of an attack as its parts add to them.
type attack struct {
	mu     sync.Mutex
	report AttackReport
}

func (a *attack) note(status int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.report.Requests++
	a.report.Statuses[status]++
}

// Attack attacks the server from one client until ctx is done, all at
// once: it creates games against the hardest-working bots the server
// allows and plays on in them, floods it with creates, with requests and
// with idle connections, reads a long game whole again and again, and
// sends bodies of other types than JSON. It reports the answers it got.
func Attack(ctx context.Context, c AttackConfig) (AttackReport, error) {
	cl := &server.Client{URL: c.URL, HTTP: c.Client}
	a := &attack{report: AttackReport{Statuses: map[int]int{}}}
	var cat server.Catalog
	for {
		var err error
		if cat, err = cl.Catalog(ctx); err == nil {
			break
		}
		var e *server.Error
		if !errors.As(err, &e) || e.RetryAfter == 0 || ctx.Err() != nil {
			return a.report, err
		}
		time.Sleep(e.RetryAfter)
	}
	parallel := c.Parallel
	if parallel == 0 {
		parallel = 16
	}
	var wg sync.WaitGroup
	wg.Go(func() { a.bombs(ctx, cl, cat.Limits) })
	wg.Go(func() { a.longReads(ctx, cl) })
	for range parallel {
		wg.Go(func() { a.flood(ctx, cl, "POST", "/games", `{"game":"crown","seats":["human","human"]}`) })
		wg.Go(func() { a.flood(ctx, cl, "GET", "/catalog", "") })
		wg.Go(func() { a.flood(ctx, cl, "POST", "/games", "") }) // a body of no type, as another site's form sends
	}
	if c.Dial != nil {
		wg.Go(func() { a.conns(ctx, c) })
	}
	wg.Wait()
	return a.report, nil
}

// do sends one request of the attack and notes its answer.
func (a *attack) do(ctx context.Context, cl *server.Client, method, path, token, body string, typ string) (int, []byte) {
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(cl.URL, "/")+path, strings.NewReader(body))
	if err != nil {
		return 0, nil
	}
	if typ != "" {
		req.Header.Set("Content-Type", typ)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := cl.HTTP.Do(req)
	if err != nil {
		a.mu.Lock()
		a.report.Failed++
		a.mu.Unlock()
		// Tried again at once, a refused connection would measure the
		// attacker's own work on a machine it shares with the server.
		time.Sleep(10 * time.Millisecond)
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	a.note(resp.StatusCode)
	return resp.StatusCode, b
}

// flood sends one request again and again, a body of JSON if it has one
// and text otherwise.
func (a *attack) flood(ctx context.Context, cl *server.Client, method, path, body string) {
	typ := "text/plain"
	if body != "" {
		typ = "application/json"
	}
	for ctx.Err() == nil {
		a.do(ctx, cl, method, path, "", body, typ)
	}
}

// bombs creates games against the hardest-working bots the limits allow,
// and plays their human seat as fast as it may.
func (a *attack) bombs(ctx context.Context, cl *server.Client, l server.Limits) {
	spec := capped(l)
	seats := []string{server.Human, spec, spec, spec, spec, spec}
	body, _ := json.Marshal(server.CreateRequest{Game: "bastards", Options: json.RawMessage(`{"rounds":1000,"players":6}`), Seats: seats})
	r := rand.New(rand.NewPCG(1, 2))
	for ctx.Err() == nil {
		status, b := a.do(ctx, cl, "POST", "/games", "", string(body), "application/json")
		var created server.Created
		if status != http.StatusCreated || json.Unmarshal(b, &created) != nil {
			continue
		}
		a.play(ctx, cl, created, r)
	}
}

// play plays the human seat of a game as fast as it may, for a while.
func (a *attack) play(ctx context.Context, cl *server.Client, created server.Created, r *rand.Rand) {
	token := created.Seats[0].Token
	for range 200 {
		if ctx.Err() != nil {
			return
		}
		status, b := a.do(ctx, cl, "GET", "/games/"+created.ID, token, "", "")
		var v server.SeatView
		if status != http.StatusOK || json.Unmarshal(b, &v) != nil {
			continue
		}
		h, err := headOf(v)
		if err != nil || h.Over {
			return
		}
		if len(h.Moves) > 0 {
			move, _ := json.Marshal(server.MoveRequest{Version: v.Version, Move: h.Moves[r.IntN(len(h.Moves))]})
			a.do(ctx, cl, "POST", "/games/"+created.ID+"/moves", token, string(move), "application/json")
		}
	}
}

// longReads plays a game of human seats on and reads it whole, from its
// first event, again and again.
func (a *attack) longReads(ctx context.Context, cl *server.Client) {
	var tab *table
	for tab == nil && ctx.Err() == nil {
		tab, _ = newTableOf(ctx, cl, server.CreateRequest{Game: "bastards", Options: json.RawMessage(`{"rounds":1000}`), Seats: seats(4, 0, nil)}, 1)
	}
	for ctx.Err() == nil {
		for _, p := range tab.players {
			if _, err := p.sync(ctx); err != nil {
				continue
			}
			if h, err := headOf(p.last); err == nil && len(h.Moves) > 0 {
				p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))])
			}
			a.do(ctx, cl, "GET", "/games/"+tab.created.ID+"?since=0", p.token, "", "")
		}
	}
}

// conns opens idle connections to the server until c.Conns are open or
// refused, and holds them until ctx is done.
func (a *attack) conns(ctx context.Context, c AttackConfig) {
	u, err := url.Parse(c.URL)
	if err != nil {
		return
	}
	n := c.Conns
	if n == 0 {
		n = 3000
	}
	var open []net.Conn
	defer func() {
		for _, conn := range open {
			conn.Close()
		}
	}()
	for range n {
		conn, err := c.Dial(ctx, "tcp", u.Host)
		if err != nil {
			break
		}
		open = append(open, conn)
	}
	// A connection the server closed at once reads its end.
	time.Sleep(200 * time.Millisecond)
	held := 0
	for _, conn := range open {
		conn.SetReadDeadline(time.Now().Add(time.Millisecond))
		if _, err := conn.Read(make([]byte, 1)); errors.Is(err, io.EOF) || (err != nil && !isTimeout(err)) {
			continue
		}
		held++
	}
	a.mu.Lock()
	a.report.Conns, a.report.Refused = held, len(open)-held
	a.mu.Unlock()
	<-ctx.Done()
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// LoopbackDialer returns the dialer of the i-th of LoopbackClients: its
// connections come from the same address.
func LoopbackDialer(i int) func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: loopback(i)}, Timeout: 10 * time.Second}
	return d.DialContext
}

// loopback returns the address of the i-th of LoopbackClients.
func loopback(i int) net.IP { return net.IPv4(127, 1, byte(i/254), byte(i%254+1)) }
