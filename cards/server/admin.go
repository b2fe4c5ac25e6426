package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
)

// Stats counts the games a server holds.
type Stats struct {
	// Open counts the games not over; Due, those of them whose bots must
	// move.
	Open, Due int
}

// Stats counts the games the database holds.
func (h *Handler) Stats(ctx context.Context) (Stats, error) {
	var s Stats
	if err := h.store.queryRow(ctx, `SELECT count(*) FROM games WHERE over = 0`, nil, &s.Open); err != nil {
		return s, err
	}
	err := h.store.queryRow(ctx, `SELECT count(*) FROM games WHERE due = 1`, nil, &s.Due)
	return s, err
}

// Verify checks every game the database holds: it replays the game's
// record (its options and moves) and compares the game it gives with the
// stored state and events. It calls bad for each game that does not
// match, or cannot be read, and returns the number of games it checked.
// It stops early only if the database fails, or ctx ends.
func (h *Handler) Verify(ctx context.Context, bad func(id string, err error)) (int, error) {
	checked, after := 0, ""
	for {
		ids, err := h.store.gameIDs(ctx, after, 500)
		if err != nil || len(ids) == 0 {
			return checked, err
		}
		for _, id := range ids {
			if err := ctx.Err(); err != nil {
				return checked, err
			}
			if err := h.verify(ctx, id); err != nil {
				bad(id, err)
			}
			checked++
		}
		after = ids[len(ids)-1]
	}
}

// verify replays one game and compares it with the stored game.
func (h *Handler) verify(ctx context.Context, id string) error {
	snap, err := h.Snapshot(ctx, id)
	if err != nil {
		return err
	}
	g, ok := h.lookup(snap.Record.Game)
	if !ok {
		return fmt.Errorf("a game of %q, which this server does not serve", snap.Record.Game)
	}
	record, err := json.Marshal(snap.Record)
	if err != nil {
		return err
	}
	pos, events, err := g.Replay(record)
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
	if !slices.Equal(events, snap.Events) {
		return fmt.Errorf("its record replays to other events than those stored")
	}
	return nil
}

// gameIDs returns the ids of at most limit games after the given one, in
// order.
func (s store) gameIDs(ctx context.Context, after string, limit int) ([]string, error) {
	var ids []string
	err := s.query(ctx, func(rows *sql.Rows) error {
		var id string
		if err := rows.Scan(&id); err != nil {
			return unavailable(err)
		}
		ids = append(ids, id)
		return nil
	}, `SELECT id FROM games WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
	return ids, err
}
