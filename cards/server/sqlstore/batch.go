package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"github.com/cardrules/games/cards/server/cardroom"
)

// Group commit: SQLite writes one transaction at a time, and syncs the
// disk at the end of each (synchronous=FULL). Rather than one transaction
// a write, a writer takes every write waiting and runs them in one
// transaction: a write that fails is rolled back alone (the batch runs
// again, each write in a savepoint of its own), and the others of its
// batch commit together, with one sync. A write waits no longer than the batch before it takes: the
// busier the store, the larger its batches.

// maxBatch is the most writes of one transaction.
const maxBatch = 64

// A batcher runs the store's writes in batches, one transaction each.
type batcher struct {
	s       *Store
	mu      sync.Mutex
	waiting []*write
	running bool
	// batches and writes count the transactions committed and the writes
	// they held.
	batches, writes int64
}

// A write is one statement that writes, waiting for its batch.
type write struct {
	ctx   context.Context
	query string
	args  []any
	done  chan struct{}
	res   sql.Result
	err   error
}

func newBatcher(s *Store) *batcher { return &batcher{s: s} }

// exec runs a statement that writes in the next batch, and returns its
// result once the batch is committed.
func (b *batcher) exec(ctx context.Context, query string, args []any) (sql.Result, error) {
	w := &write{ctx: ctx, query: query, args: args, done: make(chan struct{})}
	b.mu.Lock()
	b.waiting = append(b.waiting, w)
	if !b.running {
		b.running = true
		go b.run()
	}
	b.mu.Unlock()
	select {
	case <-w.done:
		return w.res, w.err
	case <-ctx.Done():
		// The write may yet be committed with its batch: its caller learns
		// of it as of a lost answer.
		return nil, cardroom.Unavailable(ctx.Err())
	}
}

// run commits batches of the writes waiting until none is left.
func (b *batcher) run() {
	for {
		b.mu.Lock()
		batch := b.waiting[:min(len(b.waiting), maxBatch)]
		b.waiting = b.waiting[len(batch):]
		if len(batch) == 0 {
			b.waiting, b.running = nil, false
			b.mu.Unlock()
			return
		}
		b.batches++
		b.writes += int64(len(batch))
		b.mu.Unlock()
		b.commit(batch)
	}
}

// commit runs a batch of writes in one transaction and tells each its
// result: its own statement's error, or the commit's. It runs them first
// one after the other; if one fails, it rolls the transaction back and
// runs them again each in a savepoint of its own, so that the one that
// fails is rolled back alone and the others commit. (A savepoint costs
// two statements a write, and writes seldom fail.)
func (b *batcher) commit(batch []*write) {
	defer func() {
		for _, w := range batch {
			close(w.done)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), statementTime)
	defer cancel()
	end, err := b.s.turn(ctx, true)
	if err != nil {
		fail(batch, cardroom.Unavailable(err))
		return
	}
	defer end()
	// The batch's statements run without a deadline of their own: the
	// driver watches a context that can end with a goroutine a statement,
	// and a statement of a batch writes one row, its time bounded by the
	// database's busy timeout.
	run := context.WithoutCancel(ctx)
	if b.try(run, batch, false) {
		return
	}
	b.try(run, batch, true)
}

// try runs a batch of writes in one transaction, each in a savepoint if
// saved, and commits those that succeed. Unless saved, it rolls back at
// the first write that fails and reports false, the batch not run.
func (b *batcher) try(ctx context.Context, batch []*write, saved bool) bool {
	tx, err := b.s.db.BeginTx(ctx, nil)
	if err != nil {
		fail(batch, cardroom.Unavailable(err))
		return true
	}
	done := 0
	for _, w := range batch {
		if w.ctx.Err() != nil {
			w.err = cardroom.Unavailable(w.ctx.Err())
			continue
		}
		if saved {
			w.res, w.err = b.saved(ctx, tx, w)
		} else {
			w.res, w.err = b.one(ctx, tx, w)
		}
		if w.err == nil {
			done++
		} else if !saved {
			tx.Rollback()
			return false
		}
	}
	if done == 0 {
		tx.Rollback()
		return true
	}
	if err := tx.Commit(); err != nil {
		for _, w := range batch {
			if w.err == nil {
				w.res, w.err = nil, cardroom.Unavailable(err)
			}
		}
	}
	return true
}

// one runs a write in the batch's transaction.
func (b *batcher) one(ctx context.Context, tx *sql.Tx, w *write) (sql.Result, error) {
	st, err := b.s.stmt(ctx, w.query)
	if err != nil {
		return nil, cardroom.Unavailable(err)
	}
	res, err := tx.StmtContext(ctx, st).ExecContext(ctx, w.args...)
	if err != nil {
		return nil, cardroom.Unavailable(err)
	}
	return res, nil
}

// saved runs a write in a savepoint of the batch's transaction, rolled
// back if the statement fails.
func (b *batcher) saved(ctx context.Context, tx *sql.Tx, w *write) (sql.Result, error) {
	if _, err := tx.ExecContext(ctx, "SAVEPOINT write"); err != nil {
		return nil, cardroom.Unavailable(err)
	}
	res, err := b.one(ctx, tx, w)
	if err != nil {
		if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO write"); rerr != nil {
			err = errors.Join(err, rerr)
		}
		tx.ExecContext(ctx, "RELEASE write")
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, "RELEASE write"); err != nil {
		return nil, cardroom.Unavailable(err)
	}
	return res, nil
}

// fail tells each write of a batch the same error.
func fail(batch []*write, err error) {
	for _, w := range batch {
		w.err = err
	}
}

// Batches returns the number of transactions the store's grouped writes
// made, and of the writes they held: a store whose writes are not grouped
// returns zeros.
func (s *Store) Batches() (batches, writes int64) {
	if s.group == nil {
		return 0, 0
	}
	s.group.mu.Lock()
	defer s.group.mu.Unlock()
	return s.group.batches, s.group.writes
}
