package cardroom

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// People meet around a table. A game made with open seats waits for
// people to claim them with their names, by its invitation (or, if it is
// public, from the lobby with no key); a player may leave before it
// starts, and its host may send a player away then, give the open seats
// to bots and start it. It starts when its seats are full. A person who
// keeps the others waiting may see the host give their seat to a bot.
// Once it is over, its players may play again: the first to ask proposes
// a rematch, which keeps the seats and names, the first player rotating,
// and each other player accepts it or leaves.

// kind returns how a SeatView names the seat: Human, Open or a bot's spec.
func (s Seat) kind() string {
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
func (s Seat) nameOf() string {
	if s.Bot != "" {
		return s.Bot
	}
	return s.Name
}

// started reports whether seats make a game that plays: none is open.
func started(seats []Seat) bool {
	return !slices.ContainsFunc(seats, func(s Seat) bool { return s.Open })
}

// Claim gives an open seat of game id to a person with a name, by the
// game's invitation (key), or by no key for a public game; the client's
// claims count as its creates. It answers the seat's token.
func (r *Room) Claim(ctx context.Context, client, id, key string, req ClaimRequest) (SeatToken, error) {
	name, err := prepareName(req.Name)
	if err != nil {
		return SeatToken{}, err
	}
	if err := r.allowCreate(client); err != nil {
		return SeatToken{}, err
	}
	player, err := randomString(9)
	if err != nil {
		return SeatToken{}, err
	}
	var st SeatToken
	_, err = r.change(ctx, id, changeTries, func(c *change) error {
		if !c.game.Public && (key == "" || !keyIs(c.game.Keys.Invite, key)) {
			return refuse(CodeUnauthorized, "a seat of a private game is claimed with its invitation: Authorization: Bearer KEY")
		}
		i, err := openSeat(&c.game, req.Seat, name)
		if err != nil {
			return err
		}
		token, hash, err := newKey()
		if err != nil {
			return err
		}
		c.game.Seats[i] = Seat{Token: hash, Name: name, Player: player}
		c.game.Started = started(c.game.Seats)
		st = SeatToken{Seat: i, Name: name, Token: token, Join: r.link(c.game.ID, "token", token)}
		return nil
	})
	return st, err
}

// openSeat returns the seat a claim takes: the one it names, or the first
// open one not kept for another player; and refuses a name another
// player of the game has.
func openSeat(g *Game, want *int, name string) (int, error) {
	if g.Started {
		return 0, refuse(CodeStarted, "the game started: it has no open seat")
	}
	for i, s := range g.Seats {
		if s.Name != "" && sameName(s.Name, name) {
			return 0, refusef(CodeNameTaken, "seat %d's player is named %q already", i, s.Name)
		}
	}
	if want != nil {
		if *want < 0 || *want >= len(g.Seats) || !g.Seats[*want].Open || g.Seats[*want].For != "" {
			return 0, refusef(CodeNoOpenSeat, "seat %d is not open", *want)
		}
		return *want, nil
	}
	i := slices.IndexFunc(g.Seats, func(s Seat) bool { return s.Open && s.For == "" })
	if i < 0 {
		return 0, refuse(CodeNoOpenSeat, "every seat is taken or kept for its player")
	}
	return i, nil
}

// Leave frees a seat of game id that has not started: with the seat's
// token, or with the host's key (a host sends away whoever took a seat
// of their game before it starts).
func (r *Room) Leave(ctx context.Context, id, key string, seat int) error {
	if key == "" {
		return refuse(CodeUnauthorized, "a seat is left with its token, or freed with the host's key: Authorization: Bearer TOKEN")
	}
	_, err := r.change(ctx, id, changeTries, func(c *change) error {
		i := seatOf(c.game.Seats, key)
		host := i < 0 && keyIs(c.game.Keys.Host, key)
		if host {
			if seat < 0 || seat >= len(c.game.Seats) {
				return refusef(CodeNotFound, "game %s has no seat %d", id, seat)
			}
			i = seat
		}
		switch {
		case i < 0:
			return refuse(CodeUnauthorized, "this token is no seat's of this game, nor its host's key")
		case i != seat:
			return refusef(CodeNotYourSeat, "this token plays seat %d, not seat %d", i, seat)
		case c.game.Started:
			return refuse(CodeStarted, "the game started: its seats are played to the end")
		case host && c.game.Seats[i].Token == "":
			return refusef(CodeNoPlayer, "seat %d has no player to send away", i)
		}
		c.game.Seats[i] = Seat{Open: true}
		return nil
	})
	return err
}

// GiveToBot gives a seat of game id to the bot of spec ("" for the random
// bot), with the host's key. Before the game starts, any seat not kept
// for a player of the game before, and such a seat once it has waited
// Limits.TurnTime for its player's answer; after, a person's seat that
// has had to act for TurnTime without moving: a player who left the
// table, or never came, keeps the others waiting no longer. It returns the
// game's version.
func (r *Room) GiveToBot(ctx context.Context, id, key string, seat int, spec string) (int64, error) {
	bot := cmp.Or(spec, anygame.RandomBot)
	if err := checkBot(bot, r.limits); err != nil {
		return 0, refuseBot(-1, err)
	}
	now := r.now()
	done, err := r.change(ctx, id, changeTries, func(c *change) error {
		if !keyIs(c.game.Keys.Host, key) {
			return refuse(CodeUnauthorized, "a seat is given to a bot with the host's key: Authorization: Bearer KEY")
		}
		if seat < 0 || seat >= len(c.game.Seats) {
			return refusef(CodeNotFound, "game %s has no seat %d", id, seat)
		}
		s := c.game.Seats[seat]
		waited := now.Sub(c.game.Updated)
		switch {
		case s.Bot != "":
			return refusef(CodeNoPlayer, "seat %d is a bot's already", seat)
		case c.game.Over:
			return refuse(CodeNotOver, "the game is over")
		case !c.game.Started && s.For != "" && now.Sub(c.game.Created) < r.limits.TurnTime:
			return refusef(CodeNotIdle, "seat %d is kept for %s, who has %v more to answer the rematch",
				seat, s.Name, (r.limits.TurnTime - now.Sub(c.game.Created)).Round(time.Second))
		case c.game.Started && !c.pos.Status().ToAct.Has(cards.Player(seat)):
			return refusef(CodeNotIdle, "seat %d's player keeps nobody waiting: they are not to act", seat)
		case c.game.Started && waited < r.limits.TurnTime:
			return refusef(CodeNotIdle, "seat %d's player has had %v to act, of the %v they may take", seat, waited.Round(time.Second), r.limits.TurnTime)
		}
		c.game.Seats[seat] = Seat{Bot: bot, For: cmp.Or(s.Token, s.For)}
		c.game.Started = started(c.game.Seats)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return done.Version, nil
}

// Start gives the open seats of game id to the bot of spec, if not "",
// and starts the game, with the host's key; a seat kept for a player of
// the game before is not given away (see GiveToBot). It returns the
// game's version.
func (r *Room) Start(ctx context.Context, id, key, bot string) (int64, error) {
	if bot != "" {
		if err := checkBot(bot, r.limits); err != nil {
			return 0, refuseBot(-1, err)
		}
	}
	done, err := r.change(ctx, id, changeTries, func(c *change) error {
		switch {
		case !keyIs(c.game.Keys.Host, key):
			return refuse(CodeUnauthorized, "a game is started with its host's key: Authorization: Bearer KEY")
		case c.game.Started:
			return refuse(CodeStarted, "the game started already")
		}
		for i, s := range c.game.Seats {
			if s.Open && s.For == "" && bot != "" {
				c.game.Seats[i] = Seat{Bot: bot}
			}
		}
		if i := slices.IndexFunc(c.game.Seats, func(s Seat) bool { return s.Open && s.For != "" }); i >= 0 {
			return refusef(CodeSeatsOpen, "seat %d is kept for %s until they answer the rematch; once it has waited %v, the host may give it to a bot (POST seats/%d/bot)",
				i, c.game.Seats[i].Name, r.limits.TurnTime, i)
		}
		if !started(c.game.Seats) {
			return refuse(CodeSeatsOpen, "the game has open seats: wait for their players, or give them to a bot")
		}
		c.game.Started = true
		return nil
	})
	if err != nil {
		return 0, err
	}
	return done.Version, nil
}

// Rematch proposes, accepts or leaves the rematch of a game over, for the
// seat of the query's key; a proposal makes a game, and counts as one of
// the client's creates. It answers the rematch and the player's seat in
// it (none after leaving).
func (r *Room) Rematch(ctx context.Context, client string, q Query, leave bool) (Rematch, error) {
	l, p, err := r.open(ctx, q)
	switch {
	case err != nil:
		return Rematch{}, err
	case p == cards.Spectator:
		return Rematch{}, refuse(CodeSpectator, "a spectator watches, and plays no rematch")
	case !l.Over:
		return Rematch{}, refuse(CodeNotOver, "a rematch follows a game that is over")
	}
	hash := hashToken(q.Key)
	next := l.Next
	if next != "" {
		m, err := r.answerRematch(ctx, next, hash, leave)
		if !errors.Is(err, ErrNoGame) {
			return m, err
		}
		// The rematch expired before everyone answered: propose it anew.
	}
	if leave {
		return Rematch{}, refuse(CodeNotFound, "nobody proposed a rematch to leave")
	}
	if err := r.allowCreate(client); err != nil {
		return Rematch{}, err
	}
	if next, err = r.proposeRematch(ctx, l, client, next); err != nil {
		return Rematch{}, err
	}
	return r.answerRematch(ctx, next, hash, false)
}

// proposeRematch makes the rematch of game l, proposed by a client, and
// links l to it, unless another seat's player did first (then it returns
// theirs); expired names the rematch l links to that expired, to be
// replaced. The rematch's seat j is the seat j+1 of l, so that the first
// player rotates; its bots are l's, and its people's seats are kept for
// l's players. It is made before it is linked, so that whoever finds the
// link finds the game.
func (r *Room) proposeRematch(ctx context.Context, l loaded, client, expired string) (string, error) {
	if err := r.checkRoom(ctx, client, true); err != nil {
		return "", err
	}
	id, err := randomString(9)
	if err != nil {
		return "", err
	}
	given := withoutSeed(l.rules.Info(), l.Options)
	options, err := dealOptions(l.rules.Info(), given, len(l.Seats))
	if err != nil {
		return "", err
	}
	pos, events, err := l.rules.Deal(options)
	if err != nil {
		return "", refusalOf(err)
	}
	n := len(l.Seats)
	next := Game{ID: id, Rules: l.Rules, Options: options, Version: 1, Client: client, Public: l.Public, Spectators: l.Spectators,
		Keys: l.Keys, Table: cmp.Or(l.Table, l.ID), Previous: l.ID, Seats: make([]Seat, n), Tally: tallyAfter(l.Game)}
	for j := range n {
		s := l.Seats[(j+1)%n]
		if s.Bot == "" {
			s = Seat{Open: true, Name: s.Name, For: s.Token, Player: s.Player}
		}
		next.Seats[j] = s
	}
	if err := r.insert(ctx, &next, l.rules, pos, events); err != nil {
		return "", err
	}
	linked, err := r.change(ctx, l.ID, changeTries, func(c *change) error {
		if c.game.Next == "" || c.game.Next == expired {
			c.game.Next = id
		}
		return nil
	})
	if err != nil || linked.Next != id { // failed, or another player proposed it first
		if rerr := r.store.Remove(context.WithoutCancel(ctx), id); rerr != nil {
			r.log.Warn("a rematch not linked could not be removed; it expires", "game", id, "err", rerr)
		}
		if err != nil {
			return "", err
		}
		return linked.Next, nil
	}
	return id, nil
}

// answerRematch takes, or leaves, the seat of rematch id kept for the
// player whose token's hash is given. Its error wraps ErrNoGame if the
// rematch is gone (expired).
func (r *Room) answerRematch(ctx context.Context, id, hash string, leave bool) (Rematch, error) {
	m := Rematch{ID: id}
	_, err := r.change(ctx, id, changeTries, func(c *change) error {
		i := slices.IndexFunc(c.game.Seats, func(s Seat) bool { return s.For == hash })
		switch {
		case i < 0:
			return refuse(CodeNoOpenSeat, "this player took or left their seat of the rematch already")
		case c.game.Seats[i].Bot != "":
			return refusef(CodeSeatGiven, "the host gave seat %d, kept for this player, to a bot after it waited %v for an answer", i, r.limits.TurnTime)
		case leave:
			c.game.Seats[i] = Seat{Open: true}
			m.Seat = nil
			return nil
		}
		token, tokenHash, err := newKey()
		if err != nil {
			return err
		}
		kept := c.game.Seats[i]
		c.game.Seats[i] = Seat{Token: tokenHash, Name: kept.Name, Player: kept.Player}
		c.game.Started = started(c.game.Seats)
		m.Seat = &SeatToken{Seat: i, Name: kept.Name, Token: token, Join: r.link(id, "token", token)}
		return nil
	})
	return m, err
}
