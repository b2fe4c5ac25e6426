package cardroom

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

// Config configures a Room. The zero Config keeps every game of package
// catalog within DefaultLimits.
type Config struct {
	// Games are the games the room keeps; nil means catalog.Games().
	Games []anygame.Game
	// JoinPage is the address of the web page that a join link opens, with
	// the game and a key in its fragment ("/#game=ID&token=TOKEN"); ""
	// means "/".
	JoinPage string
	// Limits bound what requests can cause; its zero fields take their
	// values in DefaultLimits.
	Limits Limits
	// Logger receives the faults of the room; nil means slog.Default().
	Logger *slog.Logger
	// Metrics, if set, receives what the room measures.
	Metrics Metrics
	// Spawn, if set, runs a task of the room apart from the call that
	// started it: the bots' moves that follow a commit. It must run the
	// task to its end; nil runs it in a goroutine. A task that Spawn runs
	// plays one game's bots for a turn at most (a second, and the move
	// under way) and leaves their moves beyond it to the game's next read
	// or Sweep, for a host that runs it within a request must keep it
	// short (a Cloudflare Worker).
	Spawn func(task func())
	// Published, if set, is told of every commit the room makes: the game
	// and its new version, for the rooms that keep the same store
	// elsewhere (their Publish) or a service that tells the game's
	// followers. It must be quick.
	Published func(game string, version int64)
}

// Metrics receives what a room measures, for an operator's dashboard.
// Its methods are called from many goroutines at once, and must be quick.
type Metrics interface {
	// BotMove tells of a bot's move: the game, the bot, and how long it
	// thought.
	BotMove(game, bot string, d time.Duration)
	// GameCreated tells of a game created.
	GameCreated(game string)
	// GamesExpired tells of n games deleted as expired.
	GamesExpired(n int)
}

// A Room keeps games in a Store and the people around their tables. It
// keeps no game that another room on the same store could change: any
// number of rooms, on any number of machines, can keep the same store,
// each commit checked against the version it was made from. It holds in
// memory only what it can do without: the latest positions of games, to
// decode no state twice, and the followers of games it serves.
type Room struct {
	store     Store
	games     []anygame.Game
	rules     map[string]anygame.Game
	joinPage  string
	limits    Limits
	log       *slog.Logger
	metrics   Metrics
	clients   *clients
	bots      *botRunner
	feed      *feed
	kept      *kept
	published func(string, int64)
	now       func() time.Time
}

// New returns a room that keeps its games in store.
func New(store Store, c Config) *Room {
	r := &Room{
		store:     store,
		games:     c.Games,
		joinPage:  cmp.Or(c.JoinPage, "/"),
		limits:    c.Limits.withDefaults(),
		log:       c.Logger,
		metrics:   c.Metrics,
		published: c.Published,
		kept:      newKept(gamesKept),
		now:       time.Now,
	}
	if r.games == nil {
		r.games = catalog.Games()
	}
	r.rules = map[string]anygame.Game{}
	for _, g := range r.games {
		r.rules[g.Info().Name] = g
	}
	if r.log == nil {
		r.log = slog.Default()
	}
	r.clients = newClients(r.limits, time.Now)
	r.bots = newBotRunner(r, c.Spawn)
	r.feed = newFeed(r)
	return r
}

// Limits returns the room's limits.
func (r *Room) Limits() Limits { return r.limits }

// SetClock makes the room tell the time by now: for tests of expiry, of
// the turn's time and of the bots left to act.
func (r *Room) SetClock(now func() time.Time) { r.now = now }

// Catalog returns the games the room keeps and its limits.
func (r *Room) Catalog() Catalog {
	c := Catalog{Limits: r.limits}
	for _, g := range r.games {
		info := GameInfo{GameInfo: g.Info(), DefaultOptions: g.DefaultOptions(), Bots: []anygame.BotInfo{}}
		for _, b := range anygame.BotInfos() {
			if slices.Contains(g.Bots(), b.Name) {
				info.Bots = append(info.Bots, b)
			}
		}
		c.Games = append(c.Games, info)
	}
	return c
}

// Health reports whether the room's store answers: nil, or an error
// wrapping ErrUnavailable.
func (r *Room) Health(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return r.store.Ping(ctx)
}

// Close ends the room's streams and stops the work it does apart from
// requests — the bots' moves — and waits for it to end; a bot stopped in
// its thinking commits nothing, and its game stays due for the next
// sweep. The room still answers after Close, but its bots no longer play
// and it opens no stream.
func (r *Room) Close() error {
	r.feed.close()
	r.bots.close()
	return nil
}

// A loaded game is a game as the store keeps it, its rules and its
// position, and its options as readers read them (without the seed). It
// is never changed once loaded: a change copies it.
type loaded struct {
	*Game
	rules   anygame.Game
	pos     anygame.Position
	options json.RawMessage
	// played counts the commits made on pos since it was decoded: its
	// state's log holds their events (see heldCommits).
	played int
	// views holds pos's views as built, shared by every copy of l.
	views *views
}

// views are the views of a position, each built once, when a reader first
// asks for it: a move's answer and the streams of the mover's seat read
// the same view, and so do all the streams of one seat.
type views struct {
	mu sync.Mutex
	of map[cards.Player]json.RawMessage
}

// view returns the view of the game's position for player p, built once.
// Its bytes are shared: they are read, never changed.
func (l loaded) view(p cards.Player) (json.RawMessage, error) {
	if l.views == nil {
		return l.pos.View(p)
	}
	l.views.mu.Lock()
	defer l.views.mu.Unlock()
	if v, ok := l.views.of[p]; ok {
		return v, nil
	}
	v, err := l.pos.View(p)
	if err != nil {
		return nil, err
	}
	if l.views.of == nil {
		l.views.of = map[cards.Player]json.RawMessage{}
	}
	l.views.of[p] = v
	return v, nil
}

// heldCommits is how many commits a kept position plays before the room
// decodes it afresh from the state it stores. A position played in memory
// holds in its log every event since it was decoded, and each view of it
// copies them: a game kept for its whole length would cost more a view the
// longer it went on. Decoding the state just encoded costs about what a
// few views do, once every heldCommits.
const heldCommits = 16

// load reads game id, its rules and its position: the position kept from
// the room's last commit or read of that version, else decoded from the
// game's state.
func (r *Room) load(ctx context.Context, id string) (loaded, error) {
	g, err := r.store.Load(ctx, id)
	if errors.Is(err, ErrNoGame) {
		return loaded{}, notFound(id)
	}
	if err != nil {
		return loaded{}, err
	}
	if k, ok := r.kept.get(id); ok && k.Version == g.Version {
		k.Game = g // the store's own, as just read
		return k, nil
	}
	rules, ok := r.rules[g.Rules]
	if !ok {
		return loaded{}, refusef(CodeNotFound, "game %s is of %q, which this server does not serve", id, g.Rules)
	}
	l := loaded{Game: g, rules: rules, options: withoutSeed(rules.Info(), g.Options), views: &views{}}
	if l.pos, err = rules.Load(g.State); err != nil {
		return l, fmt.Errorf("%w: game %s: its state: %w", ErrDamaged, id, err)
	}
	r.kept.put(l)
	return l, nil
}

// loadAt returns game id at version v as the room last committed or read
// it, without a read of the store, or else reads it. A change made from
// it is committed only if the game is still at v: a game another room
// changed since is refused then as stale.
func (r *Room) loadAt(ctx context.Context, id string, v int64) (loaded, error) {
	if k, ok := r.kept.get(id); ok && k.Version == v {
		return k, nil
	}
	return r.load(ctx, id)
}

// A change is a commit being made: the game as it will be, and its
// position; the moves and events it adds.
type change struct {
	game  Game
	rules anygame.Game
	pos   anygame.Position
	added Change
	// movesLimit is Limits.MovesPerGame.
	movesLimit int
}

// begin begins a change of game l.
func (r *Room) begin(l loaded) *change {
	c := &change{game: *l.Game, rules: l.rules, pos: l.pos, movesLimit: r.limits.MovesPerGame}
	c.game.Seats = slices.Clone(l.Seats)
	c.settle()
	return c
}

// play adds a move to the change, played on its position.
func (c *change) play(m anygame.Move) error {
	next, events, err := c.pos.Play(m)
	if err != nil {
		return err
	}
	b, err := m.AppendJSON(nil)
	if err != nil {
		return err
	}
	c.game.Moves++
	c.added.Moves = append(c.added.Moves, StoredMove{Ply: c.game.Moves, Move: b})
	c.added.Events = append(c.added.Events, events...)
	c.game.Events = next.Status().Events
	c.pos = next
	c.settle()
	return nil
}

// settle marks the change's game over when it is, or when it has as many
// moves as the room allows (closed), with its result; and its bots due
// when it plays and a bot must act.
func (c *change) settle() {
	st := c.pos.Status()
	c.game.Over = st.Over || closed(c.game.Moves, c.movesLimit)
	_, bot := botToAct(c.game.Seats, st)
	c.game.BotsDue = c.game.Started && !c.game.Over && bot != ""
	if c.game.Over && c.game.Result == "" {
		c.game.Result = resultOf(c.game.Seats, st)
	}
}

// closed reports whether a game of the given moves is closed by the limit.
func closed(moves, limit int) bool { return limit >= 0 && moves >= limit }

// A commit is a change committed: the game as it now is, its position,
// and the events the change added.
type commit struct {
	loaded
	events []VersionedEvent
}

// commit stores the change c of game l, made from its version, and tells
// the game's followers; it returns ErrStale if the game changed since.
func (r *Room) commit(ctx context.Context, l loaded, c *change) (commit, error) {
	if c.game.BotsDue && !l.BotsDue {
		if err := r.bots.admit(&c.game); err != nil {
			return commit{}, err
		}
	}
	state, err := c.pos.State()
	if err != nil {
		return commit{}, err
	}
	c.game.State = state
	c.game.Version = l.Version + 1
	c.game.Updated = r.now()
	if err := r.store.Commit(ctx, l.Game, &c.game, c.added); err != nil {
		return commit{}, err
	}
	done := commit{loaded: loaded{Game: &c.game, rules: c.rules, pos: c.pos, options: l.options, played: l.played + 1, views: &views{}}}
	if done.played >= heldCommits {
		if pos, err := c.rules.Load(state); err == nil {
			done.pos, done.played = pos, 0
		}
	}
	r.kept.put(done.loaded)
	for _, e := range c.added.Events {
		done.events = append(done.events, VersionedEvent{Event: e, Version: c.game.Version})
	}
	r.feed.publish(done)
	if r.published != nil {
		r.published(c.game.ID, c.game.Version)
	}
	if c.game.BotsDue {
		r.bots.play(c.game.ID, c.game.Client, c.game.Version)
	}
	return done, nil
}

// changeTries is how many times a change of a table is tried again when
// another change came first.
const changeTries = 8

// change makes a change of game id: it loads the game, lets edit change
// it (or refuse), settles and commits the change, tried again from the
// game as it is, at most tries times, if another change came first. Every
// change of a game but its creation goes through it: a move, a seat's,
// the bots'. It returns the commit.
func (r *Room) change(ctx context.Context, id string, tries int, edit func(*change) error) (commit, error) {
	for range tries {
		l, err := r.load(ctx, id)
		if err != nil {
			return commit{}, err
		}
		c := r.begin(l)
		if err := edit(c); err != nil {
			return commit{}, refusalOf(err)
		}
		c.settle()
		done, err := r.commit(ctx, l, c)
		if errors.Is(err, ErrStale) {
			continue
		}
		return done, err
	}
	return commit{}, refuse(CodeStale, "the game kept changing; try again")
}

// randomString returns n random bytes in unpadded base64url.
func randomString(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// randomSeed returns a random seed of 64 bits.
func randomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// gamesKept is the most games a room keeps in memory.
const gamesKept = 4096

// kept keeps the games a room last committed or read, each at its
// version, so that a game changed or read again at that version is not
// decoded again, and a move made on it needs no read; the oldest are
// forgotten first.
type kept struct {
	mu    sync.Mutex
	most  int
	games map[string]loaded
	order []string // the ids, oldest first
}

func newKept(most int) *kept {
	return &kept{most: most, games: map[string]loaded{}}
}

// get returns game id as kept.
func (k *kept) get(id string) (loaded, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	l, ok := k.games[id]
	return l, ok
}

// put keeps a game, unless a later version of it is kept.
func (k *kept) put(l loaded) {
	k.mu.Lock()
	defer k.mu.Unlock()
	old, ok := k.games[l.ID]
	if ok && old.Version > l.Version {
		return
	}
	if !ok {
		k.order = append(k.order, l.ID)
	}
	k.games[l.ID] = l
	for len(k.games) > k.most {
		delete(k.games, k.order[0])
		k.order = k.order[1:]
	}
}

// entriesFor returns the entries of versioned events as a reader reads
// them.
func entriesFor(events []VersionedEvent, p cards.Player) []cards.Entry {
	out := make([]cards.Entry, len(events))
	for i, e := range events {
		out[i] = e.For(p)
	}
	return out
}
