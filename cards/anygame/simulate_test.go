package anygame_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/crown"
)

// TestSimulateEachTellsEveryMove: each move of a simulated game is told
// with its mover, its kind, the kinds and number of the choices it was
// made among and its events; the game's ending comes with the result, and
// an error of the caller's stops the game.
func TestSimulateEachTellsEveryMove(t *testing.T) {
	g := anygame.Of(crown.Rules{})
	var plies []anygame.Ply
	events := 0
	sim, err := g.SimulateEach([]byte(`{"seed":4,"maxTurns":30}`), []string{"random", "ismcts:iterations=10"}, 9, func(p anygame.Ply) error {
		plies = append(plies, p)
		events += len(p.Events)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(plies) != sim.Moves || sim.Moves == 0 || events == 0 {
		t.Fatalf("%d plies, %d moves, %d events", len(plies), sim.Moves, events)
	}
	for i, p := range plies {
		if p.Choices < 1 || !slices.Contains(p.Offered, p.Kind) || p.Kind != anygame.MoveKind(mustDecode(t, g, p.Move)) {
			t.Errorf("ply %d: %+v", i, p)
		}
	}
	if sim.Ending.Name == "" || sim.Ending != endingOf(t, g, sim) {
		t.Errorf("ending %+v", sim.Ending)
	}
	again, _ := g.Simulate([]byte(`{"seed":4,"maxTurns":30}`), []string{"random", "ismcts:iterations=10"}, 9)
	if again.Moves != sim.Moves || string(again.State) != string(sim.State) {
		t.Errorf("Simulate and SimulateEach played different games")
	}
	stop := errors.New("enough")
	if _, err := g.SimulateEach([]byte(`{"seed":4}`), []string{"random", "random"}, 9, func(anygame.Ply) error { return stop }); err != stop {
		t.Errorf("an error of the caller's came back as %v", err)
	}
}

// mustDecode returns the typed move of a ply, as MoveKind takes it.
func mustDecode(t *testing.T, g anygame.Game, m anygame.Move) crown.Move {
	t.Helper()
	b, err := m.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var mv crown.Move
	if err := mv.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
	return mv
}

// endingOf returns the ending of a simulation's final state.
func endingOf(t *testing.T, g anygame.Game, sim anygame.Simulation) cards.Ending {
	t.Helper()
	var s crown.State
	if err := s.UnmarshalJSON(sim.State); err != nil {
		t.Fatal(err)
	}
	return cards.EndingOf(s)
}

func TestMoveKindIsTheKindMemberOrTheFirstWord(t *testing.T) {
	if k := anygame.MoveKind(crown.Decline(1)); k != "decline" {
		t.Errorf("a decline's kind: %q", k)
	}
}
