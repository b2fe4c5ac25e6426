package cardroom_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/cardrules/games/cards/server/cardroom"
	"github.com/cardrules/games/cards/server/sqlstore"
)

// newRoom returns a room of every game of the catalog, on a new SQLite
// database, without limits of clients.
func newRoom(t *testing.T) *cardroom.Room {
	t.Helper()
	return roomOn(t, newDB(t))
}

// newDB returns a new SQLite database with the room's tables.
func newDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "games.db")+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := sqlstore.Migrate(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	return db
}

// roomOn returns a room of every game of the catalog on db, without
// limits of clients.
func roomOn(t *testing.T, db *sql.DB) *cardroom.Room {
	t.Helper()
	r := cardroom.New(sqlstore.New(db, sqlstore.Options{MaxStatements: 4, MaxWrites: 1, GroupCommit: true}),
		cardroom.Config{Limits: cardroom.Limits{RequestRate: -1, CreateRate: -1}})
	t.Cleanup(func() { r.Close() })
	return r
}

// head is what a test reads of a view.
type head struct {
	ToAct []int             `json:"toAct"`
	Moves []json.RawMessage `json:"moves"`
}

func headOf(t *testing.T, v cardroom.SeatView) head {
	var h head
	if err := json.Unmarshal(v.View, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestAFollowerHearsEachMoveOnce: a room's follower of a game is told
// every version after the one it began from, once, in order, from the
// room's commits; a move of the wrong seat, or on a stale version, is
// refused with its code, and changes nothing.
func TestAFollowerHearsEachMoveOnce(t *testing.T) {
	r := newRoom(t)
	ctx := t.Context()
	created, err := r.Create(ctx, "a", cardroom.CreateRequest{Game: "crown", Seats: []string{cardroom.Human, cardroom.Human}})
	if err != nil {
		t.Fatal(err)
	}
	q := func(seat int) cardroom.Query {
		return cardroom.Query{ID: created.ID, Key: created.Seats[seat].Token, Since: -1, Seat: cardroom.NoSeat}
	}
	f, err := r.Follow(ctx, "a", cardroom.Query{ID: created.ID, Key: created.Watch.Key, Since: -1, Seat: cardroom.NoSeat}, cardroom.Resume{Version: -1, Since: 0})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var versions []int64
	next := func() {
		msgs, _, err := f.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			versions = append(versions, m.Version)
		}
	}
	next()
	for range 6 {
		v, err := r.Read(ctx, q(0))
		if err != nil {
			t.Fatal(err)
		}
		seat := headOf(t, v).ToAct[0]
		v, err = r.Read(ctx, q(seat))
		if err != nil {
			t.Fatal(err)
		}
		other := 1 - seat
		_, err = r.Move(ctx, q(other), v.Version, headOf(t, v).Moves[0])
		var refusal *cardroom.Refusal
		if !errors.As(err, &refusal) || refusal.Code != cardroom.CodeNotYourSeat {
			t.Fatalf("a move of seat %d by seat %d's token: %v", seat, other, err)
		}
		if _, err := r.Move(ctx, q(seat), v.Version, headOf(t, v).Moves[0]); err != nil {
			t.Fatal(err)
		}
		_, err = r.Move(ctx, q(seat), v.Version, headOf(t, v).Moves[0])
		if !errors.As(err, &refusal) || refusal.Code != cardroom.CodeStale {
			t.Fatalf("a move on a version gone: %v", err)
		}
		<-f.News()
		next()
	}
	for i := 1; i < len(versions); i++ {
		if versions[i] != versions[i-1]+1 {
			t.Fatalf("the follower was told versions %v", versions)
		}
	}
	if len(versions) != 7 {
		t.Errorf("the follower was told versions %v, want the game and its 6 moves", versions)
	}
}

// TestAGameKeptLongReadsAsStored: a game played in one room for many
// moves, its position kept in memory from commit to commit (and decoded
// afresh from time to time), shows each seat the view another room, which
// reads it from the store each time, shows.
func TestAGameKeptLongReadsAsStored(t *testing.T) {
	db := newDB(t)
	playing, reading := roomOn(t, db), roomOn(t, db)
	ctx := t.Context()
	created, err := playing.Create(ctx, "a", cardroom.CreateRequest{Game: "bastards", Seats: []string{cardroom.Human, cardroom.Human, cardroom.Human}})
	if err != nil {
		t.Fatal(err)
	}
	q := func(seat int) cardroom.Query {
		return cardroom.Query{ID: created.ID, Key: created.Seats[seat].Token, Since: -1, Seat: cardroom.NoSeat}
	}
	for move := 0; move < 60; move++ {
		for seat := range 3 {
			kept, err := playing.Read(ctx, q(seat))
			if err != nil {
				t.Fatal(err)
			}
			stored, err := reading.Read(ctx, q(seat))
			if err != nil {
				t.Fatal(err)
			}
			if string(kept.View) != string(stored.View) || kept.Version != stored.Version {
				t.Fatalf("after %d moves, seat %d reads version %d %s where it is stored as version %d %s",
					move, seat, kept.Version, kept.View, stored.Version, stored.View)
			}
		}
		v, err := playing.Read(ctx, q(0))
		if err != nil {
			t.Fatal(err)
		}
		h := headOf(t, v)
		if len(h.ToAct) == 0 {
			break
		}
		seat := h.ToAct[0]
		if v, err = playing.Read(ctx, q(seat)); err != nil {
			t.Fatal(err)
		}
		if _, err := playing.Move(ctx, q(seat), v.Version, headOf(t, v).Moves[0]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAFollowerOfASeatLeftEnds: a follower of a seat whose player leaves
// is told nothing after, and ends.
func TestAFollowerOfASeatLeftEnds(t *testing.T) {
	r := newRoom(t)
	ctx := context.Background()
	created, err := r.Create(ctx, "a", cardroom.CreateRequest{Game: "crown", Seats: []string{cardroom.Human, cardroom.Open}, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	seat, err := r.Claim(ctx, "b", created.ID, "", cardroom.ClaimRequest{Name: "Bea"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := r.Follow(ctx, "b", cardroom.Query{ID: created.ID, Key: seat.Token, Since: -1, Seat: cardroom.NoSeat}, cardroom.Resume{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, _, err := f.Next(ctx); err != nil {
		t.Fatal(err)
	}
	// The game started when Bea sat; a seat is left only before: the
	// host gives it away instead, once it kept the game waiting.
	if err := r.Leave(ctx, created.ID, seat.Token, 1); err == nil {
		t.Fatal("a seat left once the game started")
	}
	created2, err := r.Create(ctx, "a", cardroom.CreateRequest{Game: "bastards", Seats: []string{cardroom.Human, cardroom.Open, cardroom.Open}, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	one := 1
	seat2, err := r.Claim(ctx, "b", created2.ID, "", cardroom.ClaimRequest{Name: "Bea", Seat: &one})
	if err != nil {
		t.Fatal(err)
	}
	f2, err := r.Follow(ctx, "b", cardroom.Query{ID: created2.ID, Key: seat2.Token, Since: -1, Seat: cardroom.NoSeat}, cardroom.Resume{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer f2.Close()
	if _, _, err := f2.Next(ctx); err != nil {
		t.Fatal(err)
	}
	if err := r.Leave(ctx, created2.ID, seat2.Token, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Claim(ctx, "c", created2.ID, "", cardroom.ClaimRequest{Name: "Cy", Seat: &one}); err != nil {
		t.Fatal(err)
	}
	<-f2.News()
	msgs, _, err := f2.Next(ctx)
	if !errors.Is(err, cardroom.ErrReaderChanged) || len(msgs) != 0 {
		t.Errorf("the follower of a seat left, taken by another: %d messages, %v", len(msgs), err)
	}
}

// TestHistoryCountsEachWinOnce: a table's wins count a person by who they
// are and a bot by its spec, once a game: two seats of one bot that share
// a win are one win of it.
func TestHistoryCountsEachWinOnce(t *testing.T) {
	r := newRoom(t)
	ctx := t.Context()
	created, err := r.Create(ctx, "a", cardroom.CreateRequest{Game: "crown", Seats: []string{cardroom.Human, "random"}, Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	hist, err := r.History(ctx, cardroom.Query{ID: created.ID, Key: created.Seats[0].Token, Since: -1, Seat: cardroom.NoSeat}, cardroom.Page{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist.Games) != 1 || len(hist.Games[0].Names) != 2 || hist.Games[0].Scores == nil || len(hist.Wins) != 0 {
		t.Errorf("the history of a game going: %+v", hist)
	}
}
