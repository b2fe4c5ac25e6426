package cardroom

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/cardrules/games/cards"
)

// Followers of a game hear of its commits from memory: a commit hands its
// game, position and events to the game's followers in this room, and
// each reader's message of a version is built once, whatever the number
// of its followers. A follower reads the store only to catch up: when it
// opens, when it fell behind, and for a commit of another room (Publish),
// of which one read serves every follower of the game.

// streamBatch is the most versions of one batch of a follower's messages.
const streamBatch = 200

// followerNews is the most news of commits a follower keeps unsent
// before it counts itself behind, to catch up from the store.
const followerNews = 64

// A Message is one message of a follower: a version of the game, and the
// JSON of the SeatView that tells it.
type Message struct {
	Version int64
	Data    []byte
}

// A Resume tells where a follower goes on from: after Version (-1: from
// the game as it stands), with the events after the Since-th (-1: those
// after Version's).
type Resume struct {
	Version int64
	Since   int
}

// ErrReaderChanged ends a follower whose key no longer reads the game as
// it did: its seat went to another player, or to a bot.
var ErrReaderChanged = errors.New("the key no longer reads the game as it did")

// feed tells the followers of games of the room's commits.
type feed struct {
	r        *Room
	mu       sync.Mutex
	games    map[string]*followed
	byClient map[string]int
	total    int
	closing  chan struct{}
	closed   bool
}

// followed is the followers of one game.
type followed struct {
	followers  map[*Follower]struct{}
	spectators int
	// fetching tells that the news of another room's commit is being
	// read from the store; again, that more news came meanwhile.
	fetching, again bool
}

func newFeed(r *Room) *feed {
	return &feed{r: r, games: map[string]*followed{}, byClient: map[string]int{}, closing: make(chan struct{})}
}

// A Follower follows a game for a reader: every version after the one it
// resumed from, once, in order, each with its events as the reader reads
// them. Its methods are called from one goroutine.
type Follower struct {
	r          *Room
	id, key    string
	keyHash    string // the key's, hashed once
	client     string
	reader     cards.Player
	at         streamAt
	caughtUp   bool // the last batch caught up with the game: news follow on
	catching   bool // the last batch from the store did not catch up
	nudge      chan struct{}
	registered bool

	mu     sync.Mutex
	queue  []*news
	behind bool
	told   streamAt // at, for the feed to read
}

// A position in a stream: the version sent last (-1 for none yet), the
// number of the last event sent, and whether the last message said that
// more events of its version follow.
type streamAt struct {
	version int64
	since   int
	more    bool
}

// Follow starts following game q.ID for q's key's reader, from where
// resume says, for a client: a follower that counts against the room's
// limits of streams until it is closed.
func (r *Room) Follow(ctx context.Context, client string, q Query, resume Resume) (*Follower, error) {
	f, err := r.follower(ctx, q, resume)
	if err != nil {
		return nil, err
	}
	f.client = client
	if err := r.feed.add(f); err != nil {
		return nil, err
	}
	return f, nil
}

// FollowOnce returns the next batch of messages a follower from resume
// would be sent, and whether it caught up with the game: for a service
// that holds the streams of a game itself and is told of its commits.
func (r *Room) FollowOnce(ctx context.Context, q Query, resume Resume) ([]Message, bool, error) {
	f, err := r.follower(ctx, q, resume)
	if err != nil {
		return nil, false, err
	}
	return f.catchUp(ctx)
}

// follower returns a follower of a query's game, unregistered.
func (r *Room) follower(ctx context.Context, q Query, resume Resume) (*Follower, error) {
	l, p, err := r.open(ctx, q)
	if err != nil {
		return nil, err
	}
	f := &Follower{r: r, id: l.ID, key: q.Key, keyHash: hashToken(q.Key), reader: p, nudge: make(chan struct{}, 1), at: streamAt{version: -1, since: max(resume.Since, 0)}}
	defer func() { f.told = f.at }()
	if resume.Version < 0 {
		return f, nil
	}
	if resume.Version > l.Version {
		return nil, refusef(CodeStale, "the game is at version %d, not %d", l.Version, resume.Version)
	}
	f.at.version = resume.Version
	if resume.Since < 0 {
		if f.at.since, err = r.store.EventsAt(ctx, l.Game, resume.Version); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// add registers a follower, if the limits allow it.
func (fd *feed) add(f *Follower) error {
	l := fd.r.limits
	fd.mu.Lock()
	defer fd.mu.Unlock()
	g := fd.games[f.id]
	switch {
	case fd.closed:
		return later(CodeBusy, time.Second, "the server is stopping")
	case !within(fd.byClient[f.client]+1, l.StreamsPerClient):
		return later(CodeTooMany, 10*time.Second, "this client follows %d streams, as many as the server allows", fd.byClient[f.client])
	case g != nil && !within(len(g.followers)+1, l.StreamsPerGame):
		return later(CodeBusy, 10*time.Second, "the game has as many followers as the server allows; poll, or try again later")
	case !within(fd.total+1, l.Streams):
		return later(CodeBusy, 10*time.Second, "the server follows as many streams as it may; poll, or try again later")
	}
	if g == nil {
		g = &followed{followers: map[*Follower]struct{}{}}
		fd.games[f.id] = g
	}
	g.followers[f] = struct{}{}
	if f.reader == cards.Spectator {
		g.spectators++
	}
	fd.byClient[f.client]++
	fd.total++
	f.registered = true
	return nil
}

// Close stops the follower, and gives its place back.
func (f *Follower) Close() {
	if !f.registered {
		return
	}
	f.registered = false
	fd := f.r.feed
	fd.mu.Lock()
	defer fd.mu.Unlock()
	g := fd.games[f.id]
	delete(g.followers, f)
	if f.reader == cards.Spectator {
		g.spectators--
	}
	if len(g.followers) == 0 {
		delete(fd.games, f.id)
	}
	if fd.byClient[f.client]--; fd.byClient[f.client] <= 0 {
		delete(fd.byClient, f.client)
	}
	fd.total--
}

// News is signalled when the follower may have messages to send.
func (f *Follower) News() <-chan struct{} { return f.nudge }

// Closing is closed when the room closes: its followers end.
func (f *Follower) Closing() <-chan struct{} { return f.r.feed.closing }

// Watchers returns the number of spectators that follow the game.
func (f *Follower) Watchers() int { return f.r.feed.watchers(f.id) }

func (f *Follower) poke() {
	select {
	case f.nudge <- struct{}{}:
	default:
	}
}

// Next returns the messages the follower sends now, and whether it caught
// up with the game: if not, it calls Next again at once. It returns
// ErrReaderChanged once the follower's key no longer reads the game as
// it did. A batch read from the store after the first waits for the
// client's rate of requests.
func (f *Follower) Next(ctx context.Context) ([]Message, bool, error) {
	f.mu.Lock()
	queue, behind := f.queue, f.behind
	f.queue, f.behind = nil, false
	f.mu.Unlock()
	if f.caughtUp && !behind {
		msgs, complete, err := f.fromMemory(queue)
		if err != nil || complete {
			return msgs, true, err
		}
		f.caughtUp = false // the next call reads on from the store
		return msgs, false, nil
	}
	if f.catching {
		if err := f.r.clients.of(f.client).requests.Wait(ctx); err != nil {
			return nil, false, err
		}
	}
	msgs, caughtUp, err := f.catchUp(ctx)
	f.caughtUp, f.catching = caughtUp, !caughtUp
	return msgs, caughtUp, err
}

// fromMemory returns the messages of the news of commits, as long as
// they follow on from where the follower is, and whether they all did:
// if not, the follower reads on from the store.
func (f *Follower) fromMemory(queue []*news) (msgs []Message, complete bool, err error) {
	for _, n := range queue {
		if n.game.Version <= f.at.version {
			continue // told already
		}
		if p, err := f.readerOf(n.game.Game); err != nil || p != f.reader {
			return msgs, true, ErrReaderChanged
		}
		if !n.follows(f.at, f.r.limits.EventsPerAnswer) {
			return msgs, false, nil
		}
		built, err := n.messages(f.r, f.reader, f.at)
		if err != nil {
			return msgs, true, err
		}
		msgs = append(msgs, built.msgs...)
		f.tell(built.at)
	}
	return msgs, true, nil
}

// readerOf returns who the follower's key reads game g as.
func (f *Follower) readerOf(g *Game) (cards.Player, error) {
	return readerOfHash(g, f.key != "", f.keyHash)
}

// tell notes where the follower stands.
func (f *Follower) tell(at streamAt) {
	f.at = at
	f.mu.Lock()
	f.told = at
	f.mu.Unlock()
}

// catchUp reads the game from the store and returns the next batch of
// the follower's messages, and whether it caught up.
func (f *Follower) catchUp(ctx context.Context) ([]Message, bool, error) {
	l, err := f.r.load(ctx, f.id)
	if err != nil {
		return nil, false, err
	}
	if p, err := f.readerOf(l.Game); err != nil || p != f.reader {
		return nil, false, ErrReaderChanged
	}
	if l.Version == f.at.version && (!l.Started || f.at.since >= l.Events) {
		return nil, true, nil
	}
	views, err := f.r.versions(ctx, l, f.reader, f.at)
	if err != nil {
		return nil, false, err
	}
	msgs, at, err := encodeViews(views, f.at)
	if err != nil {
		return nil, false, err
	}
	f.tell(at)
	last := views[len(views)-1]
	return msgs, last.Version == l.Version && !last.More, nil
}

// encodeViews encodes the views of a batch of messages, and returns where
// a follower at at stands once it has sent them.
func encodeViews(views []SeatView, at streamAt) ([]Message, streamAt, error) {
	msgs := make([]Message, 0, len(views))
	for _, v := range views {
		b, err := v.AppendJSON(nil)
		if err != nil {
			return nil, at, err
		}
		msgs = append(msgs, Message{Version: v.Version, Data: b})
		for _, e := range v.Events {
			at.since = e.Seq
		}
		at.version, at.more = v.Version, v.More
	}
	return msgs, at, nil
}

// versions returns the messages of game l that a follower at at is sent
// next, as reader p reads them: opened anew, the game as it stands with
// the events after at.since; else a message for each version after
// at.version, up to streamBatch of them, each with the events of its
// version (those of the version a message before ended with more, in a
// message of that version again), at most Limits.EventsPerAnswer events
// in all. Every message is as l's head; the last has the view if it is
// l's version, and says that more follow if events of its version remain.
func (r *Room) versions(ctx context.Context, l loaded, p cards.Player, at streamAt) ([]SeatView, error) {
	if at.version < 0 {
		v, err := r.seatView(ctx, l, p, at.since, nil)
		return []SeatView{v}, err
	}
	events := []VersionedEvent{}
	var err error
	if l.Started {
		// One event more than a batch holds tells whether the version of
		// its last one goes on.
		if events, err = r.store.Events(ctx, l.Game, at.since, r.limits.EventsPerAnswer+1); err != nil {
			return nil, err
		}
	}
	more := false
	n := r.limits.EventsPerAnswer
	if n >= 0 && len(events) > n {
		more = events[n].Version == events[n-1].Version
		events = events[:n]
	}
	return r.messagesOf(l, p, at, events, more)
}

// messagesOf returns the messages of game l's versions after at, as
// versions does, from the events after at.since given (more: the last
// one's version has more events than those).
func (r *Room) messagesOf(l loaded, p cards.Player, at streamAt, events []VersionedEvent, more bool) ([]SeatView, error) {
	head := r.head(l, p)
	from := at.version + 1
	if at.more || from > l.Version {
		from = at.version // the rest of the events of the version sent last
	}
	upto := min(l.Version, from+streamBatch-1)
	if more {
		upto = max(from, min(upto, events[len(events)-1].Version))
	}
	var msgs []SeatView
	for v := from; v <= upto; v++ {
		m := head
		m.Version, m.Events, m.View, m.More, m.Closed = v, []cards.Entry{}, nil, false, ""
		msgs = append(msgs, m)
	}
	for _, e := range events {
		if e.Version > upto {
			break
		}
		i := max(0, int(e.Version-from))
		msgs[i].Events = append(msgs[i].Events, e.For(p))
	}
	last := &msgs[len(msgs)-1]
	last.More = more && upto == events[len(events)-1].Version
	if upto == l.Version {
		if l.Started {
			view, err := l.view(p)
			if err != nil {
				return nil, err
			}
			last.View = view
		}
		last.Closed = head.Closed
	}
	return msgs, nil
}

// news is what the followers of a game hear of a commit: the game as it
// stands and its position, from version from on, with the events after
// the sinceth; and each reader's messages from each position, built once.
type news struct {
	game   loaded
	from   int64
	since  int
	events []VersionedEvent

	mu    sync.Mutex
	built map[builtFor]batch
}

type builtFor struct {
	reader cards.Player
	at     streamAt
}

// A batch is a follower's messages, and where it stands after them.
type batch struct {
	msgs []Message
	at   streamAt
}

// follows reports whether the news tells a follower at at every version
// and event after it, in messages of at most limit events.
func (n *news) follows(at streamAt, limit int) bool {
	if at.more || n.from > at.version+1 || n.since > at.since || n.since+len(n.events) != n.game.Events {
		return false
	}
	told := 0
	for _, e := range n.events {
		if e.Seq > at.since {
			told++
		}
	}
	return limit < 0 || told <= limit
}

// messages returns reader p's messages of the news, for a follower at at.
func (n *news) messages(r *Room, p cards.Player, at streamAt) (batch, error) {
	key := builtFor{p, at}
	n.mu.Lock()
	defer n.mu.Unlock()
	if b, ok := n.built[key]; ok {
		return b, nil
	}
	var events []VersionedEvent
	for _, e := range n.events {
		if e.Seq > at.since {
			events = append(events, e)
		}
	}
	views, err := r.messagesOf(n.game, p, at, events, false)
	if err != nil {
		return batch{}, err
	}
	msgs, after, err := encodeViews(views, at)
	if err != nil {
		return batch{}, err
	}
	if n.built == nil {
		n.built = map[builtFor]batch{}
	}
	b := batch{msgs, after}
	n.built[key] = b
	return b, nil
}

// publish hands the news of a commit to the game's followers.
func (fd *feed) publish(c commit) {
	n := &news{game: c.loaded, from: c.Version, since: c.Events - len(c.events), events: c.events}
	fd.hearAll(c.ID, n)
}

// hearAll hands news to the followers of game id.
func (fd *feed) hearAll(id string, n *news) {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	if g := fd.games[id]; g != nil {
		for f := range g.followers {
			f.hear(n)
		}
	}
}

// hear takes the news of a commit in.
func (f *Follower) hear(n *news) {
	f.mu.Lock()
	if len(f.queue) < followerNews {
		f.queue = append(f.queue, n)
	} else {
		f.queue, f.behind = nil, true
	}
	f.mu.Unlock()
	f.poke()
}

// Publish tells the room's followers of game id that it changed: news of
// a commit another room made (see Config.Published). One read of the
// store serves all of them.
func (r *Room) Publish(id string) { r.feed.fetch(id) }

// PublishAll tells the room's followers that their games may have
// changed, for a relay of news that may have missed some (its connection
// was lost): each reads what changed, if anything.
func (r *Room) PublishAll() { r.feed.nudgeAll() }

// fetchTime bounds the reads of the news of another room's commit.
const fetchTime = 10 * time.Second

// fetch reads the news of another room's commit of game id for its
// followers here, once for all of them; news that come meanwhile are read
// once it is done.
func (fd *feed) fetch(id string) {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	g := fd.games[id]
	switch {
	case g == nil:
		return
	case g.fetching:
		g.again = true
		return
	}
	g.fetching = true
	go func() {
		for {
			n, err := fd.read(id)
			if err == nil && n != nil {
				fd.hearAll(id, n)
			} else if err != nil {
				fd.nudge(id) // each catches up for itself
			}
			fd.mu.Lock()
			g := fd.games[id]
			if g == nil || !g.again {
				if g != nil {
					g.fetching = false
				}
				fd.mu.Unlock()
				return
			}
			g.again = false
			fd.mu.Unlock()
		}
	}()
}

// read reads game id and its events after those its furthest-behind
// follower here has, as news; nil if it has no follower.
func (fd *feed) read(id string) (*news, error) {
	at, ok := fd.behindmost(id)
	if !ok {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), fetchTime)
	defer cancel()
	l, err := fd.r.load(ctx, id)
	if err != nil {
		return nil, err
	}
	n := &news{game: l, from: at.version + 1, since: at.since, events: []VersionedEvent{}}
	if l.Started && at.since < l.Events {
		limit := fd.r.limits.EventsPerAnswer
		if n.events, err = fd.r.store.Events(ctx, l.Game, at.since, limit); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// behindmost returns where the game's follower furthest behind stands.
func (fd *feed) behindmost(id string) (streamAt, bool) {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	g := fd.games[id]
	if g == nil || len(g.followers) == 0 {
		return streamAt{}, false
	}
	first := true
	var at streamAt
	for f := range g.followers {
		f.mu.Lock()
		told := f.told
		f.mu.Unlock()
		if told.version < 0 {
			continue // not caught up: it reads the store for itself
		}
		if first || told.version < at.version {
			at.version = told.version
		}
		if first || told.since < at.since {
			at.since = told.since
		}
		first = false
	}
	return at, !first
}

// nudge has the followers of a game catch up from the store.
func (fd *feed) nudge(id string) {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	if g := fd.games[id]; g != nil {
		for f := range g.followers {
			f.fallBehind()
		}
	}
}

func (fd *feed) nudgeAll() {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	for _, g := range fd.games {
		for f := range g.followers {
			f.fallBehind()
		}
	}
}

// fallBehind has the follower catch up from the store.
func (f *Follower) fallBehind() {
	f.mu.Lock()
	f.queue, f.behind = nil, true
	f.mu.Unlock()
	f.poke()
}

// watchers counts the spectators that follow a game.
func (fd *feed) watchers(id string) int {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	if g := fd.games[id]; g != nil {
		return g.spectators
	}
	return 0
}

// close ends every follower.
func (fd *feed) close() {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	if !fd.closed {
		fd.closed = true
		close(fd.closing)
	}
}
