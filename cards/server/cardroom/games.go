package cardroom

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/internal/strict"
)

// Create makes a game, for the client given (the key of its address, by
// which its rates and quotas count): its seats, its deal from a secret
// seed of the room's own, its keys. It answers the game's id, a token for
// each human seat and the game's keys, which the room keeps only hashed.
func (r *Room) Create(ctx context.Context, client string, req CreateRequest) (Created, error) {
	rules, ok := r.rules[req.Game]
	if !ok {
		return Created{}, refusalOf(cards.BadInput("no game is named %q", req.Game))
	}
	seats, err := r.seatsOf(req.Seats)
	if err != nil {
		return Created{}, err
	}
	if req.Name != "" {
		i := slices.Index(req.Seats, Human)
		if i < 0 {
			return Created{}, refuse(CodeSeats, "a name is the creator's, of the first human seat, and there is none")
		}
		if seats[i].Name, err = prepareName(req.Name); err != nil {
			return Created{}, err
		}
	}
	options, err := dealOptions(rules.Info(), req.Options, len(seats))
	if err != nil {
		return Created{}, err
	}
	pos, events, err := rules.Deal(options)
	if err != nil {
		return Created{}, refusalOf(err)
	}
	if n := pos.Status().Players; n != len(seats) {
		return Created{}, refusef(CodeSeats, "%d seats for a game of %d players", len(seats), n)
	}
	if err := r.allowCreate(client); err != nil {
		return Created{}, err
	}
	waiting := slices.ContainsFunc(seats, func(s Seat) bool { return s.Open })
	if err := r.checkRoom(ctx, client, waiting); err != nil {
		return Created{}, err
	}
	id, err := randomString(9)
	if err != nil {
		return Created{}, err
	}
	g := Game{ID: id, Rules: req.Game, Options: options, Seats: seats, Version: 1, Client: client,
		Public: req.Public, Spectators: req.Spectators, Table: id, Started: !waiting}
	created := Created{ID: id, Game: req.Game, Version: 1}
	if created.Host, g.Keys.Host, err = newKey(); err != nil {
		return Created{}, err
	}
	if created.Watch.Key, g.Keys.Watch, err = newKey(); err != nil {
		return Created{}, err
	}
	created.Watch.Join = r.link(id, "watch", created.Watch.Key)
	if waiting {
		created.Invite = &Key{}
		if created.Invite.Key, g.Keys.Invite, err = newKey(); err != nil {
			return Created{}, err
		}
		created.Invite.Join = r.link(id, "invite", created.Invite.Key)
	}
	for i := range seats {
		st := SeatToken{Seat: i, Bot: seats[i].Bot, Name: seats[i].Name, Open: seats[i].Open}
		if st.Bot == "" && !st.Open {
			if st.Token, seats[i].Token, err = newKey(); err != nil {
				return Created{}, err
			}
			if seats[i].Player, err = randomString(9); err != nil {
				return Created{}, err
			}
			st.Join = r.link(id, "token", st.Token)
		}
		created.Seats = append(created.Seats, st)
	}
	if err := r.insert(ctx, &g, rules, pos, events); err != nil {
		return Created{}, err
	}
	created.Started = g.Started
	if r.metrics != nil {
		r.metrics.GameCreated(req.Game)
	}
	if g.BotsDue {
		r.bots.play(g.ID, g.Client, g.Version)
	}
	return created, nil
}

// insert keeps a new game g dealt at position pos with the deal's events:
// the creation of a game, as change is of its changes.
func (r *Room) insert(ctx context.Context, g *Game, rules anygame.Game, pos anygame.Position, events []cards.Event) error {
	c := &change{game: *g, rules: rules, pos: pos, movesLimit: r.limits.MovesPerGame}
	c.settle()
	c.game.Events = len(events)
	if c.game.BotsDue {
		if err := r.bots.admit(&c.game); err != nil {
			return err
		}
	}
	var err error
	if c.game.State, err = pos.State(); err != nil {
		return err
	}
	c.game.Created, c.game.Updated = r.now(), r.now()
	if err := r.store.Insert(ctx, &c.game, events); err != nil {
		return err
	}
	r.kept.put(loaded{Game: &c.game, rules: rules, pos: pos, options: withoutSeed(rules.Info(), c.game.Options), views: &views{}})
	*g = c.game
	return nil
}

// newKey returns a new secret key (a token), and its hash as the room
// keeps it.
func newKey() (key, hash string, err error) {
	if key, err = randomString(32); err != nil {
		return "", "", err
	}
	return key, hashToken(key), nil
}

// link returns the web page's link to game id with a key, as its fragment
// names it ("token", "invite", "watch").
func (r *Room) link(id, name, key string) string {
	return r.joinPage + "#game=" + id + "&" + name + "=" + key
}

// allowCreate takes one of the client's creates, or refuses it over its
// rate: a game made, a seat claimed, a rematch proposed.
func (r *Room) allowCreate(client string) error {
	if d := wait(r.clients.of(client).creates, r.now()); d > 0 {
		return later(CodeTooMany, d, "this client creates and joins games faster than the server allows (%g a minute)", r.limits.CreateRate)
	}
	return nil
}

// AllowRequest takes one of the client's requests, or returns how long it
// must wait before it sends another, over its rate.
func (r *Room) AllowRequest(client string) time.Duration {
	return wait(r.clients.of(client).requests, r.now())
}

// checkRoom refuses a new game of the client if the room, or the client,
// holds as many games not over as the limits allow; or, for a game that
// waits for players, as many games waiting.
func (r *Room) checkRoom(ctx context.Context, client string, waiting bool) error {
	l := r.limits
	if l.OpenGames < 0 && l.OpenGamesPerClient < 0 && (!waiting || (l.WaitingGames < 0 && l.WaitingGamesPerClient < 0)) {
		return nil
	}
	n, err := r.store.Count(ctx, client)
	switch {
	case err != nil:
		return err
	case !within(n.Open+1, l.OpenGames):
		return later(CodeFull, time.Minute, "the server holds as many games as it may (%d); try again later", l.OpenGames)
	case !within(n.Mine+1, l.OpenGamesPerClient):
		return later(CodeTooMany, time.Minute, "this client has %d games going, as many as the server allows; finish one, or wait until one expires", n.Mine)
	case waiting && !within(n.Waiting+1, l.WaitingGames):
		return later(CodeFull, time.Minute, "the server holds as many games waiting for players as it may (%d); join one from the lobby, or try again later", l.WaitingGames)
	case waiting && !within(n.MineWaiting+1, l.WaitingGamesPerClient):
		return later(CodeTooMany, time.Minute, "this client has %d games waiting for players, as many as the server allows; start one, or wait until one expires", n.MineWaiting)
	}
	return nil
}

// seatsOf checks the seats of a request to create a game.
func (r *Room) seatsOf(names []string) ([]Seat, error) {
	seats := make([]Seat, len(names))
	humans := 0
	for i, name := range names {
		switch name {
		case Human:
			humans++
			continue
		case Open:
			humans++
			seats[i].Open = true
			continue
		}
		if err := checkBot(name, r.limits); err != nil {
			return nil, refuseBot(i, err)
		}
		seats[i].Bot = name
	}
	if humans == 0 {
		return nil, refuse(CodeNoHumanSeat, "a game needs at least one seat for a person, human or open")
	}
	return seats, nil
}

// dealOptions returns the options a game is dealt from: the request's,
// with one player a seat unless they say otherwise, and a secret seed.
func dealOptions(info cards.GameInfo, given json.RawMessage, seats int) (json.RawMessage, error) {
	options := map[string]json.RawMessage{}
	if len(given) > 0 {
		if err := decodeMembers(given, options, info.Title+" options"); err != nil {
			return nil, refusalOf(err)
		}
	}
	for _, o := range info.Options {
		if _, ok := options[o.Name]; !ok {
			if o.Name == "players" && o.Type == cards.IntOption {
				options[o.Name] = json.RawMessage(strconv.Itoa(seats))
			}
			continue
		}
		if o.Type == cards.SeedOption || o.Name == cards.NoLogOpt().Name {
			return nil, refusef(CodeSecretOption, "the server sets option %s itself", o.Name)
		}
	}
	for _, o := range info.Options {
		if o.Type == cards.SeedOption {
			seed, err := randomSeed()
			if err != nil {
				return nil, err
			}
			// 53 bits, so that the seed is a JSON number for every reader.
			options[o.Name] = json.RawMessage(strconv.FormatUint(seed>>11, 10))
		}
	}
	return encodeMembers(options), nil
}

// decodeMembers decodes v, a JSON object, into members: each name once.
// Every error wraps cards.ErrBadInput; what names the object in messages.
func decodeMembers(v []byte, members map[string]json.RawMessage, what string) error {
	if err := strict.Check(v); err != nil {
		return strict.InputError(what, err)
	}
	return strict.EachMember(v, what, func(name, value []byte) error {
		if _, seen := members[string(name)]; seen {
			return cards.BadInput("%s names its member %q twice", what, name)
		}
		members[string(name)] = json.RawMessage(value)
		return nil
	})
}

// encodeMembers encodes members as a JSON object, its names in order.
func encodeMembers(members map[string]json.RawMessage) json.RawMessage {
	names := make([]string, 0, len(members))
	for name := range members {
		names = append(names, name)
	}
	slices.Sort(names)
	b := []byte{'{'}
	for i, name := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, name)
		b = append(append(b, ':'), members[name]...)
	}
	return append(b, '}')
}

// withoutSeed returns options without their seed, which the room keeps
// secret.
func withoutSeed(info cards.GameInfo, options json.RawMessage) json.RawMessage {
	members := map[string]json.RawMessage{}
	if decodeMembers(options, members, "options") != nil {
		return json.RawMessage(`{}`)
	}
	for _, o := range info.Options {
		if o.Type == cards.SeedOption {
			delete(members, o.Name)
		}
	}
	return encodeMembers(members)
}

// keyIs reports whether key is the one whose hash is given, in constant
// time.
func keyIs(hash, key string) bool {
	return hashIs(hash, hashToken(key))
}

// hashIs reports whether two hashes of keys are the same, and not that of
// no key, in constant time.
func hashIs(kept, hash string) bool {
	return kept != "" && subtle.ConstantTimeCompare([]byte(kept), []byte(hash)) == 1
}

// seatOf returns the seat whose token is token, or -1. It compares the
// token's hash with every seat's in constant time.
func seatOf(seats []Seat, token string) int {
	return seatOfHash(seats, hashToken(token))
}

// seatOfHash returns the seat whose token's hash is hash, or -1.
func seatOfHash(seats []Seat, hash string) int {
	found := -1
	for i, s := range seats {
		if subtle.ConstantTimeCompare([]byte(hash), []byte(s.Token)) == 1 {
			found = i
		}
	}
	return found
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// readerOf returns who reads game g with the key given ("" for none): the
// seat its token plays, or a spectator (by the spectators', the host's or
// the invitation's key — who may take a seat may see who sits — or by no
// key at all if anyone may watch). A follower asks again at every message
// it sends, for a seat changes hands when its player leaves.
func readerOf(g *Game, key string) (cards.Player, error) {
	return readerOfHash(g, key != "", hashToken(key))
}

// readerOfHash is readerOf for a key given by its hash, if there is one:
// for a follower, which hashes its key once.
func readerOfHash(g *Game, hasKey bool, hash string) (cards.Player, error) {
	seat := -1
	if hasKey {
		seat = seatOfHash(g.Seats, hash)
	}
	switch {
	case seat >= 0:
		return cards.Player(seat), nil
	case hasKey && (hashIs(g.Keys.Watch, hash) || hashIs(g.Keys.Host, hash) || hashIs(g.Keys.Invite, hash)):
		return cards.Spectator, nil
	case !hasKey && g.Spectators:
		return cards.Spectator, nil
	case !hasKey:
		return 0, refuse(CodeUnauthorized, "a request for a game carries its seat's token, or its spectators' key: Authorization: Bearer TOKEN")
	}
	return 0, refuse(CodeUnauthorized, "this token is no seat's of this game, nor its spectators' key")
}

// A Query asks for a game as a key reads it: the game's id, the key ("" for
// none), the events after the Since-th (-1: the reader's default), the
// seat the reader says it is (-2: none said), and the version the reader
// knows (0 for none).
type Query struct {
	ID    string
	Key   string
	Since int
	Seat  int
	Known int64
}

// NoSeat is a Query's Seat when the reader says none.
const NoSeat = -2

// open loads the game a query asks for, and who reads it.
func (r *Room) open(ctx context.Context, q Query) (loaded, cards.Player, error) {
	l, err := r.load(ctx, q.ID)
	return r.reading(l, q, err)
}

// openAt is open of the game at version v as the room keeps it, if it
// does, without a read: for a change made from v, which its commit checks.
func (r *Room) openAt(ctx context.Context, q Query, v int64) (loaded, cards.Player, error) {
	l, err := r.loadAt(ctx, q.ID, v)
	return r.reading(l, q, err)
}

// reading returns who reads game l with the query's key.
func (r *Room) reading(l loaded, q Query, err error) (loaded, cards.Player, error) {
	if err != nil {
		return l, 0, err
	}
	p, err := readerOf(l.Game, q.Key)
	if err != nil {
		return l, 0, err
	}
	if q.Seat != NoSeat && q.Seat != int(p) {
		return l, 0, refusef(CodeNotYourSeat, "this token reads seat %d, not seat %d", p, q.Seat)
	}
	return l, p, nil
}

// Read returns the game as the query's key reads it: its seat's view (or
// the spectators'), and the events after the Since-th, at most
// Limits.EventsPerAnswer of them. It changes nothing; but if the game's
// bots were left to act, it lets them play after. A reader that knows the
// game's version is answered ErrNotModified.
func (r *Room) Read(ctx context.Context, q Query) (SeatView, error) {
	l, p, err := r.open(ctx, q)
	if err != nil {
		return SeatView{}, err
	}
	if l.BotsDue && r.now().Sub(l.Updated) > r.staleAfter() {
		defer r.bots.play(l.ID, l.Client, 0)
	}
	if q.Known != 0 && q.Known == l.Version {
		return SeatView{Version: l.Version}, ErrNotModified
	}
	return r.seatView(ctx, l, p, max(q.Since, 0), nil)
}

// Move applies the move of the query's key's seat, at the version it was
// chosen on, and answers the seat's view after it, with the events after
// the Since-th (by default, those after the version the move named). The
// move is decoded once; the bots play after the answer.
func (r *Room) Move(ctx context.Context, q Query, version int64, move []byte) (SeatView, error) {
	l, p, err := r.openAt(ctx, q, version)
	if err != nil {
		return SeatView{}, err
	}
	switch {
	case p == cards.Spectator:
		return SeatView{}, refuse(CodeSpectator, "a spectator watches, and makes no move")
	case !l.Started:
		return SeatView{}, refuse(CodeNotStarted, "the game waits for its players: it starts when every seat is taken")
	}
	m, err := l.rules.DecodeMove(move)
	if err != nil {
		return SeatView{}, refusalOf(err)
	}
	if m.Player() != p {
		return SeatView{}, refusef(CodeNotYourSeat, "this token plays %v, not %v", p, m.Player())
	}
	if version != l.Version {
		return SeatView{}, refusef(CodeStale, "the game is at version %d, not %d", l.Version, version)
	}
	since := q.Since
	if since < 0 {
		since = l.Events
	}
	if st := l.pos.Status(); st.Over {
		return SeatView{}, refusalOf(cards.ErrGameOver)
	} else if closed(l.Moves, r.limits.MovesPerGame) {
		return SeatView{}, refusef(CodeClosed, "the game reached the server's limit of %d moves: it is closed", r.limits.MovesPerGame)
	} else if !st.ToAct.Has(m.Player()) {
		return SeatView{}, refusalOf(fmt.Errorf("%w: %v is not to act", cards.ErrNotYourTurn, m.Player()))
	}
	c := r.begin(l)
	if err := c.play(m); err != nil {
		return SeatView{}, refusalOf(err)
	}
	done, err := r.commit(ctx, l, c)
	if errors.Is(err, ErrStale) {
		return SeatView{}, refuse(CodeStale, "the game changed while the move was made")
	}
	if err != nil {
		return SeatView{}, err
	}
	v, err := r.seatView(ctx, done.loaded, p, since, done.events)
	if errors.Is(err, errEvents) {
		// The move is committed: an answer without its events says that
		// they follow, to read again.
		r.log.Error("the events of a committed move could not be read", "game", done.ID, "err", err)
		v.Events, v.More, err = []cards.Entry{}, true, nil
	}
	return v, err
}

// errEvents is wrapped by seatView's error when the events could not be
// read.
var errEvents = errors.New("reading the events")

// seatView returns game l as reader p reads it, with its events after the
// since-th, at most Limits.EventsPerAnswer of them; recent are the events
// of its last commit, when the caller has them, which are not read again.
// Before the game starts, it has no view and no events.
func (r *Room) seatView(ctx context.Context, l loaded, p cards.Player, since int, recent []VersionedEvent) (SeatView, error) {
	v := r.head(l, p)
	if !l.Started {
		return v, nil
	}
	view, err := l.view(p)
	if err != nil {
		return v, err
	}
	v.View = view
	events, err := r.eventsAfter(ctx, l.Game, since, r.limits.EventsPerAnswer, recent)
	if err != nil {
		return v, fmt.Errorf("%w: %w", errEvents, err)
	}
	v.Events = entriesFor(events, p)
	v.More = since+len(events) < l.Events
	return v, nil
}

// eventsAfter returns game g's events after the n-th, at most limit of
// them; recent are its latest events, which the store is not asked for.
func (r *Room) eventsAfter(ctx context.Context, g *Game, n, limit int, recent []VersionedEvent) ([]VersionedEvent, error) {
	if len(recent) > 0 && n >= recent[0].Seq-1 {
		events := recent[min(n-(recent[0].Seq-1), len(recent)):]
		if limit >= 0 && len(events) > limit {
			events = events[:limit]
		}
		return events, nil
	}
	return r.store.Events(ctx, g, n, limit)
}

// head returns what every SeatView of game l tells reader p, without the
// view and the events.
func (r *Room) head(l loaded, p cards.Player) SeatView {
	v := SeatView{ID: l.ID, Game: l.Rules, Seat: int(p), Version: l.Version, Moves: l.Moves, Events: []cards.Entry{},
		Started: l.Started, Options: l.options, Public: l.Public, Spectators: l.Spectators,
		Watchers: r.feed.watchers(l.ID), Table: l.Table, Previous: l.Previous, Next: l.Next}
	for _, s := range l.Seats {
		v.Seats = append(v.Seats, s.kind())
		v.Names = append(v.Names, s.Name)
	}
	if l.Started && closed(l.Moves, r.limits.MovesPerGame) && !l.pos.Status().Over {
		v.Closed = fmt.Sprintf("the game reached the server's limit of %d moves", r.limits.MovesPerGame)
	}
	return v
}
