package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/cards/server"
	"github.com/cardrules/games/cards/server/servertest"
)

// accepted is a move the server accepted: the move, and the number of
// moves the game had after it.
type accepted struct {
	move  json.RawMessage
	moves int
}

// TestConcurrentMoves has many clients post moves for the same games at
// once, legal and illegal ones, each on the version it read: exactly the
// legal, current ones apply, each at its own place in the game; the rest
// are refused as stale (409) or illegal (422); and the stored game is the
// replay of the moves accepted. The handler runs two statements at
// once, the others waiting their turn. On SQLite and on PostgreSQL.
func TestConcurrentMoves(t *testing.T) {
	onEach(t, func(t *testing.T, db *sql.DB, d server.Dialect) {
		h, url := serveOn(t, db, server.Config{Dialect: d, MaxStatements: 2, Limits: oneClient})
		concurrentMoves(t, h, &server.Client{URL: url})
	})
}

// TestConcurrentMovesTwoHandlers races the moves as TestConcurrentMoves
// does through two handlers of one PostgreSQL database, as two processes
// behind a load balancer, each client's requests alternating between
// them: two handlers never both apply a move on one version.
func TestConcurrentMovesTwoHandlers(t *testing.T) {
	hs, urls := twoHandlers(t, server.Config{Limits: oneClient}, nil)
	concurrentMoves(t, hs[0], &server.Client{URL: urls[0], HTTP: servertest.Alternating(urls...)(0)})
}

// concurrentMoves races clients' moves in a game of each game, through
// cl, and checks the game h stores.
func concurrentMoves(t *testing.T, h *server.Handler, cl *server.Client) {
	const clients, plies = 8, 120
	for i, g := range catalog.Games() {
		t.Run(g.Info().Name, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			n := min(g.Info().MaxPlayers, 4)
			created, err := cl.Create(ctx, server.CreateRequest{Game: g.Info().Name, Seats: slices.Repeat([]string{server.Human}, n)})
			if err != nil {
				t.Fatal(err)
			}
			var (
				mu       sync.Mutex
				accepts  []accepted
				statuses = map[int]int{}
			)
			var wg sync.WaitGroup
			for c := range clients {
				wg.Go(func() {
					r := rand.New(rand.NewPCG(uint64(i), uint64(c)))
					err := race(ctx, cl, created, r, plies, func(a accepted, status int) {
						mu.Lock()
						defer mu.Unlock()
						statuses[status]++
						if status == http.StatusOK {
							accepts = append(accepts, a)
						}
					})
					if err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			t.Logf("answers: %v", statuses)
			if statuses[http.StatusConflict] == 0 {
				t.Error("no move was ever stale: the clients did not race")
			}
			checkAccepted(t, h, g, created.ID, accepts)
		})
	}
}

// race plays the game with the others at once until it is over or has
// the given number of moves: it reads the view of a seat to act and posts
// one of its moves, or now and then one that it listed before and no
// longer does.
func race(ctx context.Context, cl *server.Client, created server.Created, r *rand.Rand, plies int, report func(accepted, int)) error {
	seen := map[int][]json.RawMessage{} // moves each seat was offered before
	for {
		v, err := cl.View(ctx, created.ID, created.Seats[0].Token, 0, 0)
		if err != nil {
			return err
		}
		var head struct {
			ToAct []int `json:"toAct"`
			Over  bool  `json:"over"`
		}
		if err := json.Unmarshal(v.View, &head); err != nil {
			return err
		}
		if head.Over || v.Moves >= plies {
			return nil
		}
		if len(head.ToAct) == 0 {
			return fmt.Errorf("nobody acts in a game that is not over: %s", v.View)
		}
		seat := head.ToAct[r.IntN(len(head.ToAct))]
		token := created.Seats[seat].Token
		if v, err = cl.View(ctx, created.ID, token, 0, 0); err != nil {
			return err
		}
		var moves struct {
			Moves []json.RawMessage `json:"moves"`
		}
		if err := json.Unmarshal(v.View, &moves); err != nil {
			return err
		}
		if len(moves.Moves) == 0 {
			continue // the game moved on between the two reads
		}
		move := moves.Moves[r.IntN(len(moves.Moves))]
		if old := slices.DeleteFunc(slices.Clone(seen[seat]), func(m json.RawMessage) bool {
			return slices.ContainsFunc(moves.Moves, func(l json.RawMessage) bool { return bytes.Equal(l, m) })
		}); len(old) > 0 && r.IntN(4) == 0 {
			move = old[r.IntN(len(old))]
		}
		seen[seat] = append(seen[seat], moves.Moves...)
		after, err := cl.Move(ctx, created.ID, token, v.Version, move, -1)
		var e *server.Error
		switch {
		case err == nil:
			report(accepted{move: move, moves: after.Moves}, http.StatusOK)
		case errors.As(err, &e) && (e.Status == http.StatusConflict || e.Status == http.StatusUnprocessableEntity):
			report(accepted{}, e.Status)
		default:
			return fmt.Errorf("move %s at version %d: %w", move, v.Version, err)
		}
	}
}

// checkAccepted checks the moves accepted against the stored game: each
// is the record's move at its place, no place twice, none missing, and the
// stored state is the replay's.
func checkAccepted(t *testing.T, h *server.Handler, g anygame.Game, id string, accepts []accepted) {
	snap, err := h.Snapshot(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(accepts) != len(snap.Record.Moves) {
		t.Errorf("%d moves accepted, %d in the record", len(accepts), len(snap.Record.Moves))
	}
	canonical := func(m json.RawMessage) string {
		info, err := g.Move(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(info.JSON)
	}
	at := map[int]bool{}
	for _, a := range accepts {
		if at[a.moves] {
			t.Errorf("two moves were accepted as move %d", a.moves)
		}
		at[a.moves] = true
		if a.moves < 1 || a.moves > len(snap.Record.Moves) {
			t.Errorf("move %s was accepted as move %d of %d", a.move, a.moves, len(snap.Record.Moves))
			continue
		}
		if got, want := canonical(snap.Record.Moves[a.moves-1]), canonical(a.move); got != want {
			t.Errorf("move %d of the record is %s, the server accepted %s", a.moves, got, want)
		}
	}
	rec, err := json.Marshal(snap.Record)
	if err != nil {
		t.Fatal(err)
	}
	pos, _, err := g.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	state, err := pos.State()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(state, snap.State) {
		t.Errorf("the stored state\n%s\nis not the replay of the record\n%s", snap.State, state)
	}
}
