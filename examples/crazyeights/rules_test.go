package crazyeights

import (
	"slices"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// Each test sets up the situation of a sentence of the rules (or of a
// ruling of the package's doc) and checks the outcome.

func TestRuleDeal(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, err := NewGame(Options{Players: players, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		want := 5
		if players == 2 {
			want = 7
		}
		for p := range players {
			if n := s.hands[p].Len(); n != want {
				t.Errorf("%d players: P%d holds %d cards, want %d", players, p+1, n, want)
			}
		}
		if s.pile.Len() != 0 || s.stock.Len() != 52-1-want*players || s.suit != SuitOf(s.top) || s.turn != 0 {
			t.Errorf("%d players: pile %v, stock %d cards, suit %v, turn %v", players, s.pile, s.stock.Len(), s.suit, s.turn)
		}
	}
	if _, err := NewGame(Options{Players: 6}); err == nil {
		t.Error("a game of 6 players is dealt")
	}
}

func TestRulingEightTurnedUpGoesBack(t *testing.T) {
	eightsInStock := 0
	for seed := range cards.Seed(300) {
		s, err := NewGame(Options{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if s.top.Rank() == cards.Eight {
			t.Fatalf("seed %d turns up %v to start the discard pile", seed, s.top)
		}
		eightsInStock += s.stock.Intersect(cards.OfRanks(cards.Eight)).Len()
	}
	if eightsInStock == 0 {
		t.Fatal("no eight is ever left in the stock")
	}
}

func TestRuleMatchRankOrSuit(t *testing.T) {
	s := situation(t, "P1: 7C 9D 2H KS | P2: * | top: 9C | pile: | stock: 2S")
	want := []Move{Play(0, card(t, "7C")), Play(0, card(t, "9D"))}
	if got := LegalMoves(s); !slices.Equal(got, want) {
		t.Fatalf("legal moves %v, want %v", got, want)
	}
	cardstest.Refused(t, Rules{}, s, Play(0, card(t, "2H")), cards.ErrIllegalMove, "2♥ is not a 9, nor of clubs")
	cardstest.Refused(t, Rules{}, s, Play(0, card(t, "3H")), cards.ErrIllegalMove, "you hold no 3♥")
}

func TestRuleEightIsWild(t *testing.T) {
	s := situation(t, "P1: 8D 2H | P2: * | top: 9C | pile: | stock: 2S")
	var want []Move
	for _, suit := range Suits {
		want = append(want, PlayEight(0, card(t, "8D"), suit))
	}
	if got := LegalMoves(s); !slices.Equal(got, want) {
		t.Fatalf("legal moves %v, want %v", got, want)
	}
	s = cardstest.MustApply(t, Rules{}, s, PlayEight(0, card(t, "8D"), SuitSpades))
	if s.top != card(t, "8D") || s.suit != SuitSpades || s.turn != 1 {
		t.Fatalf("after the eight: top %v, suit %v, turn %v", s.top, s.suit, s.turn)
	}
}

func TestRuleFollowTheNamedSuit(t *testing.T) {
	s := situation(t, "P1: 2H | P2: 5D 8S 7H KH | P3: * | top: 8D | pile: | stock: 2S")
	s.suit, s.turn = SuitHearts, 1
	want := []Move{Play(1, card(t, "7H")), Play(1, card(t, "KH"))}
	for _, suit := range Suits {
		want = append(want, PlayEight(1, card(t, "8S"), suit))
	}
	if got := LegalMoves(s); !slices.Equal(got, want) {
		t.Fatalf("legal moves %v, want %v", got, want)
	}
	cardstest.Refused(t, Rules{}, s, Play(1, card(t, "5D")), cards.ErrIllegalMove, "not a 8, nor of hearts")
}

func TestRuleDrawWhenYouCannotPlay(t *testing.T) {
	s := situation(t, "P1: 2H 3H | P2: * | top: 9C | pile: | stock: 4H 9H")
	if got := LegalMoves(s); !slices.Equal(got, []Move{Draw(0)}) {
		t.Fatalf("legal moves %v, want only a draw", got)
	}
	s = cardstest.MustApply(t, Rules{}, s, Draw(0))
	if s.turn != 0 || s.hands[0].Len() != 3 || s.stock.Len() != 1 {
		t.Fatalf("after a draw: turn %v, hand %v, stock %v", s.turn, s.hands[0], s.stock)
	}
}

func TestRuleNoDrawWhileYouCanPlay(t *testing.T) {
	s := situation(t, "P1: 9H 3H | P2: * | top: 9C | pile: | stock: 4H 5H")
	cardstest.Refused(t, Rules{}, s, Draw(0), cards.ErrIllegalMove, "you can play a card")
}

func TestRulingPlayTheCardDrawn(t *testing.T) {
	s := situation(t, "P1: 3H | P2: * | top: 9C | pile: | stock: 4C")
	s = cardstest.MustApply(t, Rules{}, s, Draw(0))
	if got := LegalMoves(s); !slices.Equal(got, []Move{Play(0, card(t, "4C"))}) {
		t.Fatalf("after drawing a 4♣ on 9♣: legal moves %v", got)
	}
}

func TestRulingReshuffleTheDiscardPile(t *testing.T) {
	s := situation(t, "P1: 2H | P2: * | top: 9C | pile: 4C 5C | stock:")
	s = cardstest.MustApply(t, Rules{}, s, Draw(0))
	if s.top != card(t, "9C") || !s.pile.Empty() || s.stock.Len() != 1 || s.hands[0].Len() != 2 {
		t.Fatalf("after the reshuffle: top %v, pile %v, stock %v, hand %v", s.top, s.pile, s.stock, s.hands[0])
	}
	if log := s.Log().Since(0); len(log) != 2 || log[0].Text != "the discard pile beneath 9♣ was shuffled into a new stock of 2 cards" {
		t.Fatalf("the log reads %v", log)
	}
}

func TestRulingPassWhenNothingToDraw(t *testing.T) {
	s := situation(t, "P1: 2H | P2: * | top: 9C | pile: | stock:")
	if got := LegalMoves(s); !slices.Equal(got, []Move{Pass(0)}) {
		t.Fatalf("legal moves %v, want only a pass", got)
	}
	cardstest.Refused(t, Rules{}, s, Draw(0), cards.ErrIllegalMove, "the stock is empty and so is the discard pile")
	s = cardstest.MustApply(t, Rules{}, s, Pass(0))
	if s.turn != 1 || s.Over() || s.hands[0].Len() != 1 {
		t.Fatalf("after a pass: turn %v, over %v, hand %v", s.turn, s.Over(), s.hands[0])
	}
}

func TestRuleOutWinsAndScores(t *testing.T) {
	s := situation(t, "P1: 9H | P2: 8S KD 2C | P3: * | top: 9C | pile: | stock: AS")
	s = cardstest.MustApply(t, Rules{}, s, Play(0, card(t, "9H")))
	r := s.Result()
	if !s.Over() || r.Winners != cards.PlayersOf(0) {
		t.Fatalf("after P1's last card: over %v, result %v", s.Over(), r)
	}
	want := 50 + 10 + 2 + Points(s.hands[2])
	if r.Scores[0] != want || r.Scores[1] != 0 || r.Scores[2] != 0 {
		t.Fatalf("scores %v, want %d for P1", r.Scores, want)
	}
	cardstest.Refused(t, Rules{}, s, Play(1, card(t, "2C")), cards.ErrGameOver)
}

func TestRulePoints(t *testing.T) {
	for codes, want := range map[string]int{"": 0, "8S": 50, "KD QH JC": 30, "AS": 1, "2C 10D 7H": 19} {
		if got := Points(set(t, codes)); got != want {
			t.Errorf("Points(%s) = %d, want %d", codes, got, want)
		}
	}
}

func TestRuleTakeTurns(t *testing.T) {
	s := situation(t, "P1: 9H 2S | P2: * | top: 9C | pile: | stock: AS")
	cardstest.Refused(t, Rules{}, s, Play(1, s.hands[1].First()), cards.ErrNotYourTurn, "it is P1's turn")
}
