package cardroom

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
)

// Stats counts the games a room's store holds.
type Stats struct {
	// Open counts the games not over; Due, those of them whose bots must
	// move.
	Open, Due int
	// Writes counts the writes the store grouped in transactions since it
	// opened, and Transactions the transactions they took: both 0 for a
	// store that does not group them.
	Writes, Transactions int64
}

// A grouper is a store that groups its writes in transactions.
type grouper interface {
	// Batches returns the number of transactions the store's grouped
	// writes made, and of the writes they held.
	Batches() (transactions, writes int64)
}

// Stats counts the games the room's store holds.
func (r *Room) Stats(ctx context.Context) (Stats, error) {
	n, err := r.store.Count(ctx, "")
	s := Stats{Open: n.Open, Due: n.Due}
	if g, ok := r.store.(grouper); ok {
		s.Transactions, s.Writes = g.Batches()
	}
	return s, err
}

// Snapshot is a game as the room holds it, secrets included: for the
// server's own tools and tests, never for players.
type Snapshot struct {
	// Record is the game's options, seed included, and every move it
	// accepted: anygame's Replay of it rebuilds the game.
	Record  anygame.Record
	State   json.RawMessage
	Version int64
	// Events is every event of the game.
	Events []cards.Event
}

// Snapshot returns the game of the given id as the room holds it.
func (r *Room) Snapshot(ctx context.Context, id string) (Snapshot, error) {
	g, err := r.store.Load(ctx, id)
	if err != nil {
		return Snapshot{}, err
	}
	moves, err := r.store.Moves(ctx, g)
	if err != nil {
		return Snapshot{}, err
	}
	versioned, err := r.store.Events(ctx, g, 0, -1)
	if err != nil {
		return Snapshot{}, err
	}
	events := make([]cards.Event, len(versioned))
	for i, e := range versioned {
		events[i] = e.Event
	}
	return Snapshot{Record: anygame.Record{Game: g.Rules, Options: g.Options, Moves: moves}, State: g.State, Version: g.Version, Events: events}, nil
}

// Verify checks every game the store holds: it replays the game's record
// (its options and moves) and compares the game it gives with the stored
// state and events. It calls bad for each game that does not match, or
// cannot be read, and returns the number of games it checked. It stops
// early only if the store fails, or ctx ends.
func (r *Room) Verify(ctx context.Context, bad func(id string, err error)) (int, error) {
	checked, after := 0, ""
	for {
		ids, err := r.store.IDs(ctx, after, 500)
		if err != nil || len(ids) == 0 {
			return checked, err
		}
		for _, id := range ids {
			if err := ctx.Err(); err != nil {
				return checked, err
			}
			if err := r.verify(ctx, id); err != nil {
				bad(id, err)
			}
			checked++
		}
		after = ids[len(ids)-1]
	}
}

// verify replays one game and compares it with the stored game.
func (r *Room) verify(ctx context.Context, id string) error {
	snap, err := r.Snapshot(ctx, id)
	if err != nil {
		return err
	}
	rules, ok := r.rules[snap.Record.Game]
	if !ok {
		return fmt.Errorf("a game of %q, which this server does not serve", snap.Record.Game)
	}
	record, err := json.Marshal(snap.Record)
	if err != nil {
		return err
	}
	pos, events, err := rules.Replay(record)
	if err != nil {
		return fmt.Errorf("its record does not replay: %w", err)
	}
	state, err := pos.State()
	if err != nil {
		return err
	}
	if !bytes.Equal(state, snap.State) {
		return fmt.Errorf("its record replays to another state than the one stored")
	}
	// The events are compared as JSON: the stored ones hold their data as
	// it was stored (cards.RawData), the replay's as the game's own.
	replayed, err := cardjson.Marshal(events)
	if err != nil {
		return err
	}
	if stored, err := cardjson.Marshal(snap.Events); err != nil || !bytes.Equal(replayed, stored) {
		return fmt.Errorf("its record replays to other events than those stored")
	}
	return nil
}
