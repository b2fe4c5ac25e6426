package servertest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/server"
)

// Config tells Run where the server is and what it may look at.
type Config struct {
	// URL is the API's root: "http://127.0.0.1:8080/api".
	URL string
	// HTTP sends the requests; nil means a client of its own.
	HTTP *http.Client
	// Snapshot, if set, reads a game as the server holds it. Run then
	// checks each game against the replay of its record, and checks that
	// no answer to a seat holds a card hidden from that seat.
	Snapshot func(ctx context.Context, id string) (server.Snapshot, error)
	// Bots are the bots that play the bot seats, in turn; nil means
	// random.
	Bots []string
	// Options are the options of each game played, by the game's name;
	// a game it does not name is played with its defaults. Shorter games
	// make a slow server's run shorter.
	Options map[string]json.RawMessage
	// Poll is how long a client waits between two reads of a view that
	// did not change; 0 means 2ms.
	Poll time.Duration
	// Seed makes the clients' choices reproducible.
	Seed uint64
	// Games are the rules of the server's games, which the checks of
	// Snapshot replay a stored game with; nil means this module's games
	// (catalog.Games). The games tested are those the server's catalog
	// lists (GET /catalog), whatever they are.
	Games []anygame.Game
}

// rules returns the rules of the game the server names name, for the
// checks that replay a stored game.
func (c Config) rules(name string) (anygame.Game, error) {
	games := c.Games
	if games == nil {
		games = catalog.Games()
	}
	g, err := anygame.Lookup(games, name)
	if err != nil {
		return nil, fmt.Errorf("the server's game %q has no rules in Config.Games to replay its stored games with: %w", name, err)
	}
	return g, nil
}

// Run reads the server's catalog (GET /catalog) and plays a complete game
// of every game it lists with several clients, one a human seat, polling
// and moving at once; a game of each against bots; and checks every
// refusal of the API. The server may serve any games: the clients play
// the moves their views list.
func Run(t *testing.T, c Config) {
	if c.Bots == nil {
		c.Bots = []string{anygame.RandomBot}
	}
	cl, _ := c.client()
	cat, err := cl.Catalog(t.Context())
	if err != nil {
		t.Fatalf("reading the server's catalog: %v", err)
	}
	if len(cat.Games) == 0 {
		t.Fatal("the server's catalog lists no game")
	}
	t.Run("catalog", func(t *testing.T) { testCatalog(t, c, cat) })
	for i, g := range cat.Games {
		n := seatsFor(g, 3)
		t.Run("humans/"+g.Name, func(t *testing.T) {
			t.Parallel()
			playGame(t, c, g.Name, seats(n, 0, nil), c.Seed+uint64(i))
		})
		t.Run("bots/"+g.Name, func(t *testing.T) {
			t.Parallel()
			playGame(t, c, g.Name, seats(n, n-1, c.Bots), c.Seed+uint64(i)+100)
		})
	}
	t.Run("refusals", func(t *testing.T) { testRefusals(t, c, cat.Games) })
}

// seatsFor returns the number of seats nearest n that game g seats.
func seatsFor(g server.GameInfo, n int) int { return min(g.MaxPlayers, max(g.MinPlayers, n)) }

// seats returns n seats, the last bots of them bots.
func seats(n, bots int, names []string) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = server.Human
		if i >= n-bots {
			s[i] = names[i%len(names)]
		}
	}
	return s
}

func (c Config) client() (*server.Client, *recorder) {
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: time.Minute}
	}
	rec := &recorder{next: hc.Transport}
	if rec.next == nil {
		rec.next = http.DefaultTransport
	}
	copied := *hc
	copied.Transport = rec
	return &server.Client{URL: c.URL, HTTP: &copied}, rec
}

// testCatalog checks the server's catalog: each game named once, with a
// title, a range of players, default options and bots, and, where the
// tester gave its rules (Config.Games, for Snapshot's checks), the
// metadata of those rules.
func testCatalog(t *testing.T, c Config, cat server.Catalog) {
	seen := map[string]bool{}
	for _, g := range cat.Games {
		switch {
		case g.Name == "" || seen[g.Name]:
			t.Errorf("the catalog lists a game without a name, or %q twice", g.Name)
		case g.Title == "" || g.MinPlayers < 1 || g.MinPlayers > g.MaxPlayers:
			t.Errorf("%s: no title, or no range of players: %d to %d", g.Name, g.MinPlayers, g.MaxPlayers)
		case len(g.DefaultOptions) == 0 || len(g.Bots) == 0:
			t.Errorf("%s: no default options or no bots", g.Name)
		}
		seen[g.Name] = true
		if c.Snapshot == nil {
			continue
		}
		want, err := c.rules(g.Name)
		if err != nil {
			t.Error(err)
			continue
		}
		got, _ := cardjson.Marshal(g.GameInfo)
		info, _ := cardjson.Marshal(want.Info())
		if !bytes.Equal(got, info) {
			t.Errorf("%s: the catalog's metadata\n%s\nis not the game's\n%s", g.Name, got, info)
		}
	}
}

// playGame creates a game with the given seats and plays it to the end,
// a client for each human seat, all at once.
func playGame(t *testing.T, c Config, game string, seats []string, seed uint64) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	cl, rec := c.client()
	created, err := cl.Create(ctx, server.CreateRequest{Game: game, Options: c.Options[game], Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	var players []*player
	for _, s := range created.Seats {
		if s.Token != "" {
			rec.seat(s.Token, s.Seat)
			players = append(players, &player{c: cl, id: created.ID, token: s.Token, seat: s.Seat,
				rand: rand.New(rand.NewPCG(seed, uint64(s.Seat))), poll: cmp.Or(c.Poll, 2*time.Millisecond), logf: t.Logf})
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, len(players))
	for i, p := range players {
		wg.Go(func() { errs[i] = p.play(ctx) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	// Every seat ends on the same version, with the same result.
	final := players[0].last
	for _, p := range players {
		if _, err := p.sync(ctx); err != nil {
			t.Fatal(err)
		}
		a, _ := headOf(p.last)
		b, _ := headOf(final)
		if p.last.Version != final.Version || !bytes.Equal(a.Result, b.Result) || !a.Over {
			t.Errorf("seat %d ends at version %d with %s, seat %d at version %d with %s", p.seat, p.last.Version, a.Result, final.Seat, final.Version, b.Result)
		}
	}
	t.Logf("game %s: %d moves, %d events, version %d", created.ID, final.Moves, players[0].read, final.Version)
	if c.Snapshot != nil {
		checkStored(t, c, game, created.ID, rec)
	}
}

// A recorder keeps every answer the server gives to a seat's token, for
// the secrecy check.
type recorder struct {
	next    http.RoundTripper
	mu      sync.Mutex
	seats   map[string]int // token → seat
	answers []answer
}

type answer struct {
	seat int
	body []byte
}

func (r *recorder) seat(token string, seat int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seats == nil {
		r.seats = map[string]int{}
	}
	r.seats[token] = seat
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	token, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
	r.mu.Lock()
	seat, known := r.seats[token]
	r.mu.Unlock()
	if !ok || !known || resp.StatusCode != http.StatusOK {
		return resp, nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	r.mu.Lock()
	r.answers = append(r.answers, answer{seat: seat, body: body})
	r.mu.Unlock()
	return resp, nil
}

// checkStored replays the game's record and checks the stored game
// against it: the state, the events, and every answer the seats read.
func checkStored(t *testing.T, c Config, game, id string, rec *recorder) {
	g, err := c.rules(game)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := c.Snapshot(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	replay, err := replayAll(g, snap.Record)
	if err != nil {
		t.Fatal(err)
	}
	last := replay.states[len(replay.states)-1]
	if !bytes.Equal(snap.State, last) {
		t.Errorf("the stored state\n%s\nis not the replay's\n%s", snap.State, last)
	}
	if len(snap.State) > 2048 {
		t.Errorf("the stored state has %d bytes, over 2 KB", len(snap.State))
	}
	if got, want := mustMarshal(snap.Events), mustMarshal(replay.events); !bytes.Equal(got, want) {
		t.Errorf("the stored events are not the replay's:\n%s\n%s", got, want)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for _, a := range rec.answers {
		if err := replay.checkAnswer(a); err != nil {
			t.Errorf("an answer to seat %d: %v\n%s", a.seat, err, a.body)
		}
	}
}

func mustMarshal(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// A replayed game: every position from the deal on, and every event.
type replayed struct {
	positions []anygame.Position
	states    []json.RawMessage
	events    []cards.Event
	secrets   map[string]cards.PlayerSet // texts of private events → their readers
}

func replayAll(g anygame.Game, rec anygame.Record) (*replayed, error) {
	deal, err := g.NewGame(rec.Options)
	if err != nil {
		return nil, err
	}
	pos, err := g.Load(deal.State)
	if err != nil {
		return nil, err
	}
	r := &replayed{positions: []anygame.Position{pos}, states: []json.RawMessage{deal.State}, events: deal.Events}
	for i, m := range rec.Moves {
		next, events, err := pos.Apply(m)
		if err != nil {
			return nil, fmt.Errorf("move %d of the record: %w", i+1, err)
		}
		state, err := next.State()
		if err != nil {
			return nil, err
		}
		pos = next
		r.positions, r.states, r.events = append(r.positions, next), append(r.states, state), append(r.events, events...)
	}
	r.secrets = secretsOf(r.events)
	return r, nil
}

// checkAnswer checks an answer to a seat: its view is the seat's view of
// the position after as many moves as it says, its events read as the
// seat reads them, and it holds no card the seat's view hides and no text
// of an event meant for others.
func (r *replayed) checkAnswer(a answer) error {
	var v server.SeatView
	if err := json.Unmarshal(a.body, &v); err != nil {
		return err
	}
	if v.Moves < 0 || v.Moves >= len(r.positions) {
		return fmt.Errorf("it counts %d moves; the game has %d", v.Moves, len(r.positions)-1)
	}
	want, err := r.positions[v.Moves].View(cards.Player(a.seat))
	if err != nil {
		return err
	}
	if !bytes.Equal(v.View, want) {
		return fmt.Errorf("its view is not the replay's\n%s", want)
	}
	for _, e := range v.Events {
		if e.Seq < 1 || e.Seq > len(r.events) {
			return fmt.Errorf("event %d is none of the game's", e.Seq)
		}
		if want := r.events[e.Seq-1].For(cards.Player(a.seat)); !bytes.Equal(mustMarshal(e), mustMarshal(want)) {
			return fmt.Errorf("event %d reads %s, not %s", e.Seq, mustMarshal(e), mustMarshal(want))
		}
	}
	hidden, err := r.hidden(v.Moves, a.seat)
	if err != nil {
		return err
	}
	var doc any
	if err := json.Unmarshal(a.body, &doc); err != nil {
		return err
	}
	for s := range stringsIn(doc) {
		if readers, ok := r.secrets[s]; ok && !readers.Has(cards.Player(a.seat)) {
			return fmt.Errorf("it holds %q, an event meant for %v", s, readers)
		}
	}
	// The events' data may name a card the view hides now, such as a card
	// dug from a pile into a hand: the data tells what the event's text
	// does, and the events are the replay's, as the seat reads them.
	for s := range stringsIn(withoutEventData(doc)) {
		if c, err := cards.ParseCard(s); err == nil && c.Code() == s && hidden.Has(c) {
			return fmt.Errorf("it names %s, which the seat's view hides", s)
		}
	}
	return nil
}

// withoutEventData returns an answer's document without the data of its
// events.
func withoutEventData(doc any) any {
	m, ok := doc.(map[string]any)
	if !ok {
		return doc
	}
	events, _ := m["events"].([]any)
	for _, e := range events {
		if e, ok := e.(map[string]any); ok {
			delete(e, "data")
		}
	}
	return m
}

// hidden returns the cards of the position after move k that the seat's
// view does not show.
func (r *replayed) hidden(k, seat int) (cards.Set, error) {
	state, err := cardsIn(r.states[k])
	if err != nil {
		return cards.Set{}, err
	}
	view, err := r.positions[k].View(cards.Player(seat))
	if err != nil {
		return cards.Set{}, err
	}
	shown, err := cardsIn(view)
	if err != nil {
		return cards.Set{}, err
	}
	return state.Minus(shown), nil
}

// secretsOf returns the texts of the events meant for some players only,
// each with its readers, leaving out those that anyone may read too.
func secretsOf(events []cards.Event) map[string]cards.PlayerSet {
	secrets := map[string]cards.PlayerSet{}
	public := map[string]bool{}
	for _, e := range events {
		if e.To == 0 || e.Text == e.Others {
			public[e.Text] = true
			continue
		}
		public[e.Others] = true
		secrets[e.Text] |= e.To
	}
	for text := range public {
		delete(secrets, text)
	}
	return secrets
}

// stringsIn yields every string of a decoded JSON document.
func stringsIn(doc any) iter.Seq[string] {
	return func(yield func(string) bool) {
		var walk func(any) bool
		walk = func(v any) bool {
			switch v := v.(type) {
			case string:
				return yield(v)
			case []any:
				for _, e := range v {
					if !walk(e) {
						return false
					}
				}
			case map[string]any:
				for _, e := range v {
					if !walk(e) {
						return false
					}
				}
			}
			return true
		}
		walk(doc)
	}
}

// cardsIn returns every card a JSON document names: each string that is
// a card's code.
func cardsIn(doc []byte) (cards.Set, error) {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		return cards.Set{}, err
	}
	var set cards.Set
	for s := range stringsIn(v) {
		if c, err := cards.ParseCard(s); err == nil && c.Code() == s {
			set.Add(c)
		}
	}
	return set, nil
}
