package servertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/games/cards/server"
)

// Tables checks how people meet around a table: seats claimed by name
// (and a race for the last one, which exactly one client wins), names
// refused or kept, leaving before the start, bots given the open seats,
// the lobby and its pages, spectators, and the rematch with the table's
// history.
func Tables(t *testing.T, c Config) {
	t.Run("claims", func(t *testing.T) { testClaims(t, c) })
	t.Run("names", func(t *testing.T) { testNames(t, c) })
	t.Run("leave-and-start", func(t *testing.T) { testLeaveAndStart(t, c) })
	t.Run("lobby", func(t *testing.T) { testLobby(t, c) })
	t.Run("spectators", func(t *testing.T) { testSpectators(t, c) })
	t.Run("rematch", func(t *testing.T) { testRematch(t, c) })
}

// waitingGame creates a private game of the given seats, named Ann for
// the creator's seat if it has one.
func waitingGame(ctx context.Context, t *testing.T, cl *server.Client, game string, seats []string, public bool) server.Created {
	t.Helper()
	req := server.CreateRequest{Game: game, Seats: seats, Public: public}
	if slices.Contains(seats, server.Human) {
		req.Name = "Ann"
	}
	created, err := cl.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return created
}

func wantCode(t *testing.T, what string, err error, status int, code string) {
	t.Helper()
	wantRefusal(t, what, err, status, code)
}

// testClaims claims the open seats of a game by name: the game starts
// once they are full, every seat reads the names, and of many clients
// that claim its last seat at once, exactly one wins it.
func testClaims(t *testing.T, c Config) {
	ctx := t.Context()
	cl, _ := c.client()
	created := waitingGame(ctx, t, cl, "bastards", []string{server.Human, server.Open, server.Open, server.Open}, false)
	if created.Started || created.Invite == nil || created.Host == "" || created.Watch.Key == "" {
		t.Fatalf("a game of open seats: %+v", created)
	}
	ann := created.Seats[0].Token
	v, err := cl.View(ctx, created.ID, ann, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if v.Started || (len(v.View) != 0 && string(v.View) != "null") || len(v.Events) != 0 || v.Names[0] != "Ann" || v.Seats[1] != server.Open {
		t.Errorf("a waiting game's view: started %v, view %s, %d events, names %q, seats %q", v.Started, v.View, len(v.Events), v.Names, v.Seats)
	}
	_, err = cl.Claim(ctx, created.ID, "", "Bob", nil)
	wantCode(t, "a claim without the invitation", err, http.StatusUnauthorized, server.CodeUnauthorized)
	bob, err := cl.Claim(ctx, created.ID, created.Invite.Key, "Bob", nil)
	if err != nil || bob.Seat != 1 || bob.Name != "Bob" || bob.Token == "" || bob.Join == "" {
		t.Fatalf("Bob's claim: %+v, %v", bob, err)
	}
	two := 2
	_, err = cl.Claim(ctx, created.ID, created.Invite.Key, "Cy", &bob.Seat)
	wantCode(t, "a claim of a taken seat", err, http.StatusConflict, server.CodeNoOpenSeat)
	if _, err := cl.Claim(ctx, created.ID, created.Invite.Key, "Cy", &two); err != nil {
		t.Fatal(err)
	}
	// The race for the last seat.
	const racers = 8
	var wg sync.WaitGroup
	results := make([]error, racers)
	won := make([]server.SeatToken, racers)
	for i := range racers {
		wg.Go(func() {
			won[i], results[i] = cl.Claim(ctx, created.ID, created.Invite.Key, fmt.Sprintf("Racer %d", i), nil)
		})
	}
	wg.Wait()
	winners := 0
	for i, err := range results {
		var e *server.Error
		switch {
		case err == nil:
			winners++
			if won[i].Seat != 3 {
				t.Errorf("racer %d won seat %d", i, won[i].Seat)
			}
		case errors.As(err, &e) && e.Status == http.StatusConflict && (e.Code == server.CodeStarted || e.Code == server.CodeNoOpenSeat):
		default:
			t.Errorf("racer %d: %v", i, err)
		}
	}
	if winners != 1 {
		t.Errorf("%d clients won the last seat", winners)
	}
	t.Logf("%d clients raced for the last seat: %d won it", racers, winners)
	v, err = cl.View(ctx, created.ID, bob.Token, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Started || string(v.View) == "null" || v.Names[1] != "Bob" || v.Names[2] != "Cy" || !strings.HasPrefix(v.Names[3], "Racer ") {
		t.Errorf("the game once full: started %v, names %q", v.Started, v.Names)
	}
	_, err = cl.Claim(ctx, created.ID, created.Invite.Key, "Late", nil)
	wantCode(t, "a claim once the game started", err, http.StatusConflict, server.CodeStarted)
}

// testNames refuses the names a stranger should not be shown, keeps them
// as prepared, and refuses a name another player of the game has, in any
// case and width.
func testNames(t *testing.T, c Config) {
	ctx := t.Context()
	cl, _ := c.client()
	created := waitingGame(ctx, t, cl, "bastards", []string{server.Human, server.Open, server.Open, server.Open}, false)
	key := created.Invite.Key
	for _, name := range []string{"", "   ", strings.Repeat("x", server.MaxName+1), "A\u200bnn", "bell\a", "rtl\u202eevil", "tab\tname", "\x00"} {
		_, err := cl.Claim(ctx, created.ID, key, name, nil)
		wantCode(t, fmt.Sprintf("the name %q", name), err, http.StatusUnprocessableEntity, server.CodeBadName)
	}
	for _, name := range []string{"ann", "ANN", "Ａｎｎ", "  Ann  "} {
		_, err := cl.Claim(ctx, created.ID, key, name, nil)
		wantCode(t, fmt.Sprintf("the name %q beside Ann", name), err, http.StatusConflict, server.CodeNameTaken)
	}
	st, err := cl.Claim(ctx, created.ID, key, "  Zoë   the   <b>bold</b> ", nil)
	if err != nil || st.Name != "Zoë the <b>bold</b>" {
		t.Errorf("a name with spaces and markup: %q, %v; want it kept as text, its spaces as one", st.Name, err)
	}
	// A Cyrillic А looks like a Latin A: kept distinct (see the package
	// documentation), and shown beside its seat.
	if _, err := cl.Claim(ctx, created.ID, key, "\u0410nn", nil); err != nil {
		t.Errorf("a name of another script: %v", err)
	}
	if _, err := cl.Claim(ctx, created.ID, key, "😀 Bob", nil); err != nil {
		t.Errorf("a name with an emoji: %v", err)
	}
}

// testLeaveAndStart frees a seat before the start, refuses to start a
// game with open seats, and gives them to a bot when the host asks.
func testLeaveAndStart(t *testing.T, c Config) {
	ctx := t.Context()
	cl, _ := c.client()
	created := waitingGame(ctx, t, cl, "bastards", []string{server.Human, server.Open, server.Open, "random"}, false)
	bob, err := cl.Claim(ctx, created.ID, created.Invite.Key, "Bob", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = cl.Leave(ctx, created.ID, created.Seats[0].Token, bob.Seat)
	wantCode(t, "leaving another's seat", err, http.StatusForbidden, server.CodeNotYourSeat)
	if err := cl.Leave(ctx, created.ID, bob.Token, bob.Seat); err != nil {
		t.Fatal(err)
	}
	v, err := cl.View(ctx, created.ID, created.Seats[0].Token, 0, 0)
	if err != nil || v.Seats[bob.Seat] != server.Open || v.Names[bob.Seat] != "" {
		t.Errorf("after Bob left: %q %q, %v", v.Seats, v.Names, err)
	}
	_, err = cl.View(ctx, created.ID, bob.Token, 0, 0)
	wantCode(t, "the token of a seat left", err, http.StatusUnauthorized, server.CodeUnauthorized)
	_, err = cl.Start(ctx, created.ID, created.Seats[0].Token, "")
	wantCode(t, "a start without the host's key", err, http.StatusUnauthorized, server.CodeUnauthorized)
	_, err = cl.Start(ctx, created.ID, created.Host, "")
	wantCode(t, "a start with open seats", err, http.StatusConflict, server.CodeSeatsOpen)
	_, err = cl.Start(ctx, created.ID, created.Host, "montecarlo:samples=100000")
	wantCode(t, "a start with a bot over the limits", err, http.StatusUnprocessableEntity, "")
	if _, err := cl.Start(ctx, created.ID, created.Host, "random"); err != nil {
		t.Fatal(err)
	}
	v, err = cl.View(ctx, created.ID, created.Seats[0].Token, 0, 0)
	if err != nil || !v.Started || v.Seats[1] != "random" || v.Seats[2] != "random" {
		t.Errorf("after the start: %v %q, %v", v.Started, v.Seats, err)
	}
	err = cl.Leave(ctx, created.ID, created.Seats[0].Token, 0)
	wantCode(t, "leaving a game that started", err, http.StatusConflict, server.CodeStarted)
	p := &player{c: cl, id: created.ID, token: created.Seats[0].Token, seat: 0, rand: rand.New(rand.NewPCG(1, 2))}
	if _, err := p.sync(ctx); err != nil {
		t.Fatal(err)
	}
}

// testLobby lists the public games that wait, newest first, by game and
// in pages, without their seeds; a private game and a game that started
// are not listed.
func testLobby(t *testing.T, c Config) {
	ctx := t.Context()
	cl, _ := c.client()
	game := "bastards"
	var ids []string
	for range 5 {
		ids = append(ids, waitingGame(ctx, t, cl, game, []string{server.Open, server.Open, server.Open, server.Open}, true).ID)
	}
	private := waitingGame(ctx, t, cl, game, []string{server.Open, server.Open, server.Open, server.Open}, false)
	var listed []string
	after := ""
	pages := 0
	for pages < 100 {
		l, err := cl.Lobby(ctx, game, after, 2)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, g := range l.Games {
			listed = append(listed, g.ID)
			if g.Game != game || len(g.Seats) != 4 || g.Seats[0] != server.Open {
				t.Errorf("a game of the lobby: %+v", g)
			}
			if strings.Contains(string(g.Options), "seed") {
				t.Errorf("the lobby tells a game's seed: %s", g.Options)
			}
		}
		if l.Next == "" {
			break
		}
		after = l.Next
	}
	for i, id := range ids {
		j := slices.Index(listed, id)
		if j < 0 {
			t.Errorf("public game %s is not in the lobby", id)
		} else if i > 0 && j > slices.Index(listed, ids[i-1]) {
			t.Errorf("the lobby lists game %s after an older one", id)
		}
	}
	if slices.Contains(listed, private.ID) {
		t.Error("the lobby lists a private game")
	}
	if l, err := cl.Lobby(ctx, "crown", "", 0); err != nil || slices.ContainsFunc(l.Games, func(g server.LobbyGame) bool { return g.Game != "crown" }) {
		t.Errorf("the lobby of crown: %v", err)
	}
	_, err := cl.Lobby(ctx, "chess", "", 0)
	wantCode(t, "the lobby of no game", err, http.StatusBadRequest, "")
	// A public game is joined without the invitation; once full, it
	// leaves the lobby.
	for i := range 4 {
		if _, err := cl.Claim(ctx, ids[0], "", fmt.Sprintf("Player %d", i), nil); err != nil {
			t.Fatal(err)
		}
	}
	l, err := cl.Lobby(ctx, game, "", 0)
	if err != nil || slices.ContainsFunc(l.Games, func(g server.LobbyGame) bool { return g.ID == ids[0] }) {
		t.Errorf("a game that started is still in the lobby: %v", err)
	}
	t.Logf("the lobby: %d public games waiting over %d pages of 2", len(listed), pages)
}

// testSpectators reads a game as its spectators do, by their key or,
// where anyone may watch, without one: they read the spectator's view
// and the public events, never a hidden card, and cannot act.
func testSpectators(t *testing.T, c Config) {
	ctx := t.Context()
	cl, rec := c.client()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "bastards", Seats: seats(4, 0, nil), Spectators: false})
	if err != nil {
		t.Fatal(err)
	}
	rec.seat(created.Watch.Key, -1)
	for _, s := range created.Seats {
		rec.seat(s.Token, s.Seat)
	}
	watcher := &player{c: cl, id: created.ID, token: created.Watch.Key, seat: -1}
	if _, err := watcher.sync(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = cl.View(ctx, created.ID, "", 0, 0)
	wantCode(t, "a spectator without the key of a game not open to all", err, http.StatusUnauthorized, server.CodeUnauthorized)
	tab := &table{created: created}
	for _, s := range created.Seats {
		tab.players = append(tab.players, &player{c: cl, id: created.ID, token: s.Token, seat: s.Seat, rand: rand.New(rand.NewPCG(c.Seed, uint64(s.Seat)))})
	}
	for range 40 {
		for _, p := range tab.players {
			if _, err := p.sync(ctx); err != nil {
				t.Fatal(err)
			}
			if h, _ := headOf(p.last); len(h.Moves) > 0 {
				if _, err := p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := watcher.sync(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if watcher.last.Seat != -1 || watcher.read == 0 {
		t.Errorf("the spectator read seat %d and %d events", watcher.last.Seat, watcher.read)
	}
	if h, _ := headOf(watcher.last); len(h.Moves) != 0 {
		t.Errorf("the spectator's view lists %d moves", len(h.Moves))
	}
	some := json.RawMessage(`{"player":0,"kind":"pass"}`)
	_, err = cl.Move(ctx, created.ID, created.Watch.Key, watcher.last.Version, some, -1)
	wantCode(t, "a spectator's move", err, http.StatusForbidden, server.CodeSpectator)
	if c.Snapshot != nil {
		checkStored(t, c, "bastards", created.ID, rec)
	}
	open, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: seats(2, 0, nil), Spectators: true})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := cl.View(ctx, open.ID, "", 0, 0); err != nil || v.Seat != -1 {
		t.Errorf("a spectator without a key of a game open to all: %v", err)
	}
}

// testRematch plays a game to its end and its rematch: the first seat to
// ask proposes it, the others accept or leave; it keeps the names, its
// first seat is the last game's second, both games link to each other,
// and the table's history counts each name's wins.
func testRematch(t *testing.T, c Config) {
	ctx := t.Context()
	cl, _ := c.client()
	created := waitingGame(ctx, t, cl, "crown", []string{server.Human, server.Open}, false)
	bob, err := cl.Claim(ctx, created.ID, created.Invite.Key, "Bob", nil)
	if err != nil {
		t.Fatal(err)
	}
	tokens := []string{created.Seats[0].Token, bob.Token}
	playOut(ctx, t, cl, created.ID, tokens, c.Seed)
	m, err := cl.Rematch(ctx, created.ID, tokens[1], false) // Bob proposes
	if err != nil || m.ID == "" || m.Seat == nil || m.Seat.Seat != 0 || m.Seat.Name != "Bob" {
		t.Fatalf("Bob's proposal: %+v, %v", m, err)
	}
	_, err = cl.Rematch(ctx, created.ID, tokens[1], false)
	wantCode(t, "Bob's proposal again", err, http.StatusConflict, server.CodeNoOpenSeat)
	v, err := cl.View(ctx, m.ID, m.Seat.Token, 0, 0)
	if err != nil || v.Started || v.Previous != created.ID || v.Table != created.ID || v.Names[1] != "Ann" || v.Seats[1] != server.Open {
		t.Fatalf("the rematch before Ann accepts: %+v, %v", v, err)
	}
	ann, err := cl.Rematch(ctx, created.ID, tokens[0], false)
	if err != nil || ann.ID != m.ID || ann.Seat == nil || ann.Seat.Seat != 1 || ann.Seat.Name != "Ann" {
		t.Fatalf("Ann's acceptance: %+v, %v", ann, err)
	}
	first, err := cl.View(ctx, created.ID, tokens[0], 0, 0)
	if err != nil || first.Next != m.ID {
		t.Errorf("the first game does not link to the rematch: %q, %v", first.Next, err)
	}
	playOut(ctx, t, cl, m.ID, []string{m.Seat.Token, ann.Seat.Token}, c.Seed+1)
	hist, err := cl.History(ctx, m.ID, m.Seat.Token)
	if err != nil || len(hist.Games) != 2 || hist.Table != created.ID {
		t.Fatalf("the table's history: %+v, %v", hist, err)
	}
	wins := 0
	for _, w := range hist.Wins {
		wins += w.Wins
	}
	for _, p := range hist.Games {
		if !p.Over || len(p.Names) != 2 {
			t.Errorf("a game of the history: %+v", p)
		}
	}
	// Newest first: the rematch, then the first game.
	if hist.Games[1].Names[0] != "Ann" || hist.Games[0].Names[0] != "Bob" || hist.Games[0].ID != m.ID {
		t.Errorf("the first player did not rotate: %q then %q", hist.Games[1].Names, hist.Games[0].Names)
	}
	decided := 0
	for _, p := range hist.Games {
		if !p.Drawn {
			decided++
		}
	}
	if wins != decided {
		t.Errorf("%d wins counted of %d games won", wins, decided)
	}
	t.Logf("the table's history: %+v, wins %+v", hist.Games, hist.Wins)
	// Leaving a rematch opens the seat to anyone with the invitation.
	third, err := cl.Rematch(ctx, m.ID, ann.Seat.Token, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.Rematch(ctx, m.ID, m.Seat.Token, true); err != nil {
		t.Fatal(err)
	}
	v, err = cl.View(ctx, third.ID, third.Seat.Token, 0, 0)
	if err != nil || v.Started || slices.Contains(v.Names, "Bob") {
		t.Errorf("the rematch Bob left: %+v, %v", v, err)
	}
	if _, err := cl.Claim(ctx, third.ID, created.Invite.Key, "Dee", nil); err != nil {
		t.Errorf("claiming the seat Bob left, with the table's invitation: %v", err)
	}
}

// playOut plays a game of the given seats' tokens to its end.
func playOut(ctx context.Context, t *testing.T, cl *server.Client, id string, tokens []string, seed uint64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	var ps []*player
	for i, token := range tokens {
		ps = append(ps, &player{c: cl, id: id, token: token, seat: -2, rand: rand.New(rand.NewPCG(seed, uint64(i)))})
	}
	for _, p := range ps {
		v, err := cl.View(ctx, id, p.token, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		p.seat = v.Seat
	}
	for {
		for _, p := range ps {
			if _, err := p.sync(ctx); err != nil {
				t.Fatal(err)
			}
			h, _ := headOf(p.last)
			if h.Over {
				return
			}
			if len(h.Moves) > 0 {
				if _, err := p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
