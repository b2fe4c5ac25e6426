package balance

import (
	"encoding/json"
	"maps"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// smallRange is the most values past its least that an int option may
// take for the lab to try each of them by itself: a head start of 0 to
// 3, jokers 0 to 2, not a limit of 1 to 1000 turns.
const smallRange = 4

// gameDefaults are what the lab reads of a game's default options.
type gameDefaults struct {
	players int
	options map[string]any
}

// defaults reads the game's default options: the number of players, as
// their member "players" says or as a game dealt from them has.
func defaults(g anygame.Game) (gameDefaults, error) {
	var d gameDefaults
	if err := json.Unmarshal(g.DefaultOptions(), &d.options); err != nil {
		return d, err
	}
	if n, ok := d.options["players"].(float64); ok {
		d.players = int(n)
		return d, nil
	}
	pos, _, err := g.Deal([]byte("{}"))
	if err != nil {
		return d, err
	}
	d.players = pos.Status().Players
	return d, nil
}

// optionValue returns the value of an option in opts, or its default.
func optionValue(g anygame.Game, opts map[string]any, name string) (any, error) {
	if v, ok := opts[name]; ok {
		return v, nil
	}
	for _, o := range g.Info().Options {
		if o.Name == name {
			return o.Default, nil
		}
	}
	return nil, cards.BadOptions("%s has no option %q", g.Info().Title, name)
}

// Variants returns the variants a report compares when it is told none:
// every option of the game that is true or false, and every whole
// number of a small range (smallRange), each at all its values; not the
// number of players, which the lab measures apart, nor the seed or the
// log.
func Variants(info cards.GameInfo) []Variant {
	var vs []Variant
	for _, o := range info.Options {
		switch {
		case o.Name == "players" || o.Name == "noLog":
		case o.Type == cards.BoolOption:
			vs = append(vs, Variant{Option: o.Name, Values: []any{false, true}})
		case o.Type == cards.IntOption && o.Max-o.Min <= smallRange:
			v := Variant{Option: o.Name}
			for x := o.Min; x <= o.Max; x++ {
				v.Values = append(v.Values, x)
			}
			vs = append(vs, v)
		}
	}
	return vs
}

// findOpponent looks for a designed opponent: a seat the game plays
// itself in a game of n players of the options base, or of base with
// one of the game's options that are true or false set to true. It
// returns what makes it, and the option of small range it then sweeps
// (a head start), or nil if the game has none.
func findOpponent(g anygame.Game, base map[string]any, n int) *opponentPlan {
	candidates := []map[string]any{base}
	for _, o := range g.Info().Options {
		if o.Type == cards.BoolOption && o.Name != "noLog" && o.Default == false {
			if _, set := base[o.Name]; !set {
				opts := maps.Clone(base)
				opts[o.Name] = true
				candidates = append(candidates, opts)
			}
		}
	}
	for _, opts := range candidates {
		if !hasAutomaton(g, opts, n) {
			continue
		}
		op := &opponentPlan{options: opts, values: []any{nil}}
		for _, o := range g.Info().Options {
			if _, set := opts[o.Name]; set || o.Name == "players" || o.Type != cards.IntOption || o.Max-o.Min > smallRange {
				continue
			}
			var values []any
			for x := o.Min; x <= o.Max; x++ {
				try := maps.Clone(opts)
				try[o.Name] = x
				if hasAutomaton(g, try, n) {
					values = append(values, x)
				}
			}
			if len(values) > 1 {
				op.option, op.values = o.Name, values
				break
			}
		}
		return op
	}
	return nil
}

// hasAutomaton reports whether a game of n players of opts deals, with
// a seat the game plays itself.
func hasAutomaton(g anygame.Game, opts map[string]any, n int) bool {
	r := &run{options: opts, players: n}
	b, err := r.optionsJSON(0, 0)
	if err != nil {
		return false
	}
	pos, _, err := g.Deal(b)
	return err == nil && pos.Status().Result.Automata != 0
}
