package cardroom

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// The bots play after the commit that leaves them to act, apart from the
// request that made it: the mover's answer does not wait for them, and
// its client learns of their moves as it learns of anyone's. A handler
// plays the bots of at most Limits.BotsAtOnce games at once; the others
// wait their turn in a queue, each game once. A game whose bots were left
// to act (a full queue, a handler stopped while they thought) is marked
// due in its row, and Sweep finds it.

// Bots commit their moves in chunks: a chunk ends after commitMoves
// moves, or once commitEvery has passed since it began, so that a slow
// bot's every move shows and fast bots cost few writes. A game yields its
// place to the games queued after it once it has played for turnTime.
const (
	commitMoves = 64
	commitEvery = 100 * time.Millisecond
	turnTime    = 5 * time.Second
	// shortTurn is a game's turn in a task of Config.Spawn, which holds
	// a request (and on a Worker one of the few instances of its isolate).
	shortTurn = time.Second
)

// maxQueued is the most games a handler keeps waiting for their bots;
// the sweep finds those beyond it.
const maxQueued = 10_000

// checkBot checks that a bot spec names a bot and asks no more of it than
// the limits allow.
func checkBot(spec string, l Limits) error {
	work, err := anygame.BotWorkOf(spec)
	if err != nil {
		return err
	}
	for _, c := range []struct {
		n, limit int
		what     string
	}{
		{work.Iterations, l.BotIterations, "iterations a move"},
		{work.Samples, l.BotSamples, "worlds a legal move"},
		{work.Depth, l.BotDepth, "moves a playout"},
	} {
		if !within(c.n, c.limit) {
			return fmt.Errorf("%w: bot %s asks for %d %s, and this server allows at most %d", errBotLimit, spec, c.n, c.what, c.limit)
		}
	}
	return nil
}

// errBotLimit is wrapped by the error for a bot spec beyond the limits.
var errBotLimit = errors.New("over the server's limit")

// A botRunner plays the bots of the games given to it.
type botRunner struct {
	r      *Room
	ctx    context.Context // done when the room closes
	cancel context.CancelFunc
	spawn  func(func())
	short  bool          // each task plays one turn of one game (Config.Spawn)
	turn   time.Duration // a game's turn: turnTime, or shortTurn
	tasks  sync.WaitGroup

	mu       sync.Mutex
	queue    []string                // the games waiting for a turn, oldest first
	pending  map[string]*pendingGame // the games queued or playing
	byClient map[string]int          // the games pending, by the client that made them
	running  int
	closed   bool
}

// A pendingGame is a game queued or playing.
type pendingGame struct {
	client string
	again  bool // given again while playing
	// version is the game's version as the room last committed it, which
	// its bots play on as the room keeps it; 0 to read it from the store.
	version int64
}

func newBotRunner(r *Room, spawn func(func())) *botRunner {
	ctx, cancel := context.WithCancel(context.Background())
	short, turn := spawn != nil, turnTime
	if short {
		turn = shortTurn
	}
	if spawn == nil {
		spawn = func(task func()) { go task() }
	}
	return &botRunner{r: r, ctx: ctx, cancel: cancel, spawn: spawn, short: short, turn: turn, pending: map[string]*pendingGame{}, byClient: map[string]int{}}
}

// SetBotTurn sets how long a game's bots play before they yield their
// place to the games queued after it: for tests.
func (r *Room) SetBotTurn(d time.Duration) { r.bots.turn = d }

// admit refuses a change that would leave the bots of game g to act if
// they would wait beyond the limits: the client's games, or all games,
// waiting for their bots.
func (b *botRunner) admit(g *Game) error {
	l := b.r.limits
	b.mu.Lock()
	defer b.mu.Unlock()
	retry := 2*max(l.BotTime, 0) + time.Second
	switch {
	case b.pending[g.ID] != nil:
		return nil
	case !within(b.byClient[g.Client]+1, l.BotGamesPerClient):
		return later(CodeTooMany, retry, "the bots of %d games of this client are thinking, as many as the server allows; try again shortly", b.byClient[g.Client])
	case !within(b.running+1, l.BotsAtOnce) && !within(len(b.queue)+1, l.BotsWaiting):
		return later(CodeBusy, retry, "the server's bots are all busy; try again shortly")
	}
	return nil
}

// play lets the bots of game id, which client made, play, now or in their
// turn: on the game as the room committed it at version, or as the store
// holds it if version is 0.
func (b *botRunner) play(id, client string, version int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	if p := b.pending[id]; p != nil {
		p.again = true
		if version == 0 || version > p.version {
			p.version = version
		}
		return
	}
	if within(b.running+1, b.r.limits.BotsAtOnce) {
		b.add(id, client, version)
		b.running++
		b.tasks.Add(1)
		b.spawn(func() {
			defer b.tasks.Done()
			b.work(id)
		})
		return
	}
	if len(b.queue) < maxQueued {
		b.add(id, client, version)
		b.queue = append(b.queue, id)
	}
}

func (b *botRunner) add(id, client string, version int64) {
	b.pending[id] = &pendingGame{client: client, version: version}
	b.byClient[client]++
}

func (b *botRunner) remove(id string) {
	client := b.pending[id].client
	delete(b.pending, id)
	if b.byClient[client]--; b.byClient[client] <= 0 {
		delete(b.byClient, client)
	}
}

// work plays the bots of game id, and of the games queued after it, until
// none is left. A short runner's task gives each game one turn: a game
// that has more to play stays due, for its next read or Sweep.
func (b *botRunner) work(id string) {
	for {
		b.mu.Lock()
		version := b.pending[id].version
		b.mu.Unlock()
		more, version := b.r.playBots(b.ctx, id, version)
		b.mu.Lock()
		if b.closed {
			b.running--
			b.mu.Unlock()
			return
		}
		p := b.pending[id]
		if p.version != 0 && version > p.version {
			p.version = version
		}
		if oneTurn := b.short && more; (p.again || more) && !oneTurn {
			p.again = false
			b.queue = append(b.queue, id)
		} else {
			b.remove(id)
		}
		if len(b.queue) == 0 {
			b.running--
			b.mu.Unlock()
			return
		}
		id, b.queue = b.queue[0], b.queue[1:]
		b.mu.Unlock()
	}
}

// close stops the bots' work and waits for it to end.
func (b *botRunner) close() {
	b.mu.Lock()
	b.closed = true
	b.queue = nil
	b.mu.Unlock()
	b.cancel()
	b.tasks.Wait()
}

// playBots plays the bots of game id, committing their moves in chunks,
// until a person must act, the game is over, or it has played for its
// turn, and reports whether its bots must play on, and the version it
// last committed (0 if it read the store and committed nothing). It plays
// on the game at version as the room keeps it, or reads the store if
// version is 0, or the game proves stale. A fault is logged, and leaves
// the game due for a later sweep.
func (r *Room) playBots(ctx context.Context, id string, version int64) (more bool, last int64) {
	begin := time.Now()
	for ctx.Err() == nil {
		done, v, err := r.botChunk(ctx, id, version)
		version = v
		switch {
		case errors.Is(err, ErrStale): // changed meanwhile: play on from the game as it is
			version = 0
		case err != nil:
			if ctx.Err() == nil && !errors.Is(err, ErrNoGame) {
				r.log.Error("the bots could not play", "game", id, "err", err)
			}
			return false, 0
		case done:
			return false, version
		case time.Since(begin) > r.bots.turn:
			return true, version
		}
	}
	return false, 0
}

// botChunk plays a chunk of the bots' moves in game id and commits it,
// and reports whether the bots are done (a person must act, or the game
// is over) and the version it committed. It plays on the game at version
// as the room keeps it, or as the store holds it if version is 0.
func (r *Room) botChunk(ctx context.Context, id string, version int64) (done bool, committed int64, err error) {
	l, ok := r.kept.get(id)
	if version == 0 || !ok || l.Version != version {
		if l, err = r.load(ctx, id); err != nil {
			return true, 0, err
		}
	}
	if !l.BotsDue {
		return true, l.Version, nil
	}
	c := r.begin(l)
	err = r.botMoves(ctx, c)
	if len(c.added.Moves) == 0 {
		if err == nil && !c.game.BotsDue { // the game said due, but no bot must act
			err = r.store.Settle(ctx, l.Game)
		}
		return true, 0, err
	}
	// The moves made are committed, even if a later one failed.
	made, cerr := r.commit(ctx, l, c)
	if cerr != nil {
		return false, 0, cerr
	}
	return !c.game.BotsDue, made.Version, err
}

// botMoves plays the bots' moves into the change c until no bot must act,
// or the chunk is full (commitMoves moves, or commitEvery since it began).
func (r *Room) botMoves(ctx context.Context, c *change) error {
	begin := time.Now()
	for c.game.BotsDue && len(c.added.Moves) < commitMoves && time.Since(begin) < commitEvery {
		p, bot := botToAct(c.game.Seats, c.pos.Status())
		m, err := r.botMove(ctx, c, cards.Player(p), bot)
		if err != nil {
			return err
		}
		if err := c.play(m); err != nil {
			return fmt.Errorf("%w: bot %s's move %v: %w", anygame.ErrInternal, bot, m, err)
		}
	}
	return nil
}

// botToAct returns the first seat to act that a bot plays, and its bot, or
// "" if only people must act.
func botToAct(seats []Seat, st anygame.Status) (int, string) {
	for p := range st.ToAct.All() {
		if int(p) < len(seats) && seats[p].Bot != "" {
			return int(p), seats[p].Bot
		}
	}
	return -1, ""
}

// botMove asks the bot of seat p for its move, on the change's position,
// thinking for at most Limits.BotTime. A bot that fails is replaced by
// the random bot for that move, so that the game goes on; a bot stopped
// as ctx ends fails.
func (r *Room) botMove(ctx context.Context, c *change, p cards.Player, bot string) (anygame.Move, error) {
	seed, err := randomSeed()
	if err != nil {
		return nil, err
	}
	think := ctx
	if r.limits.BotTime >= 0 {
		var cancel context.CancelFunc
		think, cancel = context.WithTimeout(ctx, r.limits.BotTime)
		defer cancel()
	}
	begin := time.Now()
	m, err := c.pos.BotMove(think, p, bot, seed)
	if r.metrics != nil {
		r.metrics.BotMove(c.rules.Info().Name, botName(bot), time.Since(begin))
	}
	if err != nil && ctx.Err() != nil {
		return nil, err
	}
	if err != nil && bot != anygame.RandomBot {
		r.log.Error("a bot failed; the random bot plays its move", "bot", bot, "err", err)
		m, err = c.pos.BotMove(ctx, p, anygame.RandomBot, seed)
	}
	return m, err
}

// botName returns the name of a bot spec's bot.
func botName(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	return name
}

// staleAfter is how long a game due for its bots may go unchanged before
// a read or a sweep lets them play: longer than a chunk of their moves
// takes (commitEvery, and a move's BotTime), so that a game whose bots
// are thinking is not played twice.
func (r *Room) staleAfter() time.Duration {
	if r.limits.BotTime < 0 {
		return 2 * time.Minute
	}
	return 2*time.Second + 2*r.limits.BotTime
}

// SweepReport tells what a sweep did.
type SweepReport struct {
	// Resumed counts the games whose bots were left to act and now play.
	Resumed int
	// Expired counts the games deleted: over for longer than
	// Limits.KeepFinished, unchanged for longer than Limits.KeepIdle, or
	// waiting for players for longer than Limits.KeepWaiting.
	Expired int
}

// sweepBatch is the most games a sweep resumes, and deletes.
const sweepBatch = 500

// Sweep does the work that no request does: it lets the bots play in
// games that were left waiting for them, and deletes expired games with
// their events and moves, at most a few hundred of each. Run it every
// few seconds (examples/server does; a Cloudflare Worker runs it from a
// cron trigger).
func (r *Room) Sweep(ctx context.Context) (SweepReport, error) {
	var rep SweepReport
	ids, err := r.store.Due(ctx, r.now().Add(-r.staleAfter()), sweepBatch)
	if err != nil {
		return rep, err
	}
	for _, id := range ids {
		r.bots.play(id, "", 0)
	}
	rep.Resumed = len(ids)
	var finished, idle, waiting time.Time
	now := r.now()
	if r.limits.KeepFinished >= 0 {
		finished = now.Add(-r.limits.KeepFinished)
	}
	if r.limits.KeepIdle >= 0 {
		idle = now.Add(-r.limits.KeepIdle)
	}
	if r.limits.KeepWaiting >= 0 {
		waiting = now.Add(-r.limits.KeepWaiting)
	}
	rep.Expired, err = r.store.Expire(ctx, finished, idle, waiting, sweepBatch)
	if r.metrics != nil && rep.Expired > 0 {
		r.metrics.GamesExpired(rep.Expired)
	}
	return rep, err
}

// refuseBot is the refusal of a seat's bot spec (-1: the bot that takes
// the open seats).
func refuseBot(i int, err error) error {
	switch {
	case errors.Is(err, anygame.ErrUnknownBot):
		return refusalOf(fmt.Errorf("seat %d: %w; a seat is %q or a bot", i, err, Human))
	case errors.Is(err, errBotLimit):
		return refusef(CodeBotLimit, "seat %d: %v", i, err)
	case errors.Is(err, cards.ErrBadInput):
		return refusef(CodeSeats, "seat %d: %v", i, err)
	}
	return err
}
