package packs

import (
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// The rules of the solo variant. In the tables below the automaton (P2)
// has 5♣ 5♦ 5♥ 5♠ and you (P1) 9♣ 9♦ 9♥ 9♠: a 6 or a noble fits its
// kingdom, an 8, a 10 or a noble fits yours, and a 7 fits neither. It has
// 1 coin, so it can afford columns 4 and 5 only. You end your turn by
// discarding 10♣, and it turns over the one instruction of its deck.

// soloTable returns the table with the automaton's instruction and the
// cards of the affordable columns: top 4, top 5, bottom 4, bottom 5. The
// columns it cannot afford hold nobles, or 8s and 10s when the affordable
// columns take nobles.
func soloTable(instruction, top4, top5, bottom4, bottom5 string) string {
	used := strings.Join([]string{top4, top5, bottom4, bottom5}, " ")
	var fill []string
	for _, c := range strings.Fields("KC AC KD AD KH AH KS AS 8D 8H 8S 10H 10S 10D") {
		if !strings.Contains(" "+used+" ", " "+c+" ") && !strings.Contains(used, c+"+") && len(fill) < 8 {
			fill = append(fill, c)
		}
	}
	return "solo | P1 hand 10C coins 4 kingdom 9C 9D 9H 9S | P2 coins 1 kingdom 5C 5D 5H 5S | turn P1 actions 1 | orders " +
		instruction + " | top " + strings.Join(fill[:4], " ") + " " + top4 + " " + top5 +
		" | bottom " + strings.Join(fill[4:], " ") + " " + bottom4 + " " + bottom5
}

// wantLogHas checks that the spectator's log holds the lines, one after
// the other.
func wantLogHas(t *testing.T, s State, lines ...string) {
	t.Helper()
	log := strings.Join(texts(s, cards.Spectator), "\n")
	if !strings.Contains(log, strings.Join(lines, "\n")) {
		t.Fatalf("the log lacks\n%s\nlog:\n%s", strings.Join(lines, "\n"), log)
	}
}

// automatonBuys plays the table up to the end of the automaton's turn and
// returns the card it bought (from the log) and the state.
func automatonBuys(t *testing.T, desc string) (string, State) {
	t.Helper()
	s := play(t, build(t, desc), Discard(0, card(t, "10C")))
	for _, line := range texts(s, cards.Spectator) {
		if what, ok := strings.CutPrefix(line, "P2 bought "); ok {
			c, _, _ := strings.Cut(what, " ")
			return c, s
		}
	}
	t.Fatalf("the automaton bought nothing:\n%s", strings.Join(texts(s, cards.Spectator), "\n"))
	return "", s
}

func wantBought(t *testing.T, desc, want string) State {
	t.Helper()
	got, s := automatonBuys(t, desc)
	if got != want {
		t.Fatalf("the automaton bought %s, want %s\n%s", got, want, strings.Join(texts(s, cards.Spectator), "\n"))
	}
	return s
}

func TestRuleSoloDealsTheTwoPlayerGameAgainstTheAutomaton(t *testing.T) {
	s := newGame(t, opts(func(o *Options) { o.Solo = true; o.Seed = 3 }))
	if s.Players() != 2 || !s.IsAutomaton(1) || s.ToAct() != cards.PlayersOf(0) {
		t.Fatalf("players %d, %v to act", s.Players(), s.ToAct())
	}
	if s.Coins(0) != 2 || s.Coins(1) != 3 {
		t.Errorf("you have %d coins and the automaton %d; want 2 and 3", s.Coins(0), s.Coins(1))
	}
	if got := s.deck.Union(s.marketCards()).Union(s.coinCards); got != twoPlayerCards {
		t.Errorf("the solo game plays with %v", got)
	}
}

func TestRuleSoloTheAutomatonHasNoHand(t *testing.T) {
	s := build(t, soloTable("QS", "8C", "7H", "6C", "7S"))
	if _, err := Apply(s, Discard(1, card(t, "10C"))); err == nil {
		t.Error("the automaton moved")
	}
	v := ViewOf(s, 0)
	if !strings.Contains(v.String(), "P2 (automaton): 1 coin; no hand") {
		t.Errorf("the view shows the automaton as\n%s", v)
	}
}

func TestRuleSoloItsHeadStart(t *testing.T) {
	for h := range MaxHeadStart + 1 {
		for seed := range cards.Seed(40) {
			s := newGame(t, opts(func(o *Options) { o.Solo, o.HeadStart, o.Seed = true, h, seed }))
			k := s.Kingdom(Automaton)
			if k.Len() != h {
				t.Fatalf("head start %d: the automaton's kingdom is %v", h, k)
			}
			for _, su := range cards.Suits {
				if count(k, su) > 1 {
					t.Fatalf("head start %v: two cards of a suit", k)
				}
			}
			for c := range s.Discards().All() {
				if count(k, c.Suit()) != 1 {
					t.Fatalf("%v was discarded though the automaton has no %v (%v)", c, c.Suit(), k)
				}
			}
			if s.Coins(0) != 2 || s.Coins(1) != 3 || s.DeckSize() != 15-h-s.Discards().Len() {
				t.Fatalf("the head start had an effect: coins %d and %d, deck %d", s.Coins(0), s.Coins(1), s.DeckSize())
			}
		}
	}
}

func TestRuleSoloItsInstructionDeckIsTheTwentyCardsPutAway(t *testing.T) {
	s := newGame(t, opts(func(o *Options) { o.Solo = true }))
	if s.orders() != instructionCards || s.orders().Len() != 20 || ranksOf(s.orders())[0] != "2" {
		t.Errorf("the instruction deck is %v", s.orders())
	}
}

func TestRuleSoloWhenItRunsOutTheUsedInstructionsMakeANewOne(t *testing.T) {
	s := build(t, strings.Replace(soloTable("QS", "8C", "7H", "6C", "7S"), "orders QS", "orders", 1))
	s = play(t, s, Discard(0, card(t, "10C")))
	if s.orders().Len() != 19 || s.used.Len() != 1 || !s.used.Has(s.order) {
		t.Errorf("instruction deck %d, used %v, last %v", s.orders().Len(), s.used, s.order)
	}
	if !strings.Contains(strings.Join(texts(s, 0), "\n"), "P2 shuffled its 20 used instructions into a new instruction deck") {
		t.Errorf("the log does not tell the reshuffle")
	}
}

func TestRuleSoloItsTurnOneInstructionOnePurchasePlacedIfItFits(t *testing.T) {
	s := wantBought(t, soloTable("QS", "8C", "7H", "6C", "7S"), "6♣")
	wantSet(t, "the automaton's kingdom", s.Kingdom(1), "5C 6C 5D 5H 5S")
	wantLogHas(t, s, "P1 discarded 10♣", "P1 ended their turn",
		"P2 turned over the instruction Q♠: a card that fits its kingdom, failing that one that fits yours",
		"P2 bought 6♣ for 1 coin", "P2 placed 6♣ in its ♣ kingdom", "P2 ended its turn")
	if s.ToAct() != cards.PlayersOf(0) || s.Turn() != 0 || s.turns != 2 {
		t.Errorf("after its turn: %v to act, %d turns", s.ToAct(), s.turns)
	}
}

func TestRuleSoloItDiscardsACardThatDoesNotFit(t *testing.T) {
	s := wantBought(t, soloTable("JS", "8C", "7H", "6C", "7S"), "8♣")
	wantSet(t, "the automaton's kingdom", s.Kingdom(1), "5C 5D 5H 5S")
	if !s.Discards().Has(card(t, "8C")) {
		t.Errorf("8♣ is not on the discard pile")
	}
}

func TestRuleSoloFirstACardThatCompletesItsThirdRun(t *testing.T) {
	s := build(t, "solo | P1 hand 10C coins 4 kingdom 9C 9D 9H 9S | P2 coins 1 kingdom 5C 6C KC 5D 6D KD 5H 6H | turn P1 actions 1 | "+
		"orders JS | top AC 8S KH KS 8C 7H | bottom AH AS 10D 10S 8D 7S")
	s = play(t, s, Discard(0, card(t, "10C")))
	if !s.Over() || s.Winner() != Automaton {
		t.Fatalf("over %v, winner %v", s.Over(), s.Winner())
	}
	wantLog(t, s, "P2 bought 7♥ for nothing", "P2 placed 7♥ in its ♥ kingdom, completing a run", "P2 completed its third run and won the game")
	if got := ViewOf(s, 0).Decision; got != "the game is over: P2 (the automaton) won with three runs" {
		t.Errorf("decision %q", got)
	}
}

func TestRuleSoloNextACardThatWouldCompleteYourThirdRun(t *testing.T) {
	desc := "solo | P1 hand 7C coins 4 kingdom 9C 10C KC 9D 10D KD 9H 10H 9S | P2 coins 1 kingdom 5C 5D 5H 5S | turn P1 actions 1 | " +
		"orders QS | top AC AD KH AH 7D 8H | bottom AS KS 7H 7S 8C 6C"
	s := play(t, build(t, desc), Discard(0, card(t, "7C")))
	wantLogHas(t, s, "P2 bought 8♥ for nothing", "P2 discarded 8♥: it does not fit its kingdom")
}

func TestRuleSoloTheQueenAsksForACardThatFitsItsKingdom(t *testing.T) {
	wantBought(t, soloTable("QS", "8C", "7H", "6C", "7S"), "6♣")
	wantBought(t, soloTable("QH", "8C", "7H", "10D", "7S"), "8♣") // failing that, yours
}

func TestRuleSoloTheJackAsksForACardThatFitsYourKingdom(t *testing.T) {
	wantBought(t, soloTable("JS", "8C", "7H", "6C", "7S"), "8♣")
	wantBought(t, soloTable("JD", "7C", "7H", "6C", "7S"), "6♣") // failing that, its own
}

func TestRuleSoloATwoThreeOrFourAsksForACardOfItsSuitThatFitsItsKingdom(t *testing.T) {
	wantBought(t, soloTable("2H", "6H", "7C", "8C", "6C"), "6♥")
	wantBought(t, soloTable("3H", "8C", "7C", "7H", "6C"), "6♣") // failing that, the Queen's question
	wantBought(t, soloTable("4H", "8C", "7C", "7H", "7S"), "8♣") // and its second half
}

func TestRuleSoloIfNothingFitsItBuysTheCardWithTheMostCoins(t *testing.T) {
	desc := strings.Replace(soloTable("QS", "7C+2", "7H", "7D", "7S"), "P1 hand 10C coins 4", "P1 hand 10C coins 2", 1)
	s := wantBought(t, desc, "7♣")
	if s.Coins(1) != 2 {
		t.Errorf("the automaton has %d coins, want 1 - 1 + 2", s.Coins(1))
	}
}

func TestRuleSoloTiesGoToTheCheapest(t *testing.T) {
	wantBought(t, soloTable("QS", "6C", "7H", "7S", "6D"), "6♦")
}

func TestRuleSoloTiesThenGoToACardThatFitsItsKingdom(t *testing.T) {
	wantBought(t, soloTable("JS", "7H", "8C", "7S", "KD"), "K♦")
}

func TestRuleSoloTiesThenGoToACardThatFitsYours(t *testing.T) {
	wantBought(t, soloTable("QS", "7H", "6D", "7S", "AD"), "A♦")
}

func TestRuleSoloTiesThenGoToTheMostCoins(t *testing.T) {
	desc := strings.Replace(soloTable("QS", "7H", "KC", "7S", "KD+1"), "P1 hand 10C coins 4", "P1 hand 10C coins 3", 1)
	wantBought(t, desc, "K♦")
}

func TestRuleSoloTiesThenGoToTheTopRow(t *testing.T) {
	wantBought(t, soloTable("QS", "7H", "KC", "7S", "KD"), "K♣")
}

func TestRuleSoloAHeartBuysAgainOnTheQueensQuestion(t *testing.T) {
	s := wantBought(t, soloTable("QS", "KH", "6H", "7C", "7S"), "6♥")
	wantSet(t, "the automaton's kingdom", s.Kingdom(1), "5C 5D 5H 6H KH 5S")
	wantLogHas(t, s, "P2 placed 6♥ in its ♥ kingdom", "P2 buys once more for its ♥, on the Queen's question",
		"P2 bought K♥ for 1 coin", "P2 placed K♥ in its ♥ kingdom, completing a run", "P2 ended its turn")
}

func TestRuleSoloTheSecondCardCannotBuyAnother(t *testing.T) {
	s := wantBought(t, soloTable("QS", "KH", "6H", "7C", "7S"), "6♥")
	if n := strings.Count(strings.Join(texts(s, 0), "\n"), "P2 bought"); n != 2 {
		t.Errorf("the automaton bought %d cards, want 2", n)
	}
}

func TestRuleSoloACardYouGiveItIsDiscardedItKeepsCoins(t *testing.T) {
	desc := strings.Replace(soloTable("QS", "7C", "7H", "7D", "6S"), "P1 hand 10C", "P1 hand 10C 10D", 1)
	s := play(t, build(t, desc), Discard(0, card(t, "10C")))
	if s.Phase() != PhasePay || s.ToAct() != cards.PlayersOf(0) || s.Turn() != Automaton {
		t.Fatalf("phase %v, %v to act in %v's turn; want you to pay its ♠", s.Phase(), s.ToAct(), s.Turn())
	}
	wantMoves(t, s, "P1 pay a coin", "P1 give 10♦")
	given := play(t, s, Give(0, card(t, "10D")))
	if !given.Discards().Has(card(t, "10D")) || given.Coins(1) != 1 || given.Turn() != 0 {
		t.Errorf("after giving 10♦: discards %v, the automaton's coins %d", given.Discards(), given.Coins(1))
	}
	wantLogHas(t, given, "P1 gave P2 10♦, which went to the discard pile", "P2 ended its turn")
	paid := play(t, s, Pay(0))
	if paid.Coins(1) != 2 || paid.Coins(0) != 3 {
		t.Errorf("after paying: coins %d and %d", paid.Coins(0), paid.Coins(1))
	}
}

func TestRuleSoloItWinsWithThreeRunsLikeAnybody(t *testing.T) {
	TestRuleSoloFirstACardThatCompletesItsThirdRun(t)
}
