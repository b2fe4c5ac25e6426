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
		p.Players = append(p.Players, s.Player)
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
			return r, notFound(id)
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
	if d := wait(h.clients.of(h.clientOf(r)).creates, time.Now()); d > 0 {
		h.refuseRate(w, r, tooMany(d, "this client creates and joins games faster than the server allows (%g a minute)", h.limits.CreateRate))
		return
	}
	key, hasKey := bearer(r)
	player, err := randomString(9)
	if err != nil {
		h.fail(w, r, err)
		return
	}
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
		c.row.seats[i] = seat{Token: hash, Name: name, Player: player}
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
// /games/{id}/seats/{seat}, with the seat's token, or with the host's key
// (a host sends away whoever took a seat of their game before it starts).
func (h *Handler) leave(w http.ResponseWriter, r *http.Request) {
	token, ok := bearer(r)
	if !ok {
		h.fail(w, r, refuse(http.StatusUnauthorized, CodeUnauthorized, "a seat is left with its token, or freed with the host's key: Authorization: Bearer TOKEN"))
		return
	}
	_, err := h.changeGame(r.Context(), r.PathValue("id"), func(c *change) error {
		i := seatOf(c.row.seats, token)
		host := i < 0 && keyIs(c.row.keys.Host, token)
		if host {
			var err error
			if i, err = seatNumber(c.row, r.PathValue("seat")); err != nil {
				return err
			}
		}
		switch {
		case i < 0:
			return refuse(http.StatusUnauthorized, CodeUnauthorized, "this token is no seat's of this game, nor its host's key")
		case r.PathValue("seat") != strconv.Itoa(i):
			return refuse(http.StatusForbidden, CodeNotYourSeat, fmt.Sprintf("this token plays seat %d, not seat %s", i, r.PathValue("seat")))
		case c.row.started:
			return refuse(http.StatusConflict, CodeStarted, "the game started: its seats are played to the end")
		case host && c.row.seats[i].Token == "":
			return refuse(http.StatusConflict, CodeNoPlayer, fmt.Sprintf("seat %d has no player to send away", i))
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

// seatNumber returns the seat of game r that a path names.
func seatNumber(r row, s string) (int, error) {
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || i >= len(r.seats) {
		return 0, refuse(http.StatusNotFound, CodeNotFound, fmt.Sprintf("game %s has no seat %q", r.id, s))
	}
	return i, nil
}

// giveToBot gives a seat to a bot: POST /games/{id}/seats/{seat}/bot,
// with the host's key. Before the game starts, any seat not kept for a
// player of the game before, and such a seat once it has waited
// Limits.TurnTime for its player's answer; after, a person's seat that
// has had to act for TurnTime without moving: a player who left the
// table, or never came, keeps the others waiting no longer.
func (h *Handler) giveToBot(w http.ResponseWriter, r *http.Request) {
	var req StartRequest
	if err := h.decodeBody(w, r, &req, "a request to give a seat to a bot"); err != nil {
		h.fail(w, r, err)
		return
	}
	bot := cmp.Or(req.Bot, anygame.RandomBot)
	if err := checkBot(bot, h.limits); err != nil {
		h.fail(w, r, refuseBot(-1, err))
		return
	}
	key, _ := bearer(r)
	now := h.store.now()
	committed, err := h.changeGame(r.Context(), r.PathValue("id"), func(c *change) error {
		if !keyIs(c.row.keys.Host, key) {
			return refuse(http.StatusUnauthorized, CodeUnauthorized, "a seat is given to a bot with the host's key: Authorization: Bearer KEY")
		}
		i, err := seatNumber(c.row, r.PathValue("seat"))
		if err != nil {
			return err
		}
		s := c.row.seats[i]
		waited := now.Sub(c.row.updated)
		switch {
		case s.Bot != "":
			return refuse(http.StatusConflict, CodeNoPlayer, fmt.Sprintf("seat %d is a bot's already", i))
		case c.row.over:
			return refuse(http.StatusConflict, CodeNotOver, "the game is over")
		case !c.row.started && s.For != "" && now.Sub(c.row.created) < h.limits.TurnTime:
			return refuse(http.StatusConflict, CodeNotIdle, fmt.Sprintf("seat %d is kept for %s, who has %v more to answer the rematch",
				i, s.Name, (h.limits.TurnTime-now.Sub(c.row.created)).Round(time.Second)))
		case c.row.started && !c.pos.Status().ToAct.Has(cards.Player(i)):
			return refuse(http.StatusConflict, CodeNotIdle, fmt.Sprintf("seat %d's player keeps nobody waiting: they are not to act", i))
		case c.row.started && waited < h.limits.TurnTime:
			return refuse(http.StatusConflict, CodeNotIdle, fmt.Sprintf("seat %d's player has had %v to act, of the %v they may take",
				i, waited.Round(time.Second), h.limits.TurnTime))
		}
		c.row.seats[i] = seat{Bot: bot, For: s.For}
		if s.Token != "" {
			c.row.seats[i].For = s.Token
		}
		c.row.started = !slices.ContainsFunc(c.row.seats, func(s seat) bool { return s.Open })
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
			if s.Open && s.For == "" && req.Bot != "" {
				c.row.seats[i] = seat{Bot: req.Bot}
			}
		}
		if i := slices.IndexFunc(c.row.seats, func(s seat) bool { return s.Open && s.For != "" }); i >= 0 {
			return refuse(http.StatusConflict, CodeSeatsOpen, fmt.Sprintf("seat %d is kept for %s until they answer the rematch; once it has waited %v, the host may give it to a bot (POST seats/%d/bot)",
				i, c.row.seats[i].Name, h.limits.TurnTime, i))
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
// /games/{id}/rematch, with a seat's token. A proposal makes a game: it
// counts as one against the proposer's rate and quotas.
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
	hash := hashToken(q.key.token)
	next := q.row.next
	if next != "" {
		m, err := h.answerRematch(r.Context(), next, hash, req.Leave)
		if !errors.Is(err, errNoGame) {
			h.answerOr(w, r, m, err)
			return
		}
		// The rematch expired before everyone answered: propose it anew.
	}
	if req.Leave {
		h.fail(w, r, refuse(http.StatusConflict, CodeNotFound, "nobody proposed a rematch to leave"))
		return
	}
	client := h.clientOf(r)
	if d := wait(h.clients.of(client).creates, time.Now()); d > 0 {
		h.refuseRate(w, r, tooMany(d, "this client creates games faster than the server allows (%g a minute)", h.limits.CreateRate))
		return
	}
	if next, err = h.proposeRematch(r.Context(), q.row, client, next); err != nil {
		h.fail(w, r, err)
		return
	}
	m, err := h.answerRematch(r.Context(), next, hash, false)
	h.answerOr(w, r, m, err)
}

// answerOr answers v, or the error if there is one.
func (h *Handler) answerOr(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.answer(w, r, http.StatusOK, v)
}

// proposeRematch makes the rematch of game r, proposed by a client, and
// links r to it, unless another seat's player did first (then it returns
// theirs); expired names the rematch r links to that expired, to be
// replaced. The rematch's seat j is the seat j+1 of r, so that the first
// player rotates; its bots are r's, and its people's seats are kept for
// r's players. It is made before it is linked, so that whoever finds the
// link finds the game.
func (h *Handler) proposeRematch(ctx context.Context, r row, client, expired string) (string, error) {
	if err := h.checkRoom(ctx, client, true); err != nil {
		return "", err
	}
	id, err := randomString(9)
	if err != nil {
		return "", err
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
	next := row{id: id, game: r.game, options: options, version: 1, client: client, public: r.public, spectators: r.spectators,
		keys: r.keys, tab: cmp.Or(r.tab, r.id), prev: r.id, seats: make([]seat, n), tally: tallyAfter(r)}
	for j := range n {
		s := r.seats[(j+1)%n]
		if s.Bot == "" {
			s = seat{Open: true, Name: s.Name, For: s.Token, Player: s.Player}
		}
		next.seats[j] = s
	}
	if next.state, err = pos.State(); err != nil {
		return "", err
	}
	c := h.start(next, pos)
	c.row.events = len(events)
	c.row.pending.Events = storedEvents(events)
	if err := h.store.create(ctx, c.row); err != nil {
		return "", err
	}
	linked, err := h.changeGame(ctx, r.id, func(c *change) error {
		if c.row.next == "" || c.row.next == expired {
			c.row.next = id
		}
		return nil
	})
	if err != nil || linked.next != id { // failed, or another player proposed it first
		if rerr := h.store.remove(context.WithoutCancel(ctx), id); rerr != nil {
			h.log.Warn("a rematch not linked could not be removed; it expires", "game", id, "err", rerr)
		}
		return linked.next, err
	}
	return id, nil
}

// answerRematch takes, or leaves, the seat of rematch id kept for the
// player whose token's hash is given. It returns errNoGame if the rematch
// is gone (expired).
func (h *Handler) answerRematch(ctx context.Context, id, hash string, leave bool) (Rematch, error) {
	m := Rematch{ID: id}
	_, err := h.changeGame(ctx, id, func(c *change) error {
		i := slices.IndexFunc(c.row.seats, func(s seat) bool { return s.For == hash })
		switch {
		case i < 0:
			return refuse(http.StatusConflict, CodeNoOpenSeat, "this player took or left their seat of the rematch already")
		case c.row.seats[i].Bot != "":
			return refuse(http.StatusConflict, CodeSeatGiven, fmt.Sprintf("the host gave seat %d, kept for this player, to a bot after it waited %v for an answer", i, h.limits.TurnTime))
		case leave:
			c.row.seats[i] = seat{Open: true}
			m.Seat = nil
			return nil
		}
		token, tokenHash, err := newKey()
		if err != nil {
			return err
		}
		kept := c.row.seats[i]
		c.row.seats[i] = seat{Token: tokenHash, Name: kept.Name, Player: kept.Player}
		c.row.started = !slices.ContainsFunc(c.row.seats, func(s seat) bool { return s.Open })
		m.Seat = &SeatToken{Seat: i, Name: kept.Name, Token: token, Join: h.link(id, "token", token)}
		return nil
	})
	return m, err
}

// tallyAfter returns the wins of game r's table after r: its tally, and
// its result's winners.
func tallyAfter(r row) string {
	wins := addWins(tallyOf(r.tally), r.result)
	if len(wins) == 0 {
		return ""
	}
	b, _ := json.Marshal(wins)
	return string(b)
}

// addWins counts the wins of a game's result (a Played's JSON) into wins:
// a person by who they are, a bot by its spec, a draw nobody's win.
func addWins(wins []NameWins, result string) []NameWins {
	var p Played
	if result == "" || json.Unmarshal([]byte(result), &p) != nil || p.Drawn || !p.Over {
		return wins
	}
	for i, name := range p.Names {
		if !slices.Contains(p.Winners, name) {
			continue
		}
		// A person by who they are; a bot by its spec; a person of a game
		// from before players were told apart, by name.
		who := NameWins{Name: name}
		if i < len(p.Players) {
			who.Player, who.Bot = p.Players[i], p.Players[i] == ""
		}
		j := slices.IndexFunc(wins, func(w NameWins) bool {
			return w.Player == who.Player && w.Bot == who.Bot && (who.Player != "" || w.Name == name)
		})
		if j < 0 {
			wins = append(wins, who)
			j = len(wins) - 1
		}
		wins[j].Name = name
		wins[j].Wins++
	}
	return wins
}

// historyPage is the most games of a page of a table's history.
const historyPage = 50

// history answers a table's games, newest first, and each player's wins:
// GET /games/{id}/history?before=CURSOR&limit=N, as the game's seats and
// spectators read it.
func (h *Handler) history(w http.ResponseWriter, r *http.Request) {
	q, err := h.open(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	pg, err := pageOf(r, "before", historyPage)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hist := History{Table: cmp.Or(q.row.tab, q.row.id), Games: []Played{}, Wins: []NameWins{}}
	var last int64 // the rowid of the page's last game
	err = h.store.query(r.Context(), func(rows *sql.Rows) error {
		var id, result string
		var created int64
		if err := rows.Scan(&id, &result, &created, &last); err != nil {
			return unavailable(err)
		}
		p := Played{Winners: []string{}}
		if result != "" {
			json.Unmarshal([]byte(result), &p)
		}
		p.ID, p.Created = id, time.UnixMilli(created)
		hist.Games = append(hist.Games, p)
		return nil
	}, `SELECT id, result, created, rowid FROM games WHERE tab = ? AND (created < ? OR (created = ? AND rowid < ?))
ORDER BY created DESC, rowid DESC LIMIT ?`, hist.Table, pg.created, pg.created, pg.rowid, pg.limit+1)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if len(hist.Games) > pg.limit {
		hist.Games = hist.Games[:pg.limit]
		hist.Next = cursor(hist.Games[pg.limit-1].Created, last)
	}
	var tally, result string
	err = h.store.queryRow(r.Context(), `SELECT tally, result FROM games WHERE tab = ? ORDER BY created DESC, rowid DESC LIMIT 1`,
		[]any{hist.Table}, &tally, &result)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		h.fail(w, r, err)
		return
	}
	hist.Wins = append(hist.Wins, addWins(tallyOf(tally), result)...)
	slices.SortFunc(hist.Wins, func(a, b NameWins) int { return cmp.Or(b.Wins-a.Wins, strings.Compare(a.Name, b.Name)) })
	h.answer(w, r, http.StatusOK, hist)
}

// A page of a list newest first: at most limit items, made before the
// cursor (at the time created, and before the row rowid, for rows are
// numbered as they are inserted).
type page struct {
	limit          int
	created, rowid int64
}

// pageOf reads the page a request asks for: ?limit=N, at most max, and
// the cursor of the named parameter.
func pageOf(r *http.Request, param string, most int) (page, error) {
	pg := page{limit: most, created: math.MaxInt64, rowid: math.MaxInt64}
	q := r.URL.Query()
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > most {
			return pg, fmt.Errorf("%w: limit is from 1 to %d, not %q", cards.ErrBadInput, most, s)
		}
		pg.limit = n
	}
	if s := q.Get(param); s != "" {
		t, n, ok := strings.Cut(s, ".")
		created, err1 := strconv.ParseInt(t, 10, 64)
		rowid, err2 := strconv.ParseInt(n, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			return pg, fmt.Errorf("%w: %s is a cursor of the list, not %q", cards.ErrBadInput, param, s)
		}
		pg.created, pg.rowid = created, rowid
	}
	return pg, nil
}

// cursor returns the cursor of a page that ends with the row made at
// created, of the given rowid.
func cursor(created time.Time, rowid int64) string {
	return strconv.FormatInt(created.UnixMilli(), 10) + "." + strconv.FormatInt(rowid, 10)
}

// tallyOf decodes a row's tally.
func tallyOf(tally string) []NameWins {
	var wins []NameWins
	if tally != "" {
		json.Unmarshal([]byte(tally), &wins)
	}
	return wins
}

// lobbyPage is the most games of a page of the lobby.
const lobbyPage = 50

// lobby answers the public games that wait for players, newest first: GET
// /lobby?game=NAME&after=CURSOR&limit=N.
func (h *Handler) lobby(w http.ResponseWriter, r *http.Request) {
	game := r.URL.Query().Get("game")
	if _, ok := h.lookup(game); game != "" && !ok {
		h.fail(w, r, fmt.Errorf("%w: no game is named %q", cards.ErrBadInput, game))
		return
	}
	pg, err := pageOf(r, "after", lobbyPage)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	games, err := h.store.lobby(r.Context(), game, pg.created, pg.rowid, pg.limit+1)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	l := Lobby{Games: []LobbyGame{}}
	now := h.store.now()
	for i, g := range games {
		if i == pg.limit {
			last := games[i-1]
			l.Next = cursor(last.created, last.rowid)
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
