package balance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// A played game is what the lab keeps of one game: its outcome, its
// length, what happened in it, seat by seat, and its decisions.
type played struct {
	players  int
	specs    []string // each seat's bot
	automata cards.PlayerSet
	winners  cards.PlayerSet
	drawn    bool
	over     bool
	ending   cards.Ending
	moves    int
	turns    int // runs of moves by one player
	// facts counts what happened, by fact, for each seat (the last
	// counter is what concerned no seat): the events' data, or, in a
	// game whose events carry none, the moves.
	facts map[fact][]int
	// moveFacts counts the moves, until the game shows whether its
	// events carry data.
	moveFacts map[fact][]int
	// offered holds the kinds of moves some decision offered; played,
	// those some move was of.
	offered, played map[string]bool
	// decisions counts the decisions by what they offered.
	decisions map[string]*decisionCount
	choices   []int // the number of choices of each decision
	seatMoves []int
	seatTime  []time.Duration
}

// A fact is a thing that happens: a move of a kind, a member's value of
// such a move, an event of the game's declared kind, an ending. Its group
// is what its value varies over ("claim: kingdom"), empty for a fact that
// stands alone.
type fact struct {
	family string // "move", "event" or "ending"
	group  string // "kind: member", or "" for a kind itself
	name   string // "claim" or "claim: kingdom 3"
}

// decisionCount counts the decisions that offered one set of kinds.
type decisionCount struct {
	n, forced, choices, most int
}

// playerMembers are the members of a move's or an event's data that name
// players: their values are seats, which the lab counts seat by seat
// rather than as values.
var playerMembers = []string{"player", "players", "target", "from", "to", "leader", "king", "bastard", "winner", "winners", "viewer"}

// playGame plays one game with the bots of specs and keeps what the lab
// reports of it.
func playGame(g anygame.Game, options []byte, specs []string, seed uint64) (*played, error) {
	n := len(specs)
	pg := &played{
		players: n, specs: specs, facts: map[fact][]int{}, moveFacts: map[fact][]int{},
		offered: map[string]bool{}, played: map[string]bool{}, decisions: map[string]*decisionCount{},
	}
	told := false // whether an event carried data
	last := cards.Spectator
	sim, err := g.SimulateEach(options, specs, seed, func(ply anygame.Ply) error {
		if ply.Player != last {
			pg.turns++
			last = ply.Player
		}
		pg.decide(ply)
		b, err := ply.Move.AppendJSON(nil)
		if err != nil {
			return err
		}
		pg.played[ply.Kind] = true
		pg.count(pg.moveFacts, "move", ply.Kind, int(ply.Player), b)
		for _, e := range ply.Events {
			if data := eventData(e); data != nil {
				told = true
				pg.countEvent(data)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !told {
		pg.facts, pg.moveFacts = pg.moveFacts, nil
	}
	pg.moveFacts = nil
	res := sim.Status.Result
	pg.winners, pg.drawn, pg.automata, pg.over = res.Winners, res.Drawn, res.Automata, sim.Status.Over
	pg.ending, pg.moves = sim.Ending, sim.Moves
	if !pg.over {
		pg.ending = cards.Ending{Name: fmt.Sprintf("unfinished after %d moves", anygame.MaxSimulatedMoves)}
	}
	pg.add(pg.facts, fact{family: "ending", name: pg.ending.Name}, n)
	for _, seat := range sim.Seats {
		pg.seatMoves = append(pg.seatMoves, seat.Moves)
		pg.seatTime = append(pg.seatTime, seat.Time)
		if seat.Automaton {
			pg.automata = pg.automata.With(cards.Player(len(pg.seatMoves) - 1))
		}
	}
	return pg, nil
}

// decide counts a decision: its number of choices and the kinds it
// offered.
func (pg *played) decide(ply anygame.Ply) {
	pg.choices = append(pg.choices, ply.Choices)
	for _, k := range ply.Offered {
		pg.offered[k] = true
	}
	offered := slices.Clone(ply.Offered)
	slices.Sort(offered)
	key := strings.Join(offered, " or ")
	d := pg.decisions[key]
	if d == nil {
		d = &decisionCount{}
		pg.decisions[key] = d
	}
	d.n++
	d.choices += ply.Choices
	d.most = max(d.most, ply.Choices)
	if ply.Choices == 1 {
		d.forced++
	}
}

// add counts a fact in facts for seat p (a seat beyond the table: no
// seat).
func (pg *played) add(facts map[fact][]int, f fact, p int) {
	c := facts[f]
	if c == nil {
		c = make([]int, pg.players+1)
		facts[f] = c
	}
	if p < 0 || p > pg.players {
		p = pg.players
	}
	c[p]++
}

// count counts in facts a move or an event of a kind, for seat p, and
// each of the members of its JSON data as "kind: member value" (see
// valuesOf). Members that name players are left out: the fact is counted
// for the seat the data names.
func (pg *played) count(facts map[fact][]int, family, kind string, p int, data []byte) {
	if kind == "" {
		return
	}
	pg.add(facts, fact{family: family, name: kind}, p)
	var members map[string]json.RawMessage
	if json.Unmarshal(data, &members) != nil {
		return
	}
	for name, raw := range members {
		if name == "kind" || name == "text" || slices.Contains(playerMembers, name) {
			continue
		}
		group := kind + ": " + name
		for _, value := range valuesOf(raw) {
			pg.add(facts, fact{family: family, group: group, name: group + " " + value}, p)
		}
	}
}

// countEvent counts an event by its data: its kind, for the seat its
// member "player" names, and its members.
func (pg *played) countEvent(data []byte) {
	var head struct {
		Kind   string `json:"kind"`
		Player *int   `json:"player"`
	}
	if json.Unmarshal(data, &head) != nil || head.Kind == "" {
		return
	}
	p := pg.players
	if head.Player != nil {
		p = *head.Player
	}
	pg.count(pg.facts, "event", head.Kind, p, data)
}

// valuesOf returns the values a fact names of a member: a string as it
// is, a card by its suit (♦: a card of the deck has too many values to
// tell, its suit is what a suit's power reads), a number, "yes" for true
// (false is no fact), each string of a list of strings (the win
// conditions met), or else the length of the list as "×n".
func valuesOf(raw json.RawMessage) []string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil
	}
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil
		}
		if c, err := cards.ParseCard(s); err == nil {
			return []string{suitOf(c)}
		}
		return []string{s}
	case '[':
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			return nil
		}
		if values, ok := stringsOf(list); ok {
			return values
		}
		return []string{fmt.Sprintf("×%d", len(list))}
	case 't':
		return []string{"yes"}
	case 'f', 'n', '{':
		return nil
	}
	return []string{string(raw)}
}

// stringsOf returns the values of a list of strings, each once, unless
// it lists cards, or anything but strings.
func stringsOf(list []json.RawMessage) ([]string, bool) {
	var values []string
	for _, raw := range list {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, false
		}
		if _, err := cards.ParseCard(s); err == nil {
			return nil, false
		}
		if !slices.Contains(values, s) {
			values = append(values, s)
		}
	}
	return values, len(values) > 0
}

// suitOf names a card's suit: "♦", or "joker".
func suitOf(c cards.Card) string {
	if c.IsJoker() {
		return "joker"
	}
	return c.Suit().String()
}
