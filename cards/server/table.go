package server

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// People meet around a table. A game created with open seats waits for
// people to claim them with their names, by its invitation (or from the
// lobby, if it is public); a player may leave before it starts, and the
// host may give the open seats to bots and start it. It starts when its
// seats are full. Once it is over, its players may play again: the first
// to ask proposes a rematch, which keeps the seats and names, the first
// player rotating, and each other player accepts it or leaves; the
// table's games link to each other, and its history counts each name's
// wins.

// kind returns how a SeatView names the seat: Human, Open or a bot's spec.
func (s seat) kind() string {
	switch {
	case s.Bot != "":
		return s.Bot
	case s.Open:
		return Open
	}
	return Human
}

// nameOf returns the name of a seat in a result: a person's, or a bot's
// spec.
func (s seat) nameOf() string {
	if s.Bot != "" {
		return s.Bot
	}
	return s.Name
}

// resultOf returns the result of a game over, as the row keeps it for the
// table's history: a Played without its id and time.
func resultOf(seats []seat, st anygame.Status) string {
	p := Played{Over: true, Scores: st.Result.Scores, Drawn: st.Result.Drawn, Winners: []string{}}
	for i, s := range seats {
		p.Names = append(p.Names, s.nameOf())
		if st.Result.Winners.Has(cards.Player(i)) {
			p.Winners = append(p.Winners, s.nameOf())
		}
	}
	b, _ := json.Marshal(p)
	return string(b)
}

// changeRetries is how many times a change of a table is tried again when
// another change came first.
const changeRetries = 8

// changeGame makes a change of game id that is not a move: it loads the
// game, lets edit change it (or refuse), settles and commits the change,
// and tries again from the game as it is if another change came first.
// It lets the bots play if they must, and returns the row committed.
func (h *Handler) changeGame(ctx context.Context, id string, edit func(*change) error) (row, error) {
	for range changeRetries {
		r, _, pos, err := h.loadGame(ctx, id)
		if errors.Is(err, errNoGame) {
			return r, refuse(http.StatusNotFound, CodeNotFound, fmt.Sprintf("no game has the id %q", id))
		}
		if err != nil {
			return r, err
		}
		c := h.start(r, pos)
		c.row.seats = slices.Clone(r.seats)
		if err := edit(&c); err != nil {
			return r, err
		}
		c.settle()
		if c.row.due {
			if err := h.bots.room(c.row); err != nil {
				return r, err
			}
		}
		committed, err := h.commit(ctx, r, c)
		if errors.Is(err, errStale) {
			continue
		}
		if err == nil && committed.due {
			h.bots.kick(committed.id, committed.client)
		}
		return committed, err
	}
	return row{}, refuse(http.StatusConflict, CodeStale, "the game kept changing; try again")
}

// claim gives an open seat to a person, with a name: POST
// /games/{id}/seats.
func (h *Handler) claim(w http.ResponseWriter, r *http.Request) {
	var req ClaimRequest
	if err := h.decodeBody(w, r, &req, "a claim of a seat"); err != nil {
		h.fail(w, r, err)
		return
	}
	name, err := prepareName(req.Name)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	key, hasKey := bearer(r)
	var st SeatToken
	_, err = h.changeGame(r.Context(), r.PathValue("id"), func(c *change) error {
		if !c.row.public && (!hasKey || !keyIs(c.row.keys.Invite, key)) {
			return refuse(http.StatusUnauthorized, CodeUnauthorized, "a seat of a private game is claimed with its invitation: Authorization: Bearer KEY")
		}
		i, err := openSeat(c.row, req.Seat, name)
		if err != nil {
			return err
		}
		token, hash, err := newKey()
		if err != nil {
			return err
		}
		c.row.seats[i] = seat{Token: hash, Name: name}
		c.row.started = !slices.ContainsFunc(c.row.seats, func(s seat) bool { return s.Open })
		st = SeatToken{Seat: i, Name: name, Token: token, Join: h.link(c.row.id, "token", token)}
		return nil
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answer(w, r, http.StatusCreated, st)
}

// openSeat returns the seat a claim takes: the one it names, or the first
// open one not kept for another player; and refuses a name another
// player of the game has.
func openSeat(r row, want *int, name string) (int, error) {
	if r.started {
		return 0, refuse(http.StatusConflict, CodeStarted, "the game started: it has no open seat")
	}
	for i, s := range r.seats {
		if s.Name != "" && sameName(s.Name, name) {
			return 0, refuse(http.StatusConflict, CodeNameTaken, fmt.Sprintf("seat %d's player is named %q already", i, s.Name))
		}
	}
	if want != nil {
		if *want < 0 || *want >= len(r.seats) || !r.seats[*want].Open || r.seats[*want].For != "" {
			return 0, refuse(http.StatusConflict, CodeNoOpenSeat, fmt.Sprintf("seat %d is not open", *want))
		}
		return *want, nil
	}
	i := slices.IndexFunc(r.seats, func(s seat) bool { return s.Open && s.For == "" })
	if i < 0 {
		return 0, refuse(http.StatusConflict, CodeNoOpenSeat, "every seat is taken or kept for its player")
	}
	return i, nil
}

// leave frees a seat of a game that has not started: DELETE
// /games/{id}/seats/{seat}, with the seat's token.
func (h *Handler) leave(w http.ResponseWriter, r *http.Request) {
	token, ok := bearer(r)
	if !ok {
		h.fail(w, r, refuse(http.StatusUnauthorized, CodeUnauthorized, "a seat is left with its token: Authorization: Bearer TOKEN"))
		return
	}
	_, err := h.changeGame(r.Context(), r.PathValue("id"), func(c *change) error {
		i := seatOf(c.row.seats, token)
		switch {
		case i < 0:
			return refuse(http.StatusUnauthorized, CodeUnauthorized, "this token is no seat's of this game")
		case r.PathValue("seat") != strconv.Itoa(i):
			return refuse(http.StatusForbidden, CodeNotYourSeat, fmt.Sprintf("this token plays seat %d, not seat %s", i, r.PathValue("seat")))
		case c.row.started:
			return refuse(http.StatusConflict, CodeStarted, "the game started: its seats are played to the end")
		}
		c.row.seats[i] = seat{Open: true}
		return nil
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// startGame gives the open seats of a game to a bot, if asked, and starts
// it: POST /games/{id}/start, with the host's key.
func (h *Handler) startGame(w http.ResponseWriter, r *http.Request) {
	var req StartRequest
	if err := h.decodeBody(w, r, &req, "a request to start a game"); err != nil {
		h.fail(w, r, err)
		return
	}
	if req.Bot != "" {
		if err := checkBot(req.Bot, h.limits); err != nil {
			h.fail(w, r, refuseBot(-1, err))
			return
		}
	}
	key, _ := bearer(r)
	committed, err := h.changeGame(r.Context(), r.PathValue("id"), func(c *change) error {
		switch {
		case !keyIs(c.row.keys.Host, key):
			return refuse(http.StatusUnauthorized, CodeUnauthorized, "a game is started with its host's key: Authorization: Bearer KEY")
		case c.row.started:
			return refuse(http.StatusConflict, CodeStarted, "the game started already")
		}
		for i, s := range c.row.seats {
			if s.Open && req.Bot != "" {
				c.row.seats[i] = seat{Bot: req.Bot}
			}
		}
		if slices.ContainsFunc(c.row.seats, func(s seat) bool { return s.Open }) {
			return refuse(http.StatusConflict, CodeSeatsOpen, "the game has open seats: wait for their players, or give them to a bot")
		}
		c.row.started = true
		return nil
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answer(w, r, http.StatusOK, struct {
		Version int64 `json:"version"`
	}{committed.version})
}

// rematch proposes, accepts or leaves the rematch of a game over: POST
// /games/{id}/rematch, with a seat's token.
func (h *Handler) rematch(w http.ResponseWriter, r *http.Request) {
	var req RematchRequest
	if err := h.decodeBody(w, r, &req, "a rematch request"); err != nil {
		h.fail(w, r, err)
		return
	}
	q, err := h.open(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	switch {
	case q.seat < 0:
		err = refuse(http.StatusForbidden, CodeSpectator, "a spectator watches, and plays no rematch")
	case !q.row.over:
		err = refuse(http.StatusConflict, CodeNotOver, "a rematch follows a game that is over")
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	token, _ := bearer(r)
	next := q.row.next
	if next == "" {
		if req.Leave {
			h.fail(w, r, refuse(http.StatusConflict, CodeNotFound, "nobody proposed a rematch to leave"))
			return
		}
		if next, err = h.proposeRematch(r.Context(), q.row); err != nil {
			h.fail(w, r, err)
			return
		}
	}
	m, err := h.answerRematch(r.Context(), next, hashToken(token), req.Leave)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answer(w, r, http.StatusOK, m)
}

// proposeRematch creates the rematch of game r, unless another seat's
// player did first, and returns its id. The rematch's seat j is the seat
// j+1 of r, so that the first player rotates; its bots are r's, and its
// people's seats are kept for r's players.
func (h *Handler) proposeRematch(ctx context.Context, r row) (string, error) {
	id, err := randomString(9)
	if err != nil {
		return "", err
	}
	old, err := h.changeGame(ctx, r.id, func(c *change) error {
		if c.row.next == "" {
			c.row.next = id
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if old.next != id { // another player proposed it first
		return old.next, nil
	}
	g, _ := h.lookup(r.game)
	var given map[string]json.RawMessage
	json.Unmarshal(r.options, &given)
	for _, o := range g.Info().Options {
		if o.Type == cards.SeedOption {
			delete(given, o.Name)
		}
	}
	b, _ := json.Marshal(given)
	options, err := dealOptions(g.Info(), b, len(r.seats))
	if err != nil {
		return "", err
	}
	pos, events, err := g.Deal(options)
	if err != nil {
		return "", err
	}
	n := len(r.seats)
	next := row{id: id, game: r.game, options: options, version: 1, client: r.client, public: r.public, spectators: r.spectators,
		keys: r.keys, tab: cmp.Or(r.tab, r.id), prev: r.id, seats: make([]seat, n)}
	for j := range n {
		s := r.seats[(j+1)%n]
		if s.Bot == "" {
			s = seat{Open: true, Name: s.Name, For: s.Token}
		}
		next.seats[j] = s
	}
	if next.state, err = pos.State(); err != nil {
		return "", err
	}
	c := h.start(next, pos)
	c.row.events = len(events)
	c.row.pending.Events = storedEvents(events)
	return id, h.store.create(ctx, c.row)
}

// answerRematch takes, or leaves, the seat of rematch id kept for the
// player whose token's hash is given.
func (h *Handler) answerRematch(ctx context.Context, id, hash string, leave bool) (Rematch, error) {
	m := Rematch{ID: id}
	_, err := h.changeGame(ctx, id, func(c *change) error {
		i := slices.IndexFunc(c.row.seats, func(s seat) bool { return s.For == hash })
		if i < 0 {
			return refuse(http.StatusConflict, CodeNoOpenSeat, "this player took or left their seat of the rematch already")
		}
		if leave {
			c.row.seats[i] = seat{Open: true}
			m.Seat = nil
			return nil
		}
		token, tokenHash, err := newKey()
		if err != nil {
			return err
		}
		name := c.row.seats[i].Name
		c.row.seats[i] = seat{Token: tokenHash, Name: name}
		c.row.started = !slices.ContainsFunc(c.row.seats, func(s seat) bool { return s.Open })
		m.Seat = &SeatToken{Seat: i, Name: name, Token: token, Join: h.link(id, "token", token)}
		return nil
	})
	return m, err
}

// maxHistory is the most games of a table's history.
const maxHistory = 200

// history answers a table's games and each name's wins: GET
// /games/{id}/history, as the game's seats and spectators read it.
func (h *Handler) history(w http.ResponseWriter, r *http.Request) {
	q, err := h.open(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hist := History{Table: cmp.Or(q.row.tab, q.row.id), Games: []Played{}, Wins: []NameWins{}}
	err = h.store.query(r.Context(), func(rows *sql.Rows) error {
		var id, result string
		var created int64
		if err := rows.Scan(&id, &result, &created); err != nil {
			return unavailable(err)
		}
		p := Played{Winners: []string{}}
		if result != "" {
			json.Unmarshal([]byte(result), &p)
		}
		p.ID, p.Created = id, time.UnixMilli(created)
		hist.Games = append(hist.Games, p)
		return nil
	}, `SELECT id, result, created FROM games WHERE tab = ? ORDER BY created LIMIT ?`, hist.Table, maxHistory)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	wins := map[string]int{}
	for _, p := range hist.Games {
		if p.Drawn { // a draw is nobody's win
			continue
		}
		for _, name := range p.Winners {
			wins[name]++
		}
	}
	for name, n := range wins {
		hist.Wins = append(hist.Wins, NameWins{Name: name, Wins: n})
	}
	slices.SortFunc(hist.Wins, func(a, b NameWins) int { return cmp.Or(b.Wins-a.Wins, strings.Compare(a.Name, b.Name)) })
	h.answer(w, r, http.StatusOK, hist)
}

// lobbyPage is the most games of a page of the lobby.
const lobbyPage = 50

// lobby answers the public games that wait for players, newest first: GET
// /lobby?game=NAME&after=CURSOR&limit=N.
func (h *Handler) lobby(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	game := q.Get("game")
	if _, ok := h.lookup(game); game != "" && !ok {
		h.fail(w, r, fmt.Errorf("%w: no game is named %q", cards.ErrBadInput, game))
		return
	}
	limit := lobbyPage
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > lobbyPage {
			h.fail(w, r, fmt.Errorf("%w: limit is from 1 to %d, not %q", cards.ErrBadInput, lobbyPage, s))
			return
		}
		limit = n
	}
	before, after := int64(math.MaxInt64), int64(math.MaxInt64)
	if s := q.Get("after"); s != "" {
		t, n, ok := strings.Cut(s, ".")
		created, err1 := strconv.ParseInt(t, 10, 64)
		rowid, err2 := strconv.ParseInt(n, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			h.fail(w, r, fmt.Errorf("%w: after is a cursor of the lobby, not %q", cards.ErrBadInput, s))
			return
		}
		before, after = created, rowid
	}
	games, err := h.store.lobby(r.Context(), game, before, after, limit+1)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	l := Lobby{Games: []LobbyGame{}}
	now := h.store.now()
	for i, g := range games {
		if i == limit {
			last := games[i-1]
			l.Next = strconv.FormatInt(last.created.UnixMilli(), 10) + "." + strconv.FormatInt(last.rowid, 10)
			break
		}
		lg := LobbyGame{ID: g.id, Game: g.game, Options: withoutSeed(h.byName[g.game].Info(), g.options), Spectators: g.spectators,
			Created: g.created, Age: int(now.Sub(g.created).Seconds())}
		for _, s := range g.seats {
			lg.Seats = append(lg.Seats, s.kind())
			lg.Names = append(lg.Names, s.Name)
		}
		l.Games = append(l.Games, lg)
	}
	h.answer(w, r, http.StatusOK, l)
}

// withoutSeed returns options without their seed, which the server keeps
// secret.
func withoutSeed(info cards.GameInfo, options json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(options, &m) != nil {
		return json.RawMessage(`{}`)
	}
	for _, o := range info.Options {
		if o.Type == cards.SeedOption {
			delete(m, o.Name)
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// lobby returns at most limit public games waiting for players, of the
// named game ("" for all), created before the cursor (at the time before,
// and before the row after, for rows are numbered as they are inserted),
// newest first.
func (s store) lobby(ctx context.Context, game string, before, after int64, limit int) ([]lobbyRow, error) {
	var games []lobbyRow
	err := s.query(ctx, func(rows *sql.Rows) error {
		var r lobbyRow
		var options, seats string
		var created int64
		if err := rows.Scan(&r.rowid, &r.id, &r.game, &options, &seats, &r.spectators, &created); err != nil {
			return unavailable(err)
		}
		r.options, r.created = json.RawMessage(options), time.UnixMilli(created)
		if err := json.Unmarshal([]byte(seats), &r.seats); err != nil {
			return fmt.Errorf("%w: game %s: its seats: %w", ErrDamaged, r.id, err)
		}
		games = append(games, r)
		return nil
	}, `SELECT rowid, id, game, options, seats, spectators, created FROM games
WHERE public = 1 AND started = 0 AND (? = '' OR game = ?) AND (created < ? OR (created = ? AND rowid < ?))
ORDER BY created DESC, rowid DESC LIMIT ?`, game, game, before, before, after, limit)
	return games, err
}

// A lobbyRow is a game of the lobby, as the store reads it.
type lobbyRow struct {
	row
	rowid int64
}
