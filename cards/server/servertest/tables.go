package servertest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
)

// The attacks of strangers on what the tables added: seats taken by name,
// the lobby, streams, rematches, a table's history.

// testStreamAfterLeave follows a game's stream as a seat's player, who
// then leaves the seat; another player takes it and the game starts. The
// stream must end, and tell nothing after the leave: not the next
// player's hand, nor their private events.
func testStreamAfterLeave(t *testing.T, c HostileConfig) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	host, mallory, carol := c.client(10), c.client(11), c.client(12)
	created, err := host.Create(ctx, server.CreateRequest{Game: "bastards", Seats: []string{server.Human, server.Open, server.Open}, Name: "Ann", Public: true})
	if err != nil {
		t.Fatal(err)
	}
	one, two := 1, 2
	seat, err := mallory.Claim(ctx, created.ID, "", "Mallory", &one)
	if err != nil {
		t.Fatal(err)
	}
	f := follow(ctx, mallory, created.ID, seat.Token)
	first, ok := f.next(10 * time.Second)
	if !ok {
		t.Fatalf("the stream told nothing: %v", f.wait(time.Second))
	}
	if err := mallory.Leave(ctx, created.ID, seat.Token, 1); err != nil {
		t.Fatal(err)
	}
	left := time.Now()
	if _, err := carol.Claim(ctx, created.ID, "", "Carol", &one); err != nil {
		t.Fatal(err)
	}
	if _, err := carol.Claim(ctx, created.ID, "", "Dan", &two); err != nil {
		t.Fatal(err)
	}
	err = f.wait(10 * time.Second)
	ended := time.Since(left)
	after := f.after(first.Version)
	t.Logf("a stream whose player left the seat: ended in %v (%v), %d messages after the leave", ended.Round(time.Millisecond), err, len(after))
	for _, m := range after {
		t.Errorf("after its player left, the stream told version %d, its view %.120s", m.Version, m.View)
	}
	var e *server.Error
	if !errors.As(err, &e) || e.Status != http.StatusUnauthorized {
		t.Errorf("the stream of a seat left: %v, want it ended, and its key refused 401", err)
	}
}

// A follower reads a stream with Client.Follow, keeping its messages.
type follower struct {
	mu    sync.Mutex
	msgs  []server.SeatView
	got   chan struct{}
	done  chan struct{}
	err   error
	close context.CancelFunc
}

// follow follows game id's stream with the key given until it ends for
// good (Follow returns).
func follow(ctx context.Context, cl *server.Client, id, key string) *follower {
	ctx, cancel := context.WithCancel(ctx)
	f := &follower{got: make(chan struct{}, 1), done: make(chan struct{}), close: cancel}
	go func() {
		defer close(f.done)
		f.err = cl.Follow(ctx, id, key, 0, func(v server.SeatView) error {
			f.mu.Lock()
			f.msgs = append(f.msgs, v)
			f.mu.Unlock()
			select {
			case f.got <- struct{}{}:
			default:
			}
			return nil
		})
	}()
	return f
}

// next waits at most d for a message, and returns the last one.
func (f *follower) next(d time.Duration) (server.SeatView, bool) {
	select {
	case <-f.got:
	case <-time.After(d):
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.msgs) == 0 {
		return server.SeatView{}, false
	}
	return f.msgs[len(f.msgs)-1], true
}

// wait waits at most d for the stream to end for good, then stops it,
// and returns why it ended.
func (f *follower) wait(d time.Duration) error {
	select {
	case <-f.done:
		return f.err
	case <-time.After(d):
		f.close()
		<-f.done
		return fmt.Errorf("the stream went on for %v", d)
	}
}

// after returns the messages of versions after v.
func (f *follower) after(v int64) []server.SeatView {
	f.mu.Lock()
	defer f.mu.Unlock()
	var later []server.SeatView
	for _, m := range f.msgs {
		if m.Version > v {
			later = append(later, m)
		}
	}
	return later
}

// testStreamChurn opens and closes streams of a game, again and again,
// while others follow it: the followers hear nothing of it, and another
// client's reads are answered as before.
func testStreamChurn(t *testing.T, c HostileConfig, l server.Limits) {
	if c.Client == nil {
		t.Log("every client is the same one: no churn from one of them")
		return
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	host := c.client(20)
	created, err := host.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}, Spectators: true})
	if err != nil {
		t.Fatal(err)
	}
	per := l.StreamsPerClient
	if per < 0 {
		per = 16
	}
	var followers []*follower
	for i := range 4 {
		for range min(per, 8) {
			followers = append(followers, follow(ctx, c.client(21+i), created.ID, ""))
		}
	}
	for _, f := range followers {
		if _, ok := f.next(10 * time.Second); !ok {
			t.Fatal("a follower heard nothing")
		}
	}
	token := created.Seats[0].Token
	reader := c.spread(100, 20) // a reader that keeps within its clients' rates
	read := func(n int) [2]time.Duration {
		var ds []time.Duration
		for range n {
			begin := time.Now()
			if _, err := reader.View(ctx, created.ID, token, 0, 0); err != nil {
				t.Fatal(err)
			}
			ds = append(ds, time.Since(begin))
			time.Sleep(10 * time.Millisecond)
		}
		p50, p99 := percentiles2(ds, 50, 99)
		return [2]time.Duration{p50, p99}
	}
	before := read(20)
	churner := c.spread(27, 4) // four clients' streams, opened and closed as fast as the server allows
	churned, stop := 0, make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			status, done := openStream(ctx, churner, created.ID, "")
			done()
			if status == http.StatusOK {
				churned++
			} else {
				time.Sleep(20 * time.Millisecond)
			}
		}
	})
	during := read(100)
	close(stop)
	wg.Wait()
	heard := 0
	for _, f := range followers {
		f.mu.Lock()
		heard += len(f.msgs) - 1
		f.mu.Unlock()
		f.wait(0)
	}
	t.Logf("%d streams opened and closed beside %d followers: the followers heard %d messages of it; another client's read p50/p99 %v/%v before, %v/%v meanwhile",
		churned, len(followers), heard, before[0], before[1], during[0], during[1])
	if heard > 0 {
		t.Errorf("streams that opened and closed sent %d messages to the game's followers", heard)
	}
	if during[0] > 10*before[0]+50*time.Millisecond {
		t.Errorf("another client's reads slowed from %v to %v while streams churned", before[0], during[0])
	}
}

// openStream opens a stream of game id with a key ("" for none), and
// returns its status and a function that closes it.
func openStream(ctx context.Context, cl *server.Client, id, key string) (int, func()) {
	req, err := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(cl.URL, "/")+"/games/"+id+"/stream", nil)
	if err != nil {
		return 0, func() {}
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := cl.HTTP.Do(req)
	if err != nil {
		return 0, func() {}
	}
	if resp.StatusCode == http.StatusOK {
		buf := make([]byte, 1)
		resp.Body.Read(buf) // the first message has come
	}
	return resp.StatusCode, func() { resp.Body.Close() }
}

// testWaitingFlood has a few clients make games that wait for players as
// fast as the server lets them: each is refused beyond its quota of games
// waiting, and another client still makes games, waiting or not.
func testWaitingFlood(t *testing.T, c HostileConfig, l server.Limits) {
	if c.Client == nil || l.WaitingGamesPerClient < 0 {
		t.Log("every client is the same one, or waiting games are not limited by client: no flood")
		return
	}
	ctx := t.Context()
	req := server.CreateRequest{Game: "bastards", Seats: []string{server.Open, server.Open, server.Open, server.Open}, Public: true}
	most := 0
	for i := range 5 {
		attacker := c.client(40 + i)
		made := 0
		for ; made <= l.WaitingGamesPerClient+2; made++ {
			_, err := attacker.Create(ctx, req)
			var e *server.Error
			if errors.As(err, &e) && e.Status == http.StatusTooManyRequests && e.Code == server.CodeTooMany {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		most = max(most, made)
	}
	t.Logf("5 clients making games that wait for players: at most %d each (the limit: %d a client, %d in all)", most, l.WaitingGamesPerClient, l.WaitingGames)
	if most > l.WaitingGamesPerClient {
		t.Errorf("a client made %d games waiting for players, over the limit of %d", most, l.WaitingGamesPerClient)
	}
	other := c.client(46)
	if _, err := other.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, "random"}}); err != nil {
		t.Errorf("another client's game against a bot: %v", err)
	}
	if _, err := other.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Open}, Public: true}); err != nil {
		t.Errorf("another client's game waiting for a player: %v", err)
	}
}

// shortCrown is a game of Claim the Crown of two people that ends soon.
var shortCrown = server.CreateRequest{Game: "crown", Options: json.RawMessage(`{"maxTurns":2}`), Seats: []string{server.Human, server.Human}}

// testRematchFlood chains rematches of a short game from one client: a
// proposal makes a game, and is refused beyond the client's rate of
// creates.
func testRematchFlood(t *testing.T, c HostileConfig, l server.Limits) {
	if c.Client == nil || l.CreateRate < 0 {
		t.Log("every client is the same one, or creates are not limited: no flood")
		return
	}
	ctx := t.Context()
	cl, players := c.client(60), c.spread(61, 20) // one client proposes; the games are played from others
	created, err := cl.Create(ctx, shortCrown)
	if err != nil {
		t.Fatal(err)
	}
	id, tokens := created.ID, []string{created.Seats[0].Token, created.Seats[1].Token}
	made, begin := 0, time.Now()
	for made <= l.CreateBurst+5 {
		playOut(ctx, t, players, id, tokens, c.Seed+uint64(made))
		m, err := cl.Rematch(ctx, id, tokens[0], false)
		var e *server.Error
		if errors.As(err, &e) && e.Status == http.StatusTooManyRequests {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := players.Rematch(ctx, id, tokens[1], false)
		if err != nil {
			t.Fatal(err)
		}
		made++
		id, tokens = m.ID, []string{m.Seat.Token, theirs.Seat.Token} // the proposer's first
	}
	elapsed := time.Since(begin)
	t.Logf("a chain of rematches from one client: %d made in %v before a refusal (its burst of creates: %d, then %g a minute)", made, elapsed.Round(time.Millisecond), l.CreateBurst, l.CreateRate)
	if most := l.CreateBurst + int(l.CreateRate*elapsed.Minutes()); made > most {
		t.Errorf("%d rematches proposed, over the client's creates (at most %d)", made, most)
	}
}

// testSquatting takes open seats of public games as fast as the server
// lets a client; the host sends a squatter away, and once the game plays,
// gives the seat of a player who keeps everyone waiting to a bot.
func testSquatting(t *testing.T, c HostileConfig, l server.Limits) {
	if c.Client == nil {
		t.Log("every client is the same one: no squatter apart")
		return
	}
	ctx := t.Context()
	squatter := c.client(70)
	var games []server.Created
	for i := range 4 {
		host := c.client(71 + i)
		for range min(4, max(l.WaitingGamesPerClient, 1)) {
			g, err := host.Create(ctx, server.CreateRequest{Game: "bastards", Seats: []string{server.Human, server.Open, server.Open}, Name: "Hana", Public: true})
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, g)
		}
	}
	claimed := 0
	var first server.SeatToken
	for _, g := range games {
		s, err := squatter.Claim(ctx, g.ID, "", "Squatter", nil)
		var e *server.Error
		if errors.As(err, &e) && e.Status == http.StatusTooManyRequests {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if claimed == 0 {
			first = s
		}
		claimed++
	}
	t.Logf("one client claiming the open seats of %d public games: %d taken before a refusal (its burst: %d, then %g a minute)", len(games), claimed, l.CreateBurst, l.CreateRate)
	if l.CreateRate >= 0 && claimed > l.CreateBurst {
		t.Errorf("one client took %d seats, over its burst of %d", claimed, l.CreateBurst)
	}
	if claimed == 0 {
		t.Fatal("no seat taken")
	}
	// The host sends the squatter away: the seat opens, the squatter's
	// stream ends and their token reads nothing.
	g, host := games[0], c.client(71)
	f := follow(ctx, squatter, g.ID, first.Token)
	f.next(10 * time.Second)
	if err := host.Leave(ctx, g.ID, g.Host, first.Seat); err != nil {
		t.Fatalf("the host sends the squatter away: %v", err)
	}
	var e *server.Error
	if err := f.wait(10 * time.Second); !errors.As(err, &e) || e.Status != http.StatusUnauthorized {
		t.Errorf("the stream of a squatter sent away: %v, want it ended, and its key refused 401", err)
	}
	_, err := squatter.View(ctx, g.ID, first.Token, 0, 0)
	wantRefusal(t, "the squatter's read after the host sent them away", err, http.StatusUnauthorized, server.CodeUnauthorized)
	// The seats taken by one who plays and one who never moves: the host
	// gives the idle seat to a bot once it has kept the game waiting for
	// the turn's time.
	joiner, idler := c.client(75), c.client(76)
	s, err := idler.Claim(ctx, g.ID, "", "Idler", nil)
	if err != nil {
		t.Fatal(err)
	}
	j, err := joiner.Claim(ctx, g.ID, "", "Joiner", nil)
	if err != nil {
		t.Fatal(err)
	}
	idle := s.Seat
	players := []*player{{c: host, id: g.ID, token: g.Seats[0].Token, seat: 0, rand: rand.New(rand.NewPCG(c.Seed, 0))},
		{c: joiner, id: g.ID, token: j.Token, seat: j.Seat, rand: rand.New(rand.NewPCG(c.Seed, 1))}}
	if err := playUntil(ctx, players, idle); err != nil {
		t.Fatal(err)
	}
	_, err = host.GiveToBot(ctx, g.ID, g.Host, idle, "random")
	wantRefusal(t, "giving the seat of a player who just had the turn to a bot", err, http.StatusConflict, server.CodeNotIdle)
	if l.TurnTime > 10*time.Second {
		t.Logf("the turn's time is %v: not waited for here", l.TurnTime)
		return
	}
	time.Sleep(l.TurnTime + 100*time.Millisecond)
	given, err := host.GiveToBot(ctx, g.ID, g.Host, idle, "random")
	if err != nil {
		t.Fatalf("giving the seat of a player who kept the game waiting %v to a bot: %v", l.TurnTime, err)
	}
	_, err = idler.View(ctx, g.ID, s.Token, 0, 0)
	wantRefusal(t, "the idle player's read once a bot has the seat", err, http.StatusUnauthorized, server.CodeUnauthorized)
	begin := time.Now()
	for players[0].last.Version <= given && time.Since(begin) < 10*time.Second {
		time.Sleep(50 * time.Millisecond)
		if _, err := players[0].sync(ctx); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("the seat of a player who kept the game waiting %v went to a bot: the game goes on (version %d, then %d)", l.TurnTime, given, players[0].last.Version)
	if players[0].last.Version <= given {
		t.Error("the bot did not play the seat")
	}
}

// playUntil plays the players' random moves until the seat given must act
// (and none of theirs), or the game ends.
func playUntil(ctx context.Context, players []*player, seat int) error {
	for range 1000 {
		moved := false
		for _, p := range players {
			if _, err := p.sync(ctx); err != nil {
				return err
			}
			h, err := headOf(p.last)
			if err != nil {
				return err
			}
			if h.Over {
				return errors.New("the game ended first")
			}
			if slices.Contains(h.ToAct, seat) {
				return nil
			}
			if len(h.Moves) > 0 {
				if _, err := p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))]); err != nil {
					return err
				}
				moved = true
			}
		}
		if !moved {
			time.Sleep(20 * time.Millisecond)
		}
	}
	return fmt.Errorf("seat %d was never to act", seat)
}

// testRematchKeys plays a game, proposes its rematch, and has the host
// start it before the other player answers: the seat kept for them is not
// given away, and they take it.
func testRematchKeys(t *testing.T, c HostileConfig) {
	ctx := t.Context()
	cl := c.client(80)
	created, err := cl.Create(ctx, shortCrown)
	if err != nil {
		t.Fatal(err)
	}
	tokens := []string{created.Seats[0].Token, created.Seats[1].Token}
	playOut(ctx, t, cl, created.ID, tokens, c.Seed)
	m, err := cl.Rematch(ctx, created.ID, tokens[0], false)
	if err != nil {
		t.Fatal(err)
	}
	_, err = cl.Start(ctx, m.ID, created.Host, "random")
	wantRefusal(t, "the host starting a rematch before its players answer", err, http.StatusConflict, server.CodeSeatsOpen)
	kept := 1 - m.Seat.Seat
	_, err = cl.GiveToBot(ctx, m.ID, created.Host, kept, "random")
	wantRefusal(t, "the host giving a seat kept for its player to a bot at once", err, http.StatusConflict, server.CodeNotIdle)
	other, err := cl.Rematch(ctx, created.ID, tokens[1], false)
	if err != nil || other.Seat == nil || other.Seat.Seat != kept {
		t.Errorf("the other player takes the seat kept for them: %+v, %v", other, err)
	}
}

// testHistory plays three games at a table, one of whose players leaves,
// their seat taken by a stranger of the same name: the history lists the
// games newest first, in pages, and counts the stranger's wins apart.
func testHistory(t *testing.T, c HostileConfig) {
	ctx := t.Context()
	cl := c.client(85)
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Options: json.RawMessage(`{"maxTurns":2}`), Seats: []string{server.Human, server.Open}, Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	bob, err := cl.Claim(ctx, created.ID, created.Invite.Key, "Bob", nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{created.ID}
	playOut(ctx, t, cl, created.ID, []string{created.Seats[0].Token, bob.Token}, c.Seed)
	// Bob leaves the rematch; a stranger takes the seat as "Bob".
	m, err := cl.Rematch(ctx, created.ID, created.Seats[0].Token, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.Rematch(ctx, created.ID, bob.Token, true); err != nil {
		t.Fatal(err)
	}
	stranger, err := cl.Claim(ctx, m.ID, created.Invite.Key, "Bob", nil)
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, m.ID)
	playOut(ctx, t, cl, m.ID, []string{m.Seat.Token, stranger.Token}, c.Seed+1)
	var pages [][]string
	before := ""
	var wins []server.NameWins
	for range 5 {
		h, err := cl.HistoryPage(ctx, m.ID, m.Seat.Token, before, 1)
		if err != nil {
			t.Fatal(err)
		}
		var page []string
		for _, g := range h.Games {
			page = append(page, g.ID)
		}
		pages, wins = append(pages, page), h.Wins
		if before = h.Next; before == "" {
			break
		}
	}
	t.Logf("a table of %d games read a game a page: %v; wins %+v", len(ids), pages, wins)
	if want := [][]string{{ids[1]}, {ids[0]}}; fmt.Sprint(pages) != fmt.Sprint(want) {
		t.Errorf("the history's pages: %v, want %v (newest first, one a page)", pages, want)
	}
	h, err := cl.History(ctx, m.ID, m.Seat.Token)
	if err != nil || len(h.Games) != 2 {
		t.Fatalf("the history: %+v, %v", h, err)
	}
	bobs := map[string]bool{}
	for _, g := range h.Games {
		for i, name := range g.Names {
			if name == "Bob" && i < len(g.Players) {
				bobs[g.Players[i]] = true
			}
		}
	}
	if len(bobs) != 2 {
		t.Errorf("Bob and the stranger named Bob are told apart: players %v", bobs)
	}
	total := 0
	for _, w := range h.Wins {
		total += w.Wins
		if w.Name == "Bob" && w.Player == "" {
			t.Errorf("a person's wins without who they are: %+v", w)
		}
	}
	decided := 0
	for _, g := range h.Games {
		if !g.Drawn && len(g.Winners) > 0 {
			decided++
		}
	}
	if total != decided {
		t.Errorf("%d wins counted of %d games won", total, decided)
	}
}

// testRematchRace has both players of a game over propose its rematch at
// once, several times: both find the same rematch, never a missing one.
func testRematchRace(t *testing.T, c HostileConfig) {
	ctx := t.Context()
	tries, failed := 6, 0
	for i := range tries {
		cl := c.client(90 + i)
		created, err := cl.Create(ctx, shortCrown)
		if err != nil {
			t.Fatal(err)
		}
		tokens := []string{created.Seats[0].Token, created.Seats[1].Token}
		playOut(ctx, t, cl, created.ID, tokens, c.Seed+uint64(i))
		var ms [2]server.Rematch
		var errs [2]error
		var wg sync.WaitGroup
		for p := range 2 {
			wg.Go(func() { ms[p], errs[p] = cl.Rematch(ctx, created.ID, tokens[p], false) })
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil || ms[0].ID != ms[1].ID {
			failed++
			t.Errorf("both players proposing at once: %+v %v, %+v %v", ms[0], errs[0], ms[1], errs[1])
		}
	}
	t.Logf("both players of a game proposing its rematch at once: %d of %d tries failed", failed, tries)
}

// testBadNames names players as strangers would to pass for nobody, or
// for something else: each is refused.
func testBadNames(t *testing.T, c HostileConfig) {
	ctx := t.Context()
	cl := c.client(96)
	for _, name := range []string{"\u2800", "Ann\u2800", "Ann\U00016FE4", "\u3164", "Z" + strings.Repeat("\u0301", 22), "random", "open", "P1 (host)", "Ann (P7)"} {
		_, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, "random"}, Name: name})
		wantRefusal(t, "the name "+strconv.QuoteToASCII(name), err, http.StatusUnprocessableEntity, server.CodeBadName)
	}
	t.Log("names that show nothing, draw over the lines around them, or pass for a seat or a bot: all refused 422")
}

// readStream reads game id's stream as the key given reads it, opened
// again after version from (Last-Event-ID), until it tells version until
// with no more to follow; it returns the messages.
func readStream(ctx context.Context, cl *server.Client, id, key string, from, until int64) ([]server.SeatView, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(cl.URL, "/")+"/games/"+id+"/stream", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Last-Event-ID", strconv.FormatInt(from, 10))
	hc := *cl.HTTP
	hc.Timeout = 0
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the stream: %s", resp.Status)
	}
	var msgs []server.SeatView
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case line == "":
			event = ""
		case strings.HasPrefix(line, "data: ") && event == "":
			var v server.SeatView
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &v); err != nil {
				return msgs, err
			}
			msgs = append(msgs, v)
			if v.Version == until && !v.More {
				return msgs, nil
			}
		}
	}
	return msgs, fmt.Errorf("the stream ended after %d messages: %v", len(msgs), sc.Err())
}

// checkVersions checks that messages of a stream opened after version
// from tell every version after it once, in order (a version again only
// after a message of it that says more follow), and every event once,
// from the one after since (-1: from the first one they tell).
func checkVersions(msgs []server.SeatView, from int64, since int) error {
	want := from + 1
	again := false
	for _, m := range msgs {
		switch {
		case again && m.Version == want-1:
		case m.Version == want:
			want++
		default:
			return fmt.Errorf("version %d, want %d", m.Version, want)
		}
		again = m.More
		for _, e := range m.Events {
			if since < 0 {
				since = e.Seq - 1
			}
			if e.Seq != since+1 {
				return fmt.Errorf("version %d: event %d after %d", m.Version, e.Seq, since)
			}
			since = e.Seq
		}
	}
	return nil
}
