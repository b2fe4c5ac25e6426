package ninekingdoms

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// Tests of scoring, single games and matches.

// lastTurn begins the description of the last turn of a game of two
// players (see build): round 6, P2 first, and P1's turn, with a pair of
// 8s.
const lastTurn = "round 6; first P2; turn P1; P1 pair 8 8; "

func TestRuleScoringKingdomsAndScoringPiles(t *testing.T) {
	s := build(t, lastTurn+"P1 tableau 2 9 | pile $ $ $ | kingdoms 2 9; P2 tableau 5 6 | pile $ 7 | kingdoms 5 6")
	s = play(t, s, End(0))
	if !s.Over() {
		t.Fatal("the game goes on after round 6")
	}
	r := s.Result()
	// P1: Kingdoms 2 and 9, three pile cards doubled; P2: 5 and 6, two.
	if diff := cmp.Diff([]int{2 + 9 + 2*3, 5 + 6 + 2}, r.Scores); diff != "" {
		t.Fatalf("scores (-want +got):\n%s", diff)
	}
	if r.Winners != cards.PlayersOf(0) {
		t.Fatalf("winners %v", r.Winners)
	}
	wantLog(t, s, "P1 ended their turn", "Round 6 ended", "The game ended: P1 17 points, P2 13 points; P1 won")
	if len(LegalMoves(s)) != 0 || s.ToAct() != 0 {
		t.Fatal("moves after the end")
	}
	refused(t, s, End(1), "the game is over")
}

func TestRuleMostPointsWinsTiedPlayersShare(t *testing.T) {
	s := build(t, lastTurn+"P1 tableau 9 | kingdoms 9; P2 tableau 4 5 | kingdoms 4 5")
	s = play(t, s, End(0))
	if r := s.Result(); r.Winners != cards.PlayersOf(0, 1) {
		t.Fatalf("result %+v", r)
	}
	wantLog(t, s, "The game ended: P1 9 points, P2 9 points; P1 and P2 shared the win")
}

func TestRulingMatchScoresAccumulateAndTheNextGameBegins(t *testing.T) {
	s := build(t, lastTurn+"P1 tableau 9 | pile $ | kingdoms 9 | total 50; P2 tableau 5 | kingdoms 5 | total 40; match")
	s = play(t, s, End(0))
	if s.Over() {
		t.Fatal("the match ended below 100")
	}
	if diff := cmp.Diff([]int{60, 45}, s.Result().Scores); diff != "" {
		t.Fatalf("totals (-want +got):\n%s", diff)
	}
	if s.Game() != 2 || s.Round() != 1 || s.phase != PhaseChoose || s.tableau[0].Len() != 0 || s.Owner(9) != cards.Spectator {
		t.Fatalf("game %d, round %d, phase %v, tableau %v", s.Game(), s.Round(), s.phase, s.tableau[0])
	}
	if v := ViewOf(s, 0); v.Totals[0] != 60 || v.Points[0] != 0 || v.Game != 2 {
		t.Fatalf("view: totals %v, points %v, game %d", v.Totals, v.Points, v.Game)
	}
	wantLog(t, s, "Game 1 ended: P1 10 points, P2 5 points", "After game 1 the match totals were P1 60 points, P2 45 points",
		"Game 2 of the match began", "Round 1 began: P2 is first player",
		"The dealer dealt five cards to each player; the deck has 50 cards left",
		"P1 was dealt 5 cards", "P2 was dealt 5 cards")
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestRulingMatchFirstPlayerRotatesAcrossGames(t *testing.T) {
	states, _, err := cardstest.RandomGame(Rules{}, Options{Players: 3, Seed: 5, Match: true, NoLog: true}, 5, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	var firsts []cards.Player
	for _, s := range states {
		if len(firsts) < min(s.Game(), 4) {
			firsts = append(firsts, s.FirstPlayer())
		}
	}
	want := []cards.Player{0, 1, 2, 0}[:len(firsts)]
	if len(firsts) < 2 || !cmp.Equal(want, firsts) {
		t.Fatalf("first players of the games: %v", firsts)
	}
}

func TestRulingMatchEndsAfterTheGameInWhichSomeoneReaches100(t *testing.T) {
	s := build(t, lastTurn+"P1 tableau 9 | kingdoms 9 | total 95; P2 tableau 5 | kingdoms 5 | total 60; match")
	s = play(t, s, End(0))
	r := s.Result()
	if !s.Over() || r.Winners != cards.PlayersOf(0) || !cmp.Equal(r.Scores, []int{104, 65}) {
		t.Fatalf("over %v, result %+v", s.Over(), r)
	}
	wantLog(t, s, "After game 1 the match totals were P1 104 points, P2 65 points; P1 won the match")
}

func TestRulingMatchHighestTotalWinsNotTheFirstTo100(t *testing.T) {
	s := build(t, lastTurn+"P1 tableau 1 | kingdoms 1 | total 99; P2 tableau 9 | kingdoms 9 | total 97; match")
	s = play(t, s, End(0))
	if r := s.Result(); !s.Over() || r.Winners != cards.PlayersOf(1) {
		t.Fatalf("over %v, result %+v", s.Over(), r)
	}
}

func TestRulingMatchTieAtTheTopPlaysAnotherGame(t *testing.T) {
	s := build(t, lastTurn+"P1 tableau 4 | kingdoms 4 | total 96; P2 tableau 1 | total 100; match")
	s = play(t, s, End(0))
	if s.Over() || s.Game() != 2 || !cmp.Equal(s.Result().Scores, []int{100, 100}) {
		t.Fatalf("over %v, game %d, totals %v", s.Over(), s.Game(), s.Result().Scores)
	}
}

func TestRulingMatchEndsInBoundedMoves(t *testing.T) {
	const games = 20
	for n := 2; n <= 4; n++ {
		most, all := 0, 0
		for seed := range uint64(games) {
			states, moves, err := cardstest.RandomGame(Rules{}, Options{Players: n, Seed: cards.Seed(seed), Match: true, NoLog: true}, seed, 20000)
			if s := states[len(states)-1]; err != nil || !s.Over() {
				t.Fatalf("%d players, seed %d: no end after %d moves (%v), game %d, totals %v", n, seed, len(moves), err, s.Game(), s.totals)
			}
			most, all = max(most, len(moves)), all+len(moves)
		}
		t.Logf("%d players: random matches end in %d moves on average, %d at most", n, all/games, most)
	}
}
