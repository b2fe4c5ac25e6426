package bot

import (
	"testing"
	"time"

	"github.com/cardrules/games/cards"
)

// TestISMCTSPlaysOnOnceTheWinnerIsDecided plays a toy whose winner is
// decided before it starts: P1 wins whatever happens. P2 still scores
// when it can, for the reward counts the score.
func TestISMCTSPlaysOnOnceTheWinnerIsDecided(t *testing.T) {
	for _, choices := range [][]int{{0, 1}, {1, 0}} {
		g := &toy{moves: 6, choices: choices, winner: func(toyState) cards.PlayerSet { return cards.PlayersOf(0) }}
		s, _ := g.NewGame(struct{}{})
		s, _ = g.Apply(s, toyMove{0, 0})
		for seed := range 10 {
			r := cards.NewRand(uint64(seed))
			m, err := toyBot{Rules: g, Iterations: 200}.Choose(g.View(s, 1), &r)
			if err != nil {
				t.Fatal(err)
			}
			if m.Points != 1 {
				t.Fatalf("P2, who cannot win, chose %v rather than score (moves %v, seed %d)", m, choices, seed)
			}
		}
	}
}

// TestISMCTSHidesSimultaneousChoices plays matching pennies: both choose
// at once, and P2 wins if the choices match. Were P2 to see P1's choice
// in the tree, every choice of P1's would lose; hidden, each wins about
// half the time.
func TestISMCTSHidesSimultaneousChoices(t *testing.T) {
	g := &toy{moves: 1, simultaneous: true, choices: []int{0, 1}, winner: func(s toyState) cards.PlayerSet {
		if s.scores[0] == s.scores[1] {
			return cards.PlayersOf(1)
		}
		return cards.PlayersOf(0)
	}}
	s, _ := g.NewGame(struct{}{})
	v := g.View(s, 0)
	tr := newTree(toyBot{Rules: g, Iterations: 2000}, v.Base())
	r := cards.NewRand(3)
	if err := tr.run(v, &r); err != nil {
		t.Fatal(err)
	}
	for k := tr.nodes[0].child; k != none; k = tr.nodes[k].sibling {
		n := tr.nodes[k]
		if mean := n.reward / float64(n.visits); mean < 0.3 || mean > 0.7 {
			t.Errorf("P1's %v is worth %.2f over %d visits, as if P2 saw it", n.move, mean, n.visits)
		}
	}
}

// TestRewards checks what an end is worth: the win first, then the
// margin over the best other player.
func TestRewards(t *testing.T) {
	g := &toy{moves: 0, winner: func(s toyState) cards.PlayerSet { return cards.PlayersOf(0) }}
	tr := newTree(toyBot{Rules: g}, cards.ViewBase[toyMove]{Viewer: 0, Players: 2})
	reward := func(a, b int) (float64, float64) {
		tr.rewards(toyState{rules: g, scores: [2]int{a, b}})
		return tr.reward[0], tr.reward[1]
	}
	reward(-5, 5) // the margins met: -10 to 10
	w, l := reward(3, 1)
	if w < winWeight || l > 1-winWeight || w+l > 1.0001 {
		t.Errorf("the winner gets %v, the loser %v", w, l)
	}
	_, better := reward(3, 2)
	if better <= l {
		t.Errorf("a loser's better score is worth %v, no more than %v", better, l)
	}
}

func TestISMCTSWithATimeBudget(t *testing.T) {
	g := &toy{moves: 20, choices: []int{0, 1, 2}, winner: func(s toyState) cards.PlayerSet { return leaders(s.scores[:]) }}
	s, _ := g.NewGame(struct{}{})
	r := cards.NewRand(1)
	m, err := toyBot{Rules: g, Time: 5 * time.Millisecond}.Choose(g.View(s, 0), &r)
	if err != nil || m.Points != 2 {
		t.Errorf("with 5 ms to choose, P1 chose %v (%v)", m, err)
	}
}

// TestISMCTSLearnsFromItsPlayouts: in a toy where each point counts, a
// search that learns finds a point worth more than none, for each
// player, and chooses the point.
func TestISMCTSLearnsFromItsPlayouts(t *testing.T) {
	g := &toy{moves: 6, choices: []int{0, 1}, winner: func(s toyState) cards.PlayerSet {
		return leaders(s.scores[:])
	}}
	s, _ := g.NewGame(struct{}{})
	v := g.View(s, 0)
	tr := newTree(toyBot{Rules: g, Iterations: 500, Learn: 0.5}, v.Base())
	r := cards.NewRand(5)
	if err := tr.run(v, &r); err != nil {
		t.Fatal(err)
	}
	for p := range cards.Player(2) {
		point, nothing := tr.learned[toyMove{p, 1}], tr.learned[toyMove{p, 0}]
		if point == nil || nothing == nil || point.sum/point.n <= nothing.sum/nothing.n {
			t.Errorf("P%d learned a point worth %+v, none %+v", p+1, point, nothing)
		}
	}
	if m := tr.best(); m.Points != 1 {
		t.Errorf("chose %v", m)
	}
}

// TestISMCTSAutomatonDepth: the playouts of a search whose every other
// seat is an automaton are judged after AutomatonDepth moves; those of a
// search with a player beside it, or without an AutomatonDepth, after
// Depth.
func TestISMCTSAutomatonDepth(t *testing.T) {
	for _, c := range []struct {
		automata       cards.PlayerSet
		automatonDepth int
		want           int
	}{
		{cards.PlayersOf(1), 2, 2},
		{cards.PlayersOf(1), 0, 50},
		{0, 2, 50},
		{cards.PlayersOf(0), 2, 50}, // the bot's own seat
	} {
		g := &toy{moves: 400, choices: []int{0, 1}, automata: c.automata, winner: func(s toyState) cards.PlayerSet {
			return leaders(s.scores[:])
		}}
		s, _ := g.NewGame(struct{}{})
		v := g.View(s, 0)
		tr := newTree(toyBot{Rules: g, Iterations: 10, Depth: 50, AutomatonDepth: c.automatonDepth}, v.Base())
		r := cards.NewRand(1)
		if err := tr.run(v, &r); err != nil {
			t.Fatal(err)
		}
		if tr.depth != c.want {
			t.Errorf("automata %v, AutomatonDepth %d: playouts of depth %d, want %d", c.automata, c.automatonDepth, tr.depth, c.want)
		}
	}
}
