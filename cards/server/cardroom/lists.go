package cardroom

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
)

// LobbyPage and HistoryPage are the most games of a page of the lobby and
// of a table's history.
const (
	LobbyPage   = 50
	HistoryPage = 50
)

// Lobby returns a page of the public games that wait for players, of the
// named game ("" for every game), newest first.
func (r *Room) Lobby(ctx context.Context, game string, p Page) (Lobby, error) {
	if _, ok := r.rules[game]; game != "" && !ok {
		return Lobby{}, refusalOf(cards.BadInput("no game is named %q", game))
	}
	if err := p.check(LobbyPage); err != nil {
		return Lobby{}, err
	}
	games, next, err := r.store.Lobby(ctx, game, p)
	if err != nil {
		return Lobby{}, refusalOf(err)
	}
	l := Lobby{Games: []LobbyGame{}, Next: next}
	now := r.now()
	for _, g := range games {
		rules, ok := r.rules[g.Rules]
		if !ok {
			continue
		}
		lg := LobbyGame{ID: g.ID, Game: g.Rules, Options: withoutSeed(rules.Info(), g.Options), Spectators: g.Spectators,
			Created: g.Created, Age: int(now.Sub(g.Created).Seconds())}
		for _, s := range g.Seats {
			lg.Seats = append(lg.Seats, s.kind())
			lg.Names = append(lg.Names, s.Name)
		}
		l.Games = append(l.Games, lg)
	}
	return l, nil
}

// check checks a page asked for of a list of at most most a page, and
// sets its limit if unset.
func (p *Page) check(most int) error {
	if p.Limit == 0 {
		p.Limit = most
	}
	if p.Limit < 1 || p.Limit > most {
		return refusalOf(cards.BadInput("limit is from 1 to %d, not %d", most, p.Limit))
	}
	return nil
}

// History returns a page of the games of the table of the query's game,
// newest first, as the game's seats and spectators read it, and each
// player's wins over all of the table's games.
func (r *Room) History(ctx context.Context, q Query, p Page) (History, error) {
	l, _, err := r.open(ctx, q)
	if err != nil {
		return History{}, err
	}
	if err := p.check(HistoryPage); err != nil {
		return History{}, err
	}
	hist := History{Table: cmp.Or(l.Table, l.ID), Games: []Played{}, Wins: []NameWins{}}
	games, next, newest, err := r.store.Table(ctx, hist.Table, p)
	if err != nil {
		return History{}, refusalOf(err)
	}
	hist.Next = next
	for _, g := range games {
		played := Played{Names: []string{}, Winners: []string{}, Scores: []int{}}
		if g.Result != "" {
			played = decodePlayed(g.Result)
		} else {
			for _, s := range g.Seats { // a game going: who sits at it
				played.Names = append(played.Names, s.nameOf())
			}
		}
		played.ID, played.Created = g.ID, g.Created
		hist.Games = append(hist.Games, played)
	}
	if newest != nil {
		hist.Wins = append(hist.Wins, addWins(tallyOf(newest.Tally), newest.Result)...)
	}
	slices.SortFunc(hist.Wins, func(a, b NameWins) int { return cmp.Or(b.Wins-a.Wins, strings.Compare(a.Name, b.Name)) })
	return hist, nil
}

// resultOf returns the result of a game over, as the room keeps it for
// the table's history: a Played without its id and time.
func resultOf(seats []Seat, st anygame.Status) string {
	p := Played{Over: true, Scores: st.Result.Scores, Drawn: st.Result.Drawn, Winners: []string{}}
	for i, s := range seats {
		p.Names = append(p.Names, s.nameOf())
		p.Players = append(p.Players, s.Player)
		if st.Result.Winners.Has(cards.Player(i)) {
			p.Winners = append(p.Winners, s.nameOf())
		}
	}
	if p.Scores == nil {
		p.Scores = []int{}
	}
	b, _ := cardjson.AppendFields(nil, p.Fields())
	return string(b)
}

// decodePlayed decodes a result as resultOf encodes it, or the zero
// Played if it cannot be.
func decodePlayed(result string) Played {
	p := Played{Winners: []string{}}
	if err := json.Unmarshal([]byte(result), &p); err != nil {
		return Played{Winners: []string{}}
	}
	return p
}

// tallyAfter returns the wins of game g's table after g: its tally, and
// its result's winners.
func tallyAfter(g *Game) string {
	wins := addWins(tallyOf(g.Tally), g.Result)
	if len(wins) == 0 {
		return ""
	}
	b, _ := cardjson.AppendList(nil, wins)
	return string(b)
}

// tallyOf decodes a game's tally.
func tallyOf(tally string) []NameWins {
	var wins []NameWins
	if tally != "" {
		json.Unmarshal([]byte(tally), &wins)
	}
	return wins
}

// addWins counts the wins of a game's result (a Played's JSON) into wins:
// a person by who they are, a bot by its spec, each winner once a game
// (two seats of one bot that share a win are one win of that bot), a
// draw nobody's win.
func addWins(wins []NameWins, result string) []NameWins {
	if result == "" {
		return wins
	}
	p := decodePlayed(result)
	if p.Drawn || !p.Over {
		return wins
	}
	var won []NameWins
	for _, name := range p.Winners {
		// A person by who they are; a bot by its spec; a person of a game
		// from before players were told apart, by name.
		who := NameWins{Name: name}
		if i := slices.Index(p.Names, name); i >= 0 && i < len(p.Players) {
			who.Player, who.Bot = p.Players[i], p.Players[i] == ""
		}
		if !slices.Contains(won, who) {
			won = append(won, who)
		}
	}
	for _, who := range won {
		j := slices.IndexFunc(wins, func(w NameWins) bool {
			return w.Player == who.Player && w.Bot == who.Bot && (who.Player != "" || w.Name == who.Name)
		})
		if j < 0 {
			wins = append(wins, who)
			j = len(wins) - 1
		}
		wins[j].Name = who.Name
		wins[j].Wins++
	}
	return wins
}
