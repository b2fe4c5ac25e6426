package packs

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// Tests of the rulings (packs.md), in their order, and of the package's
// own decisions where the seed and the rulings are silent (see the
// package documentation).

func TestRulingTwoRowsOfSixColumnsPricedFromFiveNextToTheDeckToZero(t *testing.T) {
	if Rows != 2 || Columns != 6 {
		t.Fatalf("a market of %d rows of %d", Rows, Columns)
	}
	var prices []int
	for c := range Columns {
		prices = append(prices, Price(c))
	}
	if diff := cmp.Diff([]int{5, 4, 3, 2, 1, 0}, prices); diff != "" {
		t.Errorf("prices (-want +got):\n%s", diff)
	}
}

func TestRulingThePriceIsTheNumberOfCoinsPlaced(t *testing.T) {
	top := []string{"5H", "6H", "7H", "8H", "9H", "10H"}
	for c := range Columns {
		s := build(t, "P1 coins 5 | "+market2)
		before := s.marketCoins()
		s = play(t, s, Buy(0, card(t, top[c])))
		if placed := s.marketCoins() - before; placed != Price(c) {
			t.Errorf("column %d: %d coins placed, price %d", c, placed, Price(c))
		}
	}
}

func TestRulingPayingGoesColumnByColumnSameRowOtherRowOrLoose(t *testing.T) {
	s := build(t, "P1 coins 5 | P2 hand 9H | top 5H 6H - 8H - 10H | bottom 5S 6S 7S 8S - 10S")
	s = play(t, s, Buy(0, card(t, "5H")))
	wantRows(t, s, "- 6H+1 - 8H+1 - 10H+1", "5S 6S 7S+1 8S - 10S")
	if s.Loose(4) != 1 {
		t.Errorf("%d loose coins in column 4, want 1", s.Loose(4))
	}
}

func TestRulingLooseCoinsGoUnderTheFirstCardToArriveTheTopRowSlidingFirst(t *testing.T) {
	s := build(t, "P1 hand 5C 6C coins 4 kingdom KH | loose 4:1 | P2 coins 0 | top - - 7H 8H - 10H | bottom - - - 8S - 10S | P2 hand 9H")
	s = play(t, s, Discard(0, card(t, "5C")), Discard(0, card(t, "6C")))
	for _, want := range []struct {
		r, c  int
		card  string
		coins int
	}{{0, 4, "8H", 1}, {0, 3, "7H", 0}, {1, 4, "8S", 0}} {
		if c, coins := s.Market(want.r, want.c); c != card(t, want.card) || coins != want.coins {
			t.Errorf("row %d column %d: %v with %d coins, want %s with %d", want.r, want.c, c, coins, want.card, want.coins)
		}
	}
	if s.Loose(4) != 0 {
		t.Errorf("column 4 kept %d loose coins", s.Loose(4))
	}
}

func TestRulingFillingGoesTopRowFirst(t *testing.T) {
	s := build(t, "P1 coins 5 kingdom KH | "+market2+" | deck AS")
	s = play(t, s, Buy(0, card(t, "10H")), Buy(0, card(t, "10S")))
	if c, _ := s.Market(0, 0); c != card(t, "AS") {
		t.Errorf("the deck's last card went to the bottom row; the top row holds %v", c)
	}
}

func TestRulingFillingGoesFromTheFarColumnTowardTheDeck(t *testing.T) {
	s := build(t, "P1 coins 5 kingdom KH | "+market2+" | deck AS")
	s = play(t, s, Buy(0, card(t, "10H")), Buy(0, card(t, "9H")))
	if c, _ := s.Market(0, 1); c != card(t, "AS") {
		t.Errorf("the deck's last card did not go to column 1, the gap farthest from the deck: %s", row(s, 0))
	}
}

func TestRulingADealtCardCollectsTheLooseCoinsOfItsColumn(t *testing.T) {
	s := build(t, "P1 hand 5C 6C coins 4 kingdom KH | loose 4:1 | top - - - - - 10H | bottom - - - - - 10S | deck AS")
	s = play(t, s, Discard(0, card(t, "5C")), Discard(0, card(t, "6C")))
	if c, coins := s.Market(0, 4); c != card(t, "AS") || coins != 1 {
		t.Errorf("top column 4: %v with %d coins, want A♠ with the loose coin", c, coins)
	}
}

func TestRulingYouTakeTheCoinsUnderTheCardNotLooseCoins(t *testing.T) {
	s := build(t, "P1 coins 2 | P2 coins 1 | loose 3:1 | top - - - - 9H 10H+1 | bottom - - - - 9S 10S")
	s = play(t, s, Buy(0, card(t, "10H")))
	if s.Coins(0) != 3 || s.Loose(3) != 1 {
		t.Errorf("P1 has %d coins and column 3 %d loose coins; want 3 and 1", s.Coins(0), s.Loose(3))
	}
}

func TestRulingOnlyCardsYouCanAffordWithRoomInHandAndNoCoinOfYoursThisTurn(t *testing.T) {
	s := build(t, "P1 hand 5C coins 2 kingdom KH | P2 coins 3 | "+market2)
	s = play(t, s, Buy(0, card(t, "9H")))
	wantMoves(t, s, "P1 play 5♣", "P1 play 9♥", "P1 discard 5♣", "P1 discard 9♥")
	s = build(t, "P1 coins 2 kingdom KH | P2 coins 3 | "+market2)
	s = play(t, s, Buy(0, card(t, "9H")))
	wantMoves(t, s, "P1 buy 9♠", "P1 buy 10♠", "P1 play 9♥", "P1 discard 9♥")
}

func TestRulingPlayerOneBeginsAndCoinsAreDealtInPlayerOrder(t *testing.T) {
	for n, want := range map[int][]int{2: {2, 3}, 3: {2, 3, 3}, 4: {1, 2, 3, 4}} {
		s := newGame(t, opts(func(o *Options) { o.Players = n; o.Seed = 5 }))
		if s.ToAct() != cards.PlayersOf(0) || s.Turn() != 0 || s.Round() != 1 {
			t.Errorf("%d players: %v to act", n, s.ToAct())
		}
		for p, k := range want {
			if s.Coins(cards.Player(p)) != k {
				t.Errorf("%d players: %v has %d coins, want %d", n, cards.Player(p), s.Coins(cards.Player(p)), k)
			}
		}
	}
}

func TestRulingNoblesStandForAnyNumberFromTwoToTen(t *testing.T) {
	for _, c := range []struct {
		kingdom, card string
		fits          bool
	}{
		{"9D 10D", "KD", true}, // 8
		{"2D 3D", "KD", true},  // 4
		{"10D JD", "QD", true}, // 8 9 10
		{"2D JD", "QD", true},  // 2 3 4
		{"2D 10D", "KD", false},
		{"3D", "5D", false},
	} {
		if got := fits(set(t, c.kingdom), card(t, c.card)); got != c.fits {
			t.Errorf("%s into %s: %v, want %v", c.card, c.kingdom, got, c.fits)
		}
	}
}

func TestRulingASuitWithThreeCardsIsARun(t *testing.T) {
	for kingdom, want := range map[string]int{"": 0, "5C 6C": 0, "5C 6C KC": 1, "5C 6C 7C 5D KD AD": 2, "KH AH": 0} {
		if got := runs(set(t, kingdom)); got != want {
			t.Errorf("%q: %d runs, want %d", kingdom, got, want)
		}
	}
}

func TestRulingCoinsAreCoinsForeverAndTheirFacesAreNeverShown(t *testing.T) {
	s := newGame(t, Options{Players: 4, Turns: 40, Seed: 8})
	coins := s.coinCards
	r := cards.NewRand(8)
	for !s.Over() {
		for p := cards.Spectator; int(p) < s.Players(); p++ {
			if shown := shownCards(ViewOf(s, p)); !shown.Intersect(coins).Empty() {
				t.Fatalf("%v sees coin faces %v", p, shown.Intersect(coins))
			}
		}
		ms := LegalMoves(s)
		s = play(t, s, ms[r.IntN(len(ms))])
		if s.coinCards != coins {
			t.Fatalf("the coin cards changed from %v to %v", coins, s.coinCards)
		}
	}
}

func TestRulingHandsArePrivateTheirSizesPublic(t *testing.T) {
	s := build(t, "players 3 | P1 hand 5C coins 2 | P2 hand 6C coins 3 | P3 hand 7C coins 3 | "+market2)
	for p := cards.Spectator; p < 3; p++ {
		v := ViewOf(s, p)
		want := cards.Set{}
		if p >= 0 {
			want = s.Hand(p)
		}
		if v.Hand != want || !slices.Equal(v.HandSizes, []int{1, 1, 1}) {
			t.Errorf("%v sees hand %v and sizes %v", p, v.Hand, v.HandSizes)
		}
		for q := range cards.Player(3) {
			if q != p && shownCards(v).Has(s.Hand(q).First()) {
				t.Errorf("%v sees %v's hand", p, q)
			}
		}
	}
}

func TestRulingKingdomsTheMarketItsCoinsAndTheDiscardPileArePublic(t *testing.T) {
	s := build(t, "P1 coins 1 kingdom 5C | P2 coins 2 kingdom 6D | loose 0:1 | top - 6H 7H 8H+1 9H 10H | bottom - 6S 7S 8S 9S 10S | discard 5H")
	v := ViewOf(s, cards.Spectator)
	if v.Kingdoms[0] != s.Kingdom(0) || v.Kingdoms[1] != s.Kingdom(1) || v.Market != s.market ||
		v.Under[0][3] != 1 || v.Loose[0] != 1 || v.Discards != s.Discards() || !slices.Equal(v.Coins, []int{1, 2}) {
		t.Errorf("the spectator's view lacks public things: %+v", v)
	}
}

func TestRulingTheDeckIsHiddenItsSizePublic(t *testing.T) {
	s := build(t, "P1 coins 2 | P2 coins 3 | "+market2)
	// Swap a card of the deck with a coin: nobody can tell.
	other := s
	d, c := s.deck.Minus(nobleCards).First(), s.coinCards.First()
	other.deck.Remove(d)
	other.deck.Add(c)
	other.coinCards.Remove(c)
	other.coinCards.Add(d)
	if err := other.Check(); err != nil {
		t.Fatal(err)
	}
	for p := cards.Spectator; p < 2; p++ {
		if diff := cmp.Diff(ViewOf(s, p), ViewOf(other, p)); diff != "" {
			t.Errorf("%v tells the deck apart:\n%s", p, diff)
		}
	}
	if ViewOf(s, 0).Deck != s.DeckSize() {
		t.Errorf("the deck's size is not shown")
	}
}

func TestRulingATurnIsTwoActionsThenTheRefresh(t *testing.T) {
	TestRuleRefreshTheMarketAfterYourSecondAction(t)
}

func TestRulingPowersAreNotActions(t *testing.T) {
	s := play(t, build(t, incomeTable), Play(0, card(t, "6D")))
	s = play(t, s, Take(0, card(t, "8H")), Take(0, card(t, "9H")), Take(0, card(t, "9H")), Take(0, card(t, "7H")))
	if s.Phase() != PhaseAction || s.Actions() != 1 || s.Turn() != 0 {
		t.Fatalf("after income: phase %v, %d actions, turn of %v", s.Phase(), s.Actions(), s.Turn())
	}
	s = play(t, build(t, attack4), Play(0, card(t, "6S")), Pay(1), Pay(1), Pay(2))
	if s.Phase() != PhaseAction || s.Actions() != 1 || s.Turn() != 0 {
		t.Fatalf("after an attack: phase %v, %d actions, turn of %v", s.Phase(), s.Actions(), s.Turn())
	}
}

func TestRulingWithNoLegalActionPassIsTheOnlyMoveAndEndsTheWholeTurn(t *testing.T) {
	TestRuleAPlayerWhoCannotTakeTheirSecondActionPasses(t)
}

func TestRulingIncomeIsTakenCoinByCoinFromAPositionOrAColumnsLooseCoins(t *testing.T) {
	s := build(t, "P1 hand 6D kingdom 5D | loose 3:2 | top - - - - 9H 10H+2 | bottom - - - - 9S 10S+1")
	s = play(t, s, Play(0, card(t, "6D")))
	wantMoves(t, s, "P1 take a coin from under 10♥", "P1 take a coin from under 10♠", "P1 take a loose coin from column 3")
	s = play(t, s, TakeLoose(0, 3))
	if s.Loose(3) != 1 || s.Coins(0) != 1 {
		t.Errorf("column 3 holds %d loose coins and P1 %d coins", s.Loose(3), s.Coins(0))
	}
	wantLog(t, s, "P1 took a coin of income loose from column 3")
}

func TestRulingTheAttackBeginsAtTheAttackersLeft(t *testing.T) {
	s := build(t, "players 4 | P1 hand 9H coins 3 | P2 hand 9D coins 3 | P3 hand 6S kingdom 5S | P4 hand 10H coins 4 | turn P3 | "+
		"top 4C 7C 8C 9C 10C JC | bottom 2D 3D 4D 5D 6D 7D")
	s = play(t, s, Play(2, card(t, "6S")))
	var order []cards.Player
	for s.Phase() == PhasePay {
		if len(order) == 0 || order[len(order)-1] != s.payer {
			order = append(order, s.payer)
		}
		s = play(t, s, Pay(s.payer))
	}
	if diff := cmp.Diff([]cards.Player{3, 0, 1}, order); diff != "" {
		t.Errorf("payers (-want +got):\n%s", diff)
	}
}

func TestRulingEachUnitIsOneCoinOrOneSpecificCard(t *testing.T) {
	s := build(t, "P1 hand 6S coins 0 kingdom 5S | P2 hand 9H 10H coins 5 kingdom KH | "+market2CD)
	s = play(t, s, Play(0, card(t, "6S")))
	wantMoves(t, s, "P2 pay a coin", "P2 give 9♥", "P2 give 10♥")
}

func TestRulingAPayerWithNoMoreThanTheDebtGivesEverythingWithoutChoosing(t *testing.T) {
	s := build(t, "P1 hand 6S coins 4 kingdom 5S | P2 hand 9H coins 1 | "+market2CD)
	s = play(t, s, Play(0, card(t, "6S")))
	if s.Phase() != PhaseAction || s.Coins(1) != 0 || !s.Hand(1).Empty() || s.Hand(0) != set(t, "9H") {
		t.Fatalf("phase %v, P2 has %d coins and %v", s.Phase(), s.Coins(1), s.Hand(1))
	}
}

func TestRulingTheAttackerDiscardsOnlyAfterAllHavePaid(t *testing.T) {
	s := build(t, "players 3 | P1 hand 6S coins 0 kingdom 5S | P2 hand 8H 9H coins 4 kingdom KH | P3 hand 10H coins 4 | "+
		"top 3C 4C 7C 8C 9C 10C | bottom 3D 4D 7D 8D 9D 10D")
	s = play(t, s, Play(0, card(t, "6S")), Give(1, card(t, "9H")), Give(1, card(t, "8H")))
	if s.Phase() != PhasePay || s.payer != 2 || s.Hand(0).Len() != 2 {
		t.Fatalf("phase %v, payer %v, P1 holds %v: P3 pays before P1 discards", s.Phase(), s.payer, s.Hand(0))
	}
	s = play(t, s, Pay(2), Pay(2))
	if s.Phase() != PhaseDiscard {
		t.Fatalf("phase %v after everyone paid", s.Phase())
	}
	wantMoves(t, s, "P1 discard 8♥", "P1 discard 9♥")
}

func TestRulingTheThirdRunWinsAndItsPowerDoesNotTakeEffect(t *testing.T) {
	s := build(t, "P1 hand 7S kingdom 5C 6C 7C 5H 6H 7H 5S 6S | P2 hand 10H coins 3 | "+
		"top 8C 9C 10C KC AC KH | bottom 8H 9H 5D AH 8D+2 KD")
	s = play(t, s, Play(0, card(t, "7S")))
	if !s.Over() || s.Winner() != 0 || s.Coins(1) != 3 || s.Hand(1).Len() != 1 {
		t.Fatalf("over %v, winner %v; P2 has %d coins and %v: the ♠ must not attack", s.Over(), s.Winner(), s.Coins(1), s.Hand(1))
	}
}

func TestRulingTheGameIsCalledAfterEveryPlayerHadFortyTurnsAPassCounting(t *testing.T) {
	s := build(t, "P1 hand 10H coins 5 | turn P2 round 40 | "+stuck)
	wantMoves(t, s, "P2 pass")
	s = play(t, s, Pass(1))
	if !s.Called() || s.turns != 80 {
		t.Fatalf("called %v after %d turns", s.Called(), s.turns)
	}
	s = build(t, "P2 hand 10H coins 5 | turns 3 | turn P1 round 3 | "+stuck)
	if s = play(t, s, Pass(0)); s.Over() {
		t.Fatalf("the game was called before P2's third turn")
	}
}

func TestRulingTiedPlayersShareADraw(t *testing.T) {
	TestRuleATieAfterThatIsADraw(t)
}

// The solo variant's rulings.

func TestRulingSoloYouArePlayerOneFirstWithTwoCoins(t *testing.T) {
	s := newGame(t, opts(func(o *Options) { o.Solo = true; o.HeadStart = 2 }))
	if s.ToAct() != cards.PlayersOf(0) || s.Coins(0) != 2 || s.Coins(Automaton) != 3 || !s.IsAutomaton(1) || s.IsAutomaton(0) {
		t.Errorf("%v to act, coins %d and %d", s.ToAct(), s.Coins(0), s.Coins(1))
	}
}

func TestRulingSoloAHeadStartCardOfASuitItHoldsGoesToTheDiscardPile(t *testing.T) {
	for seed := range cards.Seed(100) {
		s := newGame(t, Options{Players: 2, Turns: 40, Solo: true, HeadStart: 3, Seed: seed})
		if !s.Discards().Empty() {
			wantLogHas(t, s, "P2 was dealt "+s.Discards().First().String()+" for its head start, which went to the discard pile: it holds a "+s.Discards().First().Suit().String())
			return
		}
	}
	t.Fatal("no head start of 100 drew a card of a suit the automaton held")
}

func TestRulingSoloOnlyCardsItCanAffordQualifyElseItPasses(t *testing.T) {
	// The market slides to the far column, whose cards cost nothing, so the
	// automaton can always afford a card when its turn begins. Its second
	// purchase, though, may find none: here it has no coin left, and its
	// coin lies under the only free card.
	s := buildRaw(t, "solo | P2 kingdom 5C 5D 5H 5S | top KC AC KD AD - 7C+1 | bottom - - - - - - | coined 7C")
	s.turn, s.actions, s.extra = Automaton, 1, true
	s.coins = [MaxPlayers]uint8{4, 0}
	if _, ok := s.automatonChoice(queenQuestion, cards.Clubs); ok {
		t.Fatal("the automaton found a card it could buy")
	}
	s.resume()
	wantLogHas(t, s, "P2 buys once more for its ♥, on the Queen's question", "P2 could afford no card and bought nothing", "P2 ended its turn")
	if s.Turn() != 0 || s.Phase() != PhaseAction {
		t.Errorf("turn of %v, phase %v", s.Turn(), s.Phase())
	}
}

func TestRulingSoloFitsMeansTheCardCouldBePlayedThereNow(t *testing.T) {
	// A♣ would stand for any number, but both kingdoms' ♣ are full: it
	// fits neither, and the automaton buys it for being the cheapest of
	// the cards that fit nowhere, then discards it.
	desc := "solo | P1 hand 10C coins 4 kingdom 7C 8C 9C 9D 9H 9S | P2 coins 1 kingdom 5C 6C KC 5D 5H 5S | turn P1 actions 1 | " +
		"orders QS | top KD AD KH AH 7D AC | bottom KS AS 8H 8S 7H 7S"
	s := wantBought(t, desc, "A♣")
	wantLogHas(t, s, "P2 bought A♣ for nothing", "P2 discarded A♣: it does not fit its kingdom")
}

// incomeSolo is a solo table in which the automaton buys 7♦ (the first ♦
// of its kingdom, with the most coins of the free cards) and takes 2
// coins of income from the market's others.
func incomeSolo(top34, bottom4 string) string {
	return "solo | P1 hand 10C coins 0 kingdom 9C 9D 9H 9S | P2 coins 0 kingdom 5C 5H 5S | turn P1 actions 1 | orders QS | " +
		"top KC AC KD " + top34 + " 7D+1 | bottom KH AH KS AS " + bottom4 + " 6D"
}

func TestRulingSoloItsIncomeTakesFromTheSpotsWithTheMostCoinsFirst(t *testing.T) {
	s := wantBought(t, incomeSolo("7C+3 8H", "7H+1"), "7♦")
	wantLogHas(t, s, "P2 placed 7♦ in its ♦ kingdom", "P2 took 2 coins of income: 2 from under 7♣")
}

func TestRulingSoloItsIncomeTiesGoToTheCheaperColumnThenTheTopRow(t *testing.T) {
	s := wantBought(t, incomeSolo("7C+2 8H", "7H+2"), "7♦")
	wantLogHas(t, s, "P2 took 2 coins of income: 2 from under 7♥")
	s = wantBought(t, incomeSolo("8H 7C+2", "7H+2"), "7♦")
	wantLogHas(t, s, "P2 took 2 coins of income: 2 from under 7♣")
}

func TestRulingSoloItsIncomeTakesLooseCoinsLast(t *testing.T) {
	s := buildRaw(t, "solo | loose 0:3 | top - 6H 7H 8H 9H 10H+1 | bottom - 6S 7S 8S 9S 10S+1")
	var order []string
	for {
		i, ok := s.richestSpot()
		if !ok {
			break
		}
		order = append(order, s.spotName(i))
		*s.coinsAt(i)--
	}
	want := []string{"from under 10♥", "from under 10♠", "loose from column 0", "loose from column 0", "loose from column 0"}
	if diff := cmp.Diff(want, order); diff != "" {
		t.Errorf("the automaton's income order (-want +got):\n%s", diff)
	}
}

func TestRulingSoloYouPayItsSpadeAttackAndItPaysYoursInCoins(t *testing.T) {
	TestRuleSoloACardYouGiveItIsDiscardedItKeepsCoins(t)
	s := build(t, "solo | P1 hand 10S coins 2 kingdom 9S | P2 coins 3 kingdom 5C AD | "+marketClubs)
	s = play(t, s, Play(0, card(t, "10S")))
	if s.Coins(0) != 3 || s.Coins(1) != 2 || s.Phase() != PhaseAction {
		t.Errorf("coins %d and %d, phase %v: the automaton pays 2 ♠ less 1 ♣ in coins", s.Coins(0), s.Coins(1), s.Phase())
	}
	wantLog(t, s, "P1 played 10♠ to their ♠ kingdom", "P2 paid P1 1 coin")
}

func TestRulingSoloAHeartsSecondPurchaseNeverBuysAgain(t *testing.T) {
	TestRuleSoloTheSecondCardCannotBuyAnother(t)
}

func TestRulingSoloItCannotBuyACardItPutACoinUnderThisTurn(t *testing.T) {
	// It buys K♥ on the Jack and pays its coin under 6♥; on the Queen's
	// question 6♥ would fit its kingdom, but it may not buy it.
	s := wantBought(t, soloTable("JS", "KH", "6H", "7C", "7S"), "K♥")
	wantLogHas(t, s, "P2 bought K♥ for 1 coin", "P2 placed K♥ in its ♥ kingdom",
		"P2 buys once more for its ♥, on the Queen's question", "P2 bought 7♠ for nothing")
}

func TestRulingSoloTheMarketRefreshesAfterItsTurnAndItsTurnsCount(t *testing.T) {
	s := build(t, "turns 2 | "+soloTable("QS", "8C", "7H", "6C", "7S")+" | turn P1 actions 1 round 2")
	s = play(t, s, Discard(0, card(t, "10C")))
	if !s.Called() || s.turns != 4 {
		t.Fatalf("called %v after %d turns", s.Called(), s.turns)
	}
	wantLogHas(t, s, "P2 placed 6♣ in its ♣ kingdom", "P2 ended its turn")
	if c, _ := s.Market(1, 4); c == cards.NoCard {
		t.Errorf("the market was not refreshed after its turn: %s", row(s, 1))
	}
}

// The package's decisions.

func TestDecisionAPayerWithNoCardInHandPaysInCoinsWithoutChoosing(t *testing.T) {
	s := build(t, "P1 hand 6S kingdom 5S | P2 coins 5 | "+market2CD)
	s = play(t, s, Play(0, card(t, "6S")))
	if s.Phase() != PhaseAction || s.Coins(0) != 2 || s.Coins(1) != 3 {
		t.Fatalf("phase %v, coins %d and %d", s.Phase(), s.Coins(0), s.Coins(1))
	}
	wantLog(t, s, "P2 paid P1 2 coins")
}

func TestDecisionIncomeWithoutAChoiceIsTakenAtOnce(t *testing.T) {
	s := build(t, "P1 hand 6D kingdom 5D | P2 coins 1 | top 5H 6H 7H 8H 9H 10H+4 | bottom 5S 6S 7S 8S 9S 10S")
	s = play(t, s, Play(0, card(t, "6D")))
	if s.Phase() != PhaseAction || s.Coins(0) != 4 {
		t.Fatalf("phase %v, %d coins: one spot leaves no choice", s.Phase(), s.Coins(0))
	}
	wantLog(t, s, "P1 took 4 coins of income: 4 from under 10♥")
}

// TestDecisionRemadeDeckKeepsWhatEveryoneSaw: a deck remade from the
// discard pile holds cards everyone saw there; the view names those not yet
// drawn, and Determinize keeps them in the deck.
func TestDecisionRemadeDeckKeepsWhatEveryoneSaw(t *testing.T) {
	o := DefaultOptions()
	o.Players, o.Seed = 4, 3
	s, err := NewGame(o)
	if err != nil {
		t.Fatal(err)
	}
	r := cards.NewRand(1)
	for s.known.Empty() {
		if s.Over() {
			t.Fatal("the game ended before its deck was remade")
		}
		moves := LegalMoves(s)
		s = cardstest.MustApply(t, Rules{}, s, moves[r.IntN(len(moves))])
	}
	v := ViewOf(s, cards.Spectator)
	if v.DeckKnown != s.known || !s.deck.Contains(v.DeckKnown) {
		t.Fatalf("the view's known deck %v, the state's %v, the deck %v", v.DeckKnown, s.known, s.deck)
	}
	for seed := range uint64(20) {
		d, err := Determinize(v, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !d.deck.Contains(v.DeckKnown) || d.known != v.DeckKnown {
			t.Fatalf("seed %d: Determinize dealt the deck %v, which loses the known cards %v", seed, d.deck, v.DeckKnown)
		}
	}
}
