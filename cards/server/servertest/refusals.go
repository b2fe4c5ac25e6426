package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/server"
)

// table is a game of human seats only, with a player for each.
type table struct {
	created server.Created
	players []*player
}

func newTable(ctx context.Context, cl *server.Client, game string, n int, seed uint64) (*table, error) {
	return newTableOf(ctx, cl, server.CreateRequest{Game: game, Seats: seats(n, 0, nil)}, seed)
}

// newTableOf creates the game a request asks for, of human seats only.
func newTableOf(ctx context.Context, cl *server.Client, req server.CreateRequest, seed uint64) (*table, error) {
	created, err := cl.Create(ctx, req)
	if err != nil {
		return nil, err
	}
	t := &table{created: created}
	for _, s := range created.Seats {
		p := &player{c: cl, id: created.ID, token: s.Token, seat: s.Seat, rand: rand.New(rand.NewPCG(seed, uint64(s.Seat)))}
		if _, err := p.sync(ctx); err != nil {
			return nil, err
		}
		t.players = append(t.players, p)
	}
	return t, nil
}

// toAct returns a seat that must act, with its moves, and one that need
// not, or nil; it plays random moves until there are both, or the game
// ends.
func (t *table) toAct(ctx context.Context) (*player, []json.RawMessage, *player, error) {
	for range 1000 {
		var acting, idle *player
		var moves []json.RawMessage
		for _, p := range t.players {
			if _, err := p.sync(ctx); err != nil {
				return nil, nil, nil, err
			}
			h, err := headOf(p.last)
			if err != nil {
				return nil, nil, nil, err
			}
			if h.Over {
				return nil, nil, nil, errors.New("the game ended first")
			}
			if len(h.Moves) > 0 && acting == nil {
				acting, moves = p, h.Moves
			} else if len(h.Moves) == 0 {
				idle = p
			}
		}
		if acting == nil {
			return nil, nil, nil, errors.New("nobody is to act")
		}
		if idle != nil {
			return acting, moves, idle, nil
		}
		if _, err := acting.move(ctx, moves[acting.rand.IntN(len(moves))]); err != nil {
			return nil, nil, nil, err
		}
	}
	return nil, nil, nil, errors.New("no seat was ever idle")
}

// wantRefusal checks that err is a refusal of the given status and code
// ("" for any code).
func wantRefusal(t *testing.T, what string, err error, status int, code string) {
	t.Helper()
	var e *server.Error
	switch {
	case !errors.As(err, &e):
		t.Errorf("%s: got %v, want a refusal %d %s", what, err, status, code)
	case e.Status != status || (code != "" && e.Code != code):
		t.Errorf("%s: got %d %s (%s), want %d %s", what, e.Status, e.Code, e.Message, status, code)
	case e.Message == "":
		t.Errorf("%s: a refusal without a message", what)
	}
}

func testRefusals(t *testing.T, c Config, games []server.GameInfo) {
	ctx := t.Context()
	cl, _ := c.client()
	for _, g := range games {
		t.Run(g.Name, func(t *testing.T) { testGameRefusals(t, c, cl, g) })
	}
	t.Run("create", func(t *testing.T) { testCreateRefusals(t, cl, games[0]) })

	raw := func(method, path, token, body string) (int, string) {
		return rawRequest(t, cl, method, path, token, body)
	}
	tab, err := newTable(ctx, cl, games[0].Name, seatsFor(games[0], 4), c.Seed)
	if err != nil {
		t.Fatal(err)
	}
	p := tab.players[0]
	path := "/games/" + p.id + "/moves"
	for _, tc := range []struct {
		name, body string
		status     int
	}{
		{"malformed JSON", `{"version":1,`, http.StatusBadRequest},
		{"an unknown member", `{"version":1,"move":{},"extra":1}`, http.StatusBadRequest},
		{"not an object", `[]`, http.StatusBadRequest},
		{"a malformed move", `{"version":1,"move":{"player":"x"}}`, http.StatusBadRequest},
		{"an oversized body", `{"version":1,"move":"` + strings.Repeat("x", server.MaxBody) + `"}`, http.StatusRequestEntityTooLarge},
	} {
		if status, body := raw("POST", path, p.token, tc.body); status != tc.status || !strings.Contains(body, `"code"`) {
			t.Errorf("%s: %d %s, want %d with a code", tc.name, status, body, tc.status)
		}
	}
	if status, body := raw("POST", "/games", "", `{"game":`); status != http.StatusBadRequest {
		t.Errorf("a malformed request to create a game: %d %s", status, body)
	}
	if status, body := raw("GET", "/games/"+p.id+"?since=-1", p.token, ""); status != http.StatusBadRequest {
		t.Errorf("since=-1: %d %s", status, body)
	}
	if status, _ := raw("GET", "/nothing", "", ""); status != http.StatusNotFound {
		t.Errorf("an unknown path: %d", status)
	}
}

func testGameRefusals(t *testing.T, c Config, cl *server.Client, g server.GameInfo) {
	ctx := t.Context()
	name, n := g.Name, seatsFor(g, 3)
	tab, err := newTable(ctx, cl, name, n, c.Seed)
	if err != nil {
		t.Fatal(err)
	}
	other, err := newTable(ctx, cl, name, n, c.Seed+1)
	if err != nil {
		t.Fatal(err)
	}
	acting, moves, idle, err := tab.toAct(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id, version := acting.id, acting.last.Version

	// 404, 401: unknown games, missing, forged and swapped tokens.
	_, err = cl.View(ctx, "no-such-game", acting.token, 0, 0)
	wantRefusal(t, "an unknown game", err, http.StatusNotFound, server.CodeNotFound)
	_, err = cl.View(ctx, id, "", 0, 0)
	wantRefusal(t, "no token", err, http.StatusUnauthorized, server.CodeUnauthorized)
	_, err = cl.View(ctx, id, acting.token+"x", 0, 0)
	wantRefusal(t, "a forged token", err, http.StatusUnauthorized, server.CodeUnauthorized)
	_, err = cl.View(ctx, id, other.players[acting.seat].token, 0, 0)
	wantRefusal(t, "another game's token", err, http.StatusUnauthorized, server.CodeUnauthorized)
	_, err = cl.Move(ctx, id, other.players[acting.seat].token, version, moves[0], -1)
	wantRefusal(t, "a move with another game's token", err, http.StatusUnauthorized, server.CodeUnauthorized)
	_, err = cl.Move(ctx, id, "", version, moves[0], -1)
	wantRefusal(t, "a move without a token", err, http.StatusUnauthorized, server.CodeUnauthorized)

	// A token reads its own seat, and refuses to read another.
	v, err := cl.View(ctx, id, idle.token, 0, 0)
	if err != nil || v.Seat != idle.seat {
		t.Errorf("seat %d's token read seat %d: %v", idle.seat, v.Seat, err)
	}
	if status, body := rawRequest(t, cl, "GET", fmt.Sprintf("/games/%s?seat=%d", id, acting.seat), idle.token, ""); status != http.StatusForbidden || !strings.Contains(body, server.CodeNotYourSeat) {
		t.Errorf("a seat reading another's view: %d %s", status, body)
	}

	// 304: an unchanged version.
	_, err = cl.View(ctx, id, acting.token, acting.read, version)
	if !errors.Is(err, server.ErrNotModified) {
		t.Errorf("a view at the version known: %v, want 304", err)
	}

	// 403: acting for another seat, or out of turn.
	_, err = cl.Move(ctx, id, idle.token, version, moves[0], -1)
	wantRefusal(t, "a move for another seat", err, http.StatusForbidden, server.CodeNotYourSeat)
	_, err = cl.Move(ctx, id, idle.token, version, withPlayer(t, moves[0], idle.seat), -1)
	wantRefusal(t, "a move out of turn", err, http.StatusForbidden, anygame.CodeNotYourTurn)

	// 422: a move that is no legal move now, found among another game's.
	illegal := illegalMove(ctx, t, other, acting.seat, moves)
	if illegal != nil {
		_, err = cl.Move(ctx, id, acting.token, version, illegal, -1)
		wantRefusal(t, "an illegal move", err, http.StatusUnprocessableEntity, anygame.CodeIllegalMove)
	}

	// 409: a stale version, then the move on the current one.
	_, err = cl.Move(ctx, id, acting.token, version-1, moves[0], -1)
	wantRefusal(t, "a stale version", err, http.StatusConflict, server.CodeStale)
	_, err = cl.Move(ctx, id, acting.token, version+1, moves[0], -1)
	wantRefusal(t, "a version to come", err, http.StatusConflict, server.CodeStale)
	if ok, err := acting.move(ctx, moves[0]); err != nil || !ok {
		t.Fatalf("the legal move after the refusals: %v", err)
	}
	_, err = cl.Move(ctx, id, acting.token, version, moves[0], -1)
	wantRefusal(t, "the same move again", err, http.StatusConflict, server.CodeStale)
}

// withPlayer returns a move as made by another player.
func withPlayer(t *testing.T, move json.RawMessage, p int) json.RawMessage {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(move, &m); err != nil {
		t.Fatal(err)
	}
	m["player"] = json.RawMessage(fmt.Sprint(p))
	b, _ := json.Marshal(m)
	return b
}

// illegalMove returns a move of the seat that another table lists and
// moves does not, or nil; it plays the other table on to find one.
func illegalMove(ctx context.Context, t *testing.T, other *table, seat int, moves []json.RawMessage) json.RawMessage {
	for range 200 {
		for _, p := range other.players {
			h, err := headOf(p.last)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range h.Moves {
				if p.seat == seat && !slices.ContainsFunc(moves, func(l json.RawMessage) bool { return bytes.Equal(l, m) }) {
					return m
				}
			}
			if len(h.Moves) > 0 {
				if _, err := p.move(ctx, h.Moves[p.rand.IntN(len(h.Moves))]); err != nil {
					t.Fatal(err)
				}
				for _, q := range other.players {
					if _, err := q.sync(ctx); err != nil {
						t.Fatal(err)
					}
				}
				break
			}
		}
	}
	t.Log("found no illegal move among another game's")
	return nil
}

func testCreateRefusals(t *testing.T, cl *server.Client, g server.GameInfo) {
	ctx := t.Context()
	name, n := g.Name, g.MinPlayers
	for _, tc := range []struct {
		what   string
		req    server.CreateRequest
		status int
		code   string
	}{
		{"an unknown game", server.CreateRequest{Game: "chess", Seats: seats(2, 0, nil)}, http.StatusBadRequest, anygame.CodeBadInput},
		{"a seed", server.CreateRequest{Game: name, Options: json.RawMessage(`{"seed":1}`), Seats: seats(n, 0, nil)}, http.StatusUnprocessableEntity, server.CodeSecretOption},
		{"no log", server.CreateRequest{Game: name, Options: json.RawMessage(`{"noLog":true}`), Seats: seats(n, 0, nil)}, http.StatusUnprocessableEntity, server.CodeSecretOption},
		{"an unknown option", server.CreateRequest{Game: name, Options: json.RawMessage(`{"colour":1}`), Seats: seats(n, 0, nil)}, http.StatusUnprocessableEntity, anygame.CodeBadOptions},
		{"too many players", server.CreateRequest{Game: name, Seats: seats(g.MaxPlayers+1, 0, nil)}, http.StatusUnprocessableEntity, anygame.CodeBadOptions},
		{"seats unlike players", server.CreateRequest{Game: name, Options: json.RawMessage(fmt.Sprintf(`{"players":%d}`, n+1)), Seats: seats(n, 0, nil)}, http.StatusUnprocessableEntity, server.CodeSeats},
		{"no human seat", server.CreateRequest{Game: name, Seats: seats(n, n, []string{anygame.RandomBot})}, http.StatusUnprocessableEntity, server.CodeNoHumanSeat},
		{"an unknown bot", server.CreateRequest{Game: name, Seats: seats(n, 1, []string{"oracle"})}, http.StatusUnprocessableEntity, anygame.CodeUnknownBot},
		{"a bot's option out of range", server.CreateRequest{Game: name, Seats: seats(n, 1, []string{anygame.ISMCTSBot + ":strength=99"})}, http.StatusUnprocessableEntity, server.CodeSeats},
	} {
		_, err := cl.Create(ctx, tc.req)
		wantRefusal(t, tc.what, err, tc.status, tc.code)
	}
}

// rawRequest sends a request as given and returns the answer's status and
// body.
func rawRequest(t *testing.T, cl *server.Client, method, path, token, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, strings.TrimSuffix(cl.URL, "/")+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := cl.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}
