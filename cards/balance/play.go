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
	// counter is what concerned no seat).
	facts map[fact][]int
	// offered holds the kinds of moves some decision offered.
	offered map[string]bool
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
		players: n, specs: specs, facts: map[fact][]int{}, offered: map[string]bool{},
		decisions: map[string]*decisionCount{},
	}
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
		pg.count("move", ply.Kind, int(ply.Player), b)
		for _, e := range ply.Events {
			if data := eventData(e); data != nil {
				pg.countEvent(data)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res := sim.Status.Result
	pg.winners, pg.drawn, pg.automata, pg.over = res.Winners, res.Drawn, res.Automata, sim.Status.Over
	pg.ending, pg.moves = sim.Ending, sim.Moves
	if !pg.over {
		pg.ending = cards.Ending{Name: fmt.Sprintf("unfinished after %d moves", anygame.MaxSimulatedMoves)}
	}
	pg.add(fact{family: "ending", name: pg.ending.Name}, n)
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

// add counts a fact for seat p (a seat beyond the table: no seat).
func (pg *played) add(f fact, p int) {
	c := pg.facts[f]
	if c == nil {
		c = make([]int, pg.players+1)
		pg.facts[f] = c
	}
	if p < 0 || p > pg.players {
		p = pg.players
	}
	c[p]++
}

// count counts a move or an event of a kind, for seat p, and each of the
// members of its JSON data: a member's value (a string, a number, true)
// as "kind: member value", the length of a list as "kind: member ×n".
// Members that name players are left out: the fact is counted for the
// seat the data names.
func (pg *played) count(family, kind string, p int, data []byte) {
	if kind == "" {
		return
	}
	pg.add(fact{family: family, name: kind}, p)
	var members map[string]json.RawMessage
	if json.Unmarshal(data, &members) != nil {
		return
	}
	for name, raw := range members {
		if name == "kind" || name == "text" || slices.Contains(playerMembers, name) {
			continue
		}
		group := kind + ": " + name
		if value, ok := valueOf(raw); ok {
			pg.add(fact{family: family, group: group, name: group + " " + value}, p)
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
	pg.count("event", head.Kind, p, data)
}

// valueOf returns a member's value as a fact names it: a string as it
// is, a number, "yes" for true (false is no fact), "×n" for a list of n.
func valueOf(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", false
	}
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		if _, err := cards.ParseCard(s); err == nil {
			return "", false // a card of the deck: too many values to tell
		}
		return s, true
	case '[':
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			return "", false
		}
		return fmt.Sprintf("×%d", len(list)), true
	case 't':
		return "yes", true
	case 'f', 'n', '{':
		return "", false
	}
	return string(raw), true
}
