package bot

import (
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// toy is a game for testing the search, played by two players over a few
// moves. Each move adds its Points to the mover's score. In a sequential
// toy the players alternate; in a simultaneous one both choose at once,
// each move once, and neither sees the other's choice until both have
// chosen. Winner decides the winners of a finished toy from its state.
type toy struct {
	moves        int // moves in a game
	simultaneous bool
	choices      []int // the Points a move may add
	winner       func(s toyState) cards.PlayerSet
	automata     cards.PlayerSet // seats the toy plays itself, as far as Result tells
}

type toyState struct {
	rules  *toy
	made   int
	scores [2]int
	chose  [2]int // each player's choice this turn, -1 for none
}

type toyMove struct {
	By     cards.Player
	Points int
}

type toyView struct {
	cards.ViewBase[toyMove]
	state toyState // with the other's hidden choice cleared
}

func (m toyMove) Player() cards.Player { return m.By }
func (m toyMove) String() string       { return fmt.Sprintf("+%d", m.Points) }

func (s toyState) Players() int { return 2 }
func (s toyState) Over() bool   { return s.made >= s.rules.moves }
func (s toyState) ToAct() cards.PlayerSet {
	switch {
	case s.Over():
		return 0
	case s.rules.simultaneous:
		var set cards.PlayerSet
		for p, c := range s.chose {
			if c < 0 {
				set = set.With(cards.Player(p))
			}
		}
		return set
	}
	return cards.PlayersOf(cards.Player(s.made % 2))
}
func (s toyState) Result() cards.Result {
	r := cards.Result{Scores: []int{s.scores[0], s.scores[1]}, Automata: s.rules.automata}
	if s.Over() {
		r.Winners = s.rules.winner(s)
	}
	return r
}
func (s toyState) Check() error { return nil }

func (s toyState) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "made", Ptr: &s.made}, {Name: "scores", Ptr: &[]int{s.scores[0], s.scores[1]}}}
}
func (s toyState) Log() cards.Log { return cards.Off() }

func (t *toy) Info() cards.GameInfo {
	return cards.GameInfo{Name: "toy", Title: "Toy", MinPlayers: 2, MaxPlayers: 2}
}
func (t *toy) DefaultOptions() struct{} { return struct{}{} }
func (t *toy) NewGame(struct{}) (toyState, error) {
	return toyState{rules: t, chose: [2]int{-1, -1}}, nil
}
func (t *toy) AppendLegalMoves(dst []toyMove, s toyState) []toyMove {
	for p := range s.ToAct().All() {
		for _, c := range t.choices {
			dst = append(dst, toyMove{p, c})
		}
	}
	return dst
}
func (t *toy) Apply(s toyState, m toyMove) (toyState, error) {
	if !s.ToAct().Has(m.By) {
		return s, cards.Illegal("not %v's turn", m.By)
	}
	if !t.simultaneous {
		s.scores[m.By] += m.Points
		s.made++
		return s, nil
	}
	s.chose[m.By] = m.Points
	if s.chose[0] >= 0 && s.chose[1] >= 0 {
		for p, c := range s.chose {
			s.scores[p] += c
		}
		s.chose = [2]int{-1, -1}
		s.made++
	}
	return s, nil
}
func (t *toy) View(s toyState, p cards.Player) toyView {
	v := toyView{ViewBase: cards.BaseOf(s, p, t.AppendLegalMoves, s.Log()), state: s}
	for q := range v.state.chose {
		if cards.Player(q) != p && v.state.chose[q] >= 0 {
			v.state.chose[q] = 0 // chosen, but what is hidden
		}
	}
	return v
}
func (t *toy) Determinize(v toyView, seed uint64) (toyState, error) {
	s := v.state
	r := cards.NewRand(seed)
	for q := range s.chose {
		if cards.Player(q) != v.Viewer && s.chose[q] >= 0 {
			s.chose[q] = t.choices[r.IntN(len(t.choices))]
		}
	}
	return s, nil
}
func (v toyView) String() string { return fmt.Sprint(v.state.scores) }

type toyBot = ISMCTS[struct{}, toyState, toyMove, toyView]
