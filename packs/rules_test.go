package packs

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

// The rules of the seed, sentence by sentence, in its order.

// market2 is a full market of a game of two: hearts on top, spades below;
// market2CD the same of clubs and diamonds.
const (
	market2   = "top 5H 6H 7H 8H 9H 10H | bottom 5S 6S 7S 8S 9S 10S"
	market2CD = "top 5C 6C 7C 8C 9C 10C | bottom 5D 6D 7D 8D 9D 10D"
)

// ranksOf returns the ranks of the cards of s, each once, in order.
func ranksOf(s cards.Set) []string {
	var rs []string
	for c := range s.All() {
		if r := c.Rank().String(); !slices.Contains(rs, r) {
			rs = append(rs, r)
		}
	}
	return rs
}

func TestRuleCardsByPlayerCount(t *testing.T) {
	for n, want := range map[int]struct {
		size  int
		ranks []string
	}{
		2: {32, []string{"A", "5", "6", "7", "8", "9", "10", "K"}},
		3: {44, []string{"A", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K"}},
		4: {52, []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}},
	} {
		s := newGame(t, opts(func(o *Options) { o.Players = n }))
		all := s.deck.Union(s.marketCards()).Union(s.coinCards)
		if all.Len() != want.size || all != s.allCards() {
			t.Errorf("%d players play with %d cards, want %d", n, all.Len(), want.size)
		}
		if diff := cmp.Diff(want.ranks, ranksOf(all)); diff != "" {
			t.Errorf("%d players: ranks (-want +got):\n%s", n, diff)
		}
		for _, su := range cards.Suits {
			if count(all, su) != want.size/4 {
				t.Errorf("%d players: %d cards of %v", n, count(all, su), su)
			}
		}
	}
}

func TestRuleNoblesAreWildForAnyNumberOfTheirSuit(t *testing.T) {
	for _, c := range []struct {
		kingdom, card string
		fits          bool
	}{
		{"5D", "KD", true},
		{"5D KD", "7D", true},  // K stands for 6
		{"5D KD", "8D", false}, // no number makes 5 K 8 a run
		{"KD", "10D", true},
		{"KD AD", "10D", true}, // 8 9 10
		{"JD QD", "KD", true},  // three nobles: any three numbers
		{"AD", "2D", true},
		{"5D KD", "AC", true}, // a noble of another suit starts that suit
		{"5D KD", "KH", true},
		{"5D", "QD", true},
	} {
		if got := fits(set(t, c.kingdom), card(t, c.card)); got != c.fits {
			t.Errorf("%s into %s: fits %v, want %v", c.card, c.kingdom, got, c.fits)
		}
	}
}

func TestRuleSetupShufflesNumbersAndNoblesApart(t *testing.T) {
	for seed := range cards.Seed(50) {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			s := newGame(t, opts(func(o *Options) { o.Players, o.Seed = n, seed }))
			if !s.coinCards.Intersect(nobleCards).Empty() || !s.marketCards().Intersect(nobleCards).Empty() {
				t.Fatalf("%d players, seed %d: a noble was dealt as a coin or to the market", n, seed)
			}
			if !s.deck.Contains(gameCards(n).Intersect(nobleCards)) {
				t.Fatalf("%d players, seed %d: the deck lacks nobles", n, seed)
			}
		}
	}
}

func TestRuleSetupDealsTheMoneyFaceDown(t *testing.T) {
	for n, want := range map[int][]int{2: {2, 3}, 3: {2, 3, 3}, 4: {1, 2, 3, 4}} {
		s := newGame(t, opts(func(o *Options) { o.Players = n }))
		v := ViewOf(s, cards.Spectator)
		if diff := cmp.Diff(want, v.Coins); diff != "" {
			t.Errorf("%d players: coins (-want +got):\n%s", n, diff)
		}
		if s.coinCards.Len() != dealt(n) || !s.coinCards.Intersect(nobleCards).Empty() {
			t.Errorf("%d players: coins are %v", n, s.coinCards)
		}
		for p := cards.Spectator; int(p) < n; p++ {
			if shown := shownCards(ViewOf(s, p)); !shown.Intersect(s.coinCards).Empty() {
				t.Errorf("%v sees the faces of coins %v", p, shown.Intersect(s.coinCards))
			}
		}
	}
}

// shownCards returns every card a view shows.
func shownCards(v View) cards.Set {
	shown := v.Hand.Union(v.Discards).Union(v.Coined).Union(v.Received).Union(v.UsedInstructions)
	for _, k := range v.Kingdoms {
		shown = shown.Union(k)
	}
	for r := range Rows {
		for c := range Columns {
			shown.Add(v.Market[r][c])
		}
	}
	return shown
}

func TestRuleSetupDealsTwelveNumberCardsAsTheMarket(t *testing.T) {
	s := newGame(t, opts(func(o *Options) { o.Players = 3; o.Seed = 4 }))
	m := s.marketCards()
	if m.Len() != Rows*Columns || !m.Intersect(nobleCards).Empty() {
		t.Errorf("the market is %v", m)
	}
	if s.marketCoins() != 0 {
		t.Errorf("%d coins in a new market", s.marketCoins())
	}
}

func TestRuleSetupTheRestWithTheNoblesMakeTheDeck(t *testing.T) {
	for n, size := range map[int]int{2: 15, 3: 24, 4: 30} {
		s := newGame(t, opts(func(o *Options) { o.Players = n }))
		if s.DeckSize() != size || !s.discards.Empty() {
			t.Errorf("%d players: a deck of %d cards (want %d), discards %v", n, s.DeckSize(), size, s.discards)
		}
	}
}

func TestRuleTakeTwoActionsOnYourTurn(t *testing.T) {
	s := build(t, "P1 hand 5C coins 2 | P2 coins 3 | "+market2)
	s = play(t, s, Discard(0, card(t, "5C")))
	if s.Turn() != 0 || s.Actions() != 1 {
		t.Fatalf("after one action: turn of %v, %d actions", s.Turn(), s.Actions())
	}
	s = play(t, s, Buy(0, card(t, "10H")))
	if s.Turn() != 1 || s.Actions() != 0 || s.Phase() != PhaseAction {
		t.Fatalf("after two actions: turn of %v, %d actions, phase %v", s.Turn(), s.Actions(), s.Phase())
	}
}

func TestRuleEachActionIsABuyAPlayOrADiscard(t *testing.T) {
	s := build(t, "P1 hand 5C coins 1 kingdom 6C | P2 coins 4 | "+market2)
	wantMoves(t, s, "P1 play 5♣", "P1 discard 5♣")
	s = build(t, "P1 hand 5C coins 1 kingdom 6C KH | P2 coins 4 | "+market2)
	wantMoves(t, s, "P1 buy 9♥", "P1 buy 10♥", "P1 buy 9♠", "P1 buy 10♠", "P1 play 5♣", "P1 discard 5♣")
}

func TestRuleYouMayTakeTheSameActionTwice(t *testing.T) {
	s := build(t, "P1 coins 2 kingdom KH | P2 coins 3 | "+market2)
	s = play(t, s, Buy(0, card(t, "10H")), Buy(0, card(t, "10S")))
	wantSet(t, "P1's hand", s.Hand(0), "10H 10S")
	s = build(t, "P1 hand 5C 6C coins 2 kingdom KH | P2 coins 3 | "+market2)
	s = play(t, s, Play(0, card(t, "5C")), Play(0, card(t, "6C")))
	wantSet(t, "P1's kingdom", s.Kingdom(0), "5C 6C KH")
}

func TestRuleYouMayNotPass(t *testing.T) {
	s := build(t, "P1 hand 5C | P2 coins 5 | "+market2)
	refused(t, s, Pass(0), "you may pass only when you can take no action")
}

func TestRuleHandLimitIsOnePlusOneForEachHeart(t *testing.T) {
	for kingdom, limit := range map[string]int{"": 1, "5S": 1, "5H": 2, "5H 6H": 3, "5H 6H KH": 4} {
		s := build(t, "P1 kingdom "+kingdom+" | P2 coins 5 | "+market2CD)
		if got := s.HandLimit(0); got != limit {
			t.Errorf("kingdom %q: hand limit %d, want %d", kingdom, got, limit)
		}
	}
}

func TestRuleHandLimitIsFourAtMost(t *testing.T) {
	s := build(t, "P1 hand 8H coins 5 kingdom 5H 6H 7H | "+market2CD)
	if s.HandLimit(0) != MaxHandLimit {
		t.Errorf("three hearts: a hand limit of %d", s.HandLimit(0))
	}
	refused(t, s, Play(0, card(t, "8H")), "already holds 3 cards")
}

func TestRuleYouCannotBuyWhileYourHandIsFull(t *testing.T) {
	s := build(t, "P1 hand 5C 6C coins 5 kingdom KH | "+market2)
	refused(t, s, Buy(0, card(t, "10H")), "your hand is full (limit 2)")
	s = play(t, s, Discard(0, card(t, "5C")))
	if !listed(s, Buy(0, card(t, "10H"))) {
		t.Error("a hand below its limit cannot buy")
	}
}

func TestRuleCoinsDoNotCountTowardTheLimit(t *testing.T) {
	s := build(t, "P1 coins 5 | "+market2)
	s = play(t, s, Buy(0, card(t, "5H")))
	wantSet(t, "P1's hand", s.Hand(0), "5H")
}

func TestRuleACardCostsWhatItsColumnSays(t *testing.T) {
	top := strings.Fields("5H 6H 7H 8H 9H 10H")
	for c := range Columns {
		s := build(t, "P1 coins 5 | "+market2)
		s = play(t, s, Buy(0, card(t, top[c])))
		if paid := 5 - s.Coins(0); paid != 5-c || paid != Price(c) {
			t.Errorf("column %d cost %d coins, want %d", c, paid, 5-c)
		}
	}
}

func TestRulePayOneCoinUnderEachCardToTheRightInTheSameRow(t *testing.T) {
	s := build(t, "P1 coins 5 | "+market2)
	s = play(t, s, Buy(0, card(t, "7H")))
	wantRows(t, s, "5H 6H - 8H+1 9H+1 10H+1", "5S 6S 7S 8S 9S 10S")
	wantLog(t, s, "P1 bought 7♥ for 3 coins")
}

func TestRuleIfAPositionIsEmptyPayUnderTheCardOfTheOtherRow(t *testing.T) {
	s := build(t, "P1 coins 5 kingdom KH | "+market2CD)
	s = play(t, s, Buy(0, card(t, "9C")))
	s = play(t, s, Buy(0, card(t, "7C")))
	// The turn is over: the top row slid, its coins with its cards.
	if _, coins := s.Market(1, 4); coins != 1 {
		t.Errorf("9♦ has %d coins under it, want 1 (the coin for the empty top position)", coins)
	}
	if c, coins := s.Market(0, 5); c != card(t, "10C") || coins != 2 {
		t.Errorf("the top far column holds %v with %d coins, want 10♣ with 2", c, coins)
	}
	if c, coins := s.Market(0, 4); c != card(t, "8C") || coins != 1 {
		t.Errorf("8♣ slid to column 4 with %d coins (%v), want 1", coins, c)
	}
}

func TestRuleIfBothAreEmptyTheCoinStaysInItsColumn(t *testing.T) {
	s := build(t, shortMarket+" | P2 hand AS 8S 9S | top - - - 8H 9H 10H | bottom - - - - - 10S")
	s = play(t, s, Buy(0, card(t, "9H")), Buy(0, card(t, "8H")))
	if s.Loose(4) != 1 {
		t.Errorf("column 4 holds %d loose coins, want 1", s.Loose(4))
	}
	wantRows(t, s, "- - - - - 10H+2", "- - - - - 10S")
}

// shortMarket places every card of a game of two but for 8♥ 9♥ 10♥ 8♠ 9♠
// 10♠, AS, and the coins: with those in the market and AS in P2's hand, the
// deck and the discard pile are empty. P1 is to act, with a hand limit of
// 3 and 3 coins; P2's hand limit is 3 too.
const shortMarket = "P1 hand 7S coins 3 kingdom 5C 6C 7C 5D 6D 7D 5H 6H 5S 6S | " +
	"P2 coins 2 kingdom KC AC 8C KD AD 8D KH AH KS"

func TestRuleTakeTheCoinsUnderTheCardYouBuy(t *testing.T) {
	s := build(t, "P1 coins 3 | P2 coins 0 | top 5H 6H 7H+2 8H 9H 10H | bottom 5S 6S 7S 8S 9S 10S")
	s = play(t, s, Buy(0, card(t, "7H")))
	if s.Coins(0) != 2 {
		t.Errorf("P1 has %d coins, want 3 - 3 + 2", s.Coins(0))
	}
	wantLog(t, s, "P1 bought 7♥ for 3 coins and took 2 coins")
}

func TestRuleYouCannotBuyACardYouPutACoinUnderThisTurn(t *testing.T) {
	s := build(t, "P1 coins 2 kingdom KH | P2 coins 3 | "+market2)
	s = play(t, s, Buy(0, card(t, "9H")))
	refused(t, s, Buy(0, card(t, "10H")), "you put a coin under 10♥ this turn")
	if !listed(s, Buy(0, card(t, "10S"))) {
		t.Error("10♠, without a coin of this turn, cannot be bought")
	}
}

func TestRuleYouCannotBuyWhatYouCannotAfford(t *testing.T) {
	s := build(t, "P1 coins 2 | P2 coins 3 | "+market2)
	refused(t, s, Buy(0, card(t, "7H")), "7♥ costs 3 coins and you have 2")
	if !listed(s, Buy(0, card(t, "8H"))) {
		t.Error("a card of price 2 cannot be bought with 2 coins")
	}
}

// errIs checks that err wraps target.
func errIs(t testing.TB, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("error %v does not wrap %v", err, target)
	}
}

func TestRuleEachSuitOfYourKingdomHoldsAtMostThreeCards(t *testing.T) {
	s := build(t, "P1 hand KC coins 2 kingdom 5C 6C 7C | P2 coins 3 | "+market2)
	refused(t, s, Play(0, card(t, "KC")), "your ♣ already holds 3 cards")
}

func TestRuleTheFirstCardOfASuitCanBeAnyCard(t *testing.T) {
	for _, c := range []string{"5C", "10C", "KC", "AC"} {
		s := build(t, "P1 hand "+c+" coins 2 kingdom 7D 8D | P2 coins 3 | "+market2)
		if !listed(s, Play(0, card(t, c))) {
			t.Errorf("%s cannot start the ♣ of a kingdom without ♣", c)
		}
	}
}

func TestRuleANumberCardMustBeOneUpOrOneDown(t *testing.T) {
	s := build(t, "P1 hand 9C coins 2 kingdom 7C | P2 coins 3 | "+market2)
	refused(t, s, Play(0, card(t, "9C")), "must be one up or one down from your ♣")
	for c, want := range map[string]bool{"6C": true, "8C": true, "5C": false, "9C": false, "10C": false, "KC": true} {
		if got := fits(set(t, "7C"), card(t, c)); got != want {
			t.Errorf("%s on 7♣ fits: %v, want %v", c, got, want)
		}
	}
}

func TestRuleTheSeedsExampleFourAndJackOfDiamonds(t *testing.T) {
	// With the 4♦ and J♦ you may add the 2♦, 3♦, 5♦, 6♦, or another ♦ noble.
	k := set(t, "4D JD")
	var got []string
	for c := range cards.OfSuit(cards.Diamonds).Minus(k).All() {
		if fits(k, c) {
			got = append(got, c.String())
		}
	}
	want := []string{"A♦", "2♦", "3♦", "5♦", "6♦", "Q♦", "K♦"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cards that fit 4♦ J♦ (-want +got):\n%s", diff)
	}
	s := build(t, "players 4 | P1 hand 7D 6D coins 2 kingdom 4D JD KH | P2 coins 8 | top 2C 3C 4C 5C 6C 7C | bottom 8C 9C 10C 2S 3S 4S")
	refused(t, s, Play(0, card(t, "7D")), "7♦ does not fit your kingdom")
	s = play(t, s, Play(0, card(t, "6D")))
	wantSet(t, "P1's kingdom", s.Kingdom(0), "4D 6D JD KH")
}

func TestRulePlacedCardsStayForTheRestOfTheGame(t *testing.T) {
	for seed := range uint64(30) {
		s := newGame(t, Options{Players: 2 + int(seed%3), Turns: 40, Seed: cards.Seed(seed), NoLog: true})
		r := cards.NewRand(seed)
		for !s.Over() {
			ms := LegalMoves(s)
			next := play(t, s, ms[r.IntN(len(ms))])
			for p := range cards.Player(s.Players()) {
				if !next.Kingdom(p).Contains(s.Kingdom(p)) {
					t.Fatalf("%v's kingdom lost %v", p, s.Kingdom(p).Minus(next.Kingdom(p)))
				}
			}
			s = next
		}
	}
}

// incomeTable is a game of two in which the market holds all 5 coins.
const incomeTable = "P1 hand 6D kingdom 5D | top 5H 6H 7H+1 8H+2 9H+2 10H | bottom 5S 6S 7S 8S 9S 10S"

func TestRuleDiamondsPayTwoCoinsForEachDiamondCountingTheNewOne(t *testing.T) {
	s := play(t, build(t, incomeTable), Play(0, card(t, "6D")))
	if s.Phase() != PhaseIncome || s.owed != 4 {
		t.Fatalf("phase %v, %d coins owed; want income of 4 for two ♦", s.Phase(), s.owed)
	}
}

func TestRuleIncomeIsTakenFromAnyPositionsOfTheMarket(t *testing.T) {
	s := play(t, build(t, incomeTable), Play(0, card(t, "6D")))
	wantMoves(t, s, "P1 take a coin from under 7♥", "P1 take a coin from under 8♥", "P1 take a coin from under 9♥")
	s = play(t, s, Take(0, card(t, "9H")), Take(0, card(t, "9H")), Take(0, card(t, "7H")))
	// The last coin lies under 8♥ alone: it is taken without a choice.
	if s.Coins(0) != 4 || s.Phase() != PhaseAction || s.Actions() != 1 {
		t.Fatalf("after income: %d coins, phase %v, %d actions", s.Coins(0), s.Phase(), s.Actions())
	}
	wantRows(t, s, "5H 6H 7H 8H+1 9H 10H", "5S 6S 7S 8S 9S 10S")
	wantLog(t, s, "P1 took a coin of income from under 9♥", "P1 took a coin of income from under 9♥",
		"P1 took a coin of income from under 7♥", "P1 took 1 coin of income: 1 from under 8♥")
}

func TestRuleIfTheMarketHoldsFewerCoinsTakeThemAll(t *testing.T) {
	s := build(t, "P1 hand 6D coins 2 kingdom 5D | top 5H 6H 7H+1 8H+2 9H 10H | bottom 5S 6S 7S 8S 9S 10S")
	s = play(t, s, Play(0, card(t, "6D")))
	if s.Coins(0) != 5 || s.Phase() != PhaseAction || s.marketCoins() != 0 {
		t.Fatalf("P1 has %d coins, phase %v, %d left in the market", s.Coins(0), s.Phase(), s.marketCoins())
	}
	wantLog(t, s, "P1 played 6♦ to their ♦ kingdom", "P1 took 3 coins of income: 1 from under 7♥, 2 from under 8♥")
}

func TestRuleThereIsNoBankIncomeOnlyComesOutOfTheMarket(t *testing.T) {
	s := build(t, "P1 hand 6D coins 2 kingdom 5D | P2 coins 3 | "+market2)
	s = play(t, s, Play(0, card(t, "6D")))
	if s.Coins(0) != 2 || s.Coins(1) != 3 {
		t.Errorf("coins %d and %d after income from an empty market", s.Coins(0), s.Coins(1))
	}
	wantLog(t, s, "P1 played 6♦ to their ♦ kingdom", "P1 took no income: the market holds no coins")
}

func TestRuleANumberCardAndANobleWorkTheSameWay(t *testing.T) {
	for _, c := range []string{"6D", "KD"} {
		s := build(t, "P1 hand "+c+" coins 2 kingdom 5D | top 5H 6H 7H+1 8H+2 9H 10H | bottom 5S 6S 7S 8S 9S 10S")
		if s = play(t, s, Play(0, card(t, c))); s.Coins(0) != 5 {
			t.Errorf("%s paid %d coins of income, want 3", c, s.Coins(0)-2)
		}
	}
}

func TestRuleHeartsRaiseYourHandLimitAndDoNothingElse(t *testing.T) {
	s := build(t, "P1 hand 5H coins 2 kingdom KS | P2 coins 3 | "+market2CD)
	before := s
	s = play(t, s, Play(0, card(t, "5H")))
	if s.HandLimit(0) != 2 || s.Coins(0) != before.Coins(0) || s.Coins(1) != before.Coins(1) || s.Phase() != PhaseAction {
		t.Errorf("after a ♥: limit %d, coins %d and %d, phase %v", s.HandLimit(0), s.Coins(0), s.Coins(1), s.Phase())
	}
	wantLog(t, s, "P1 played 5♥ to their ♥ kingdom")
}

// marketClubs is a market of a game of two without spades.
const marketClubs = "top 7C 8C 9C 10C 5D 6D | bottom 7D 8D 9D 10D 5H 6H"

// attack4 is a game of four in which P1 plays a second ♠: P2 owes 2 and
// chooses, P3 (one ♣) owes 1 and chooses, P4 (two ♣) owes nothing.
const attack4 = "players 4 | P1 hand 6S kingdom 5S | P2 hand 9H coins 3 | P3 hand 7H coins 1 kingdom 5C | " +
	"P4 coins 6 kingdom 2C 3C | top 4C 7C 8C 9C 10C JC | bottom 2D 3D 4D 5D 6D 7D"

func TestRuleSpadesAttackEveryOtherPlayerInTurnOrder(t *testing.T) {
	s := play(t, build(t, attack4), Play(0, card(t, "6S")))
	if s.Phase() != PhasePay || s.ToAct() != cards.PlayersOf(1) || s.owed != 2 {
		t.Fatalf("phase %v, %v to act, owing %d; want P2 to pay 2", s.Phase(), s.ToAct(), s.owed)
	}
	wantMoves(t, s, "P2 pay a coin", "P2 give 9♥")
	s = play(t, s, Pay(1))
	wantMoves(t, s, "P2 pay a coin", "P2 give 9♥")
	s = play(t, s, Give(1, card(t, "9H")))
	if s.ToAct() != cards.PlayersOf(2) || s.owed != 1 {
		t.Fatalf("%v to act, owing %d; want P3 to pay 1", s.ToAct(), s.owed)
	}
	s = play(t, s, Pay(2))
	if s.Phase() != PhaseAction || s.ToAct() != cards.PlayersOf(0) || s.Actions() != 1 {
		t.Fatalf("after the attack: phase %v, %v to act", s.Phase(), s.ToAct())
	}
	if diff := cmp.Diff([]int{2, 2, 0, 6}, ViewOf(s, cards.Spectator).Coins); diff != "" {
		t.Errorf("coins (-want +got):\n%s", diff)
	}
	wantSet(t, "P1's hand", s.Hand(0), "9H")
	wantLog(t, s, "P2 owed P1 2 for the ♠ attack", "P2 paid P1 a coin", "P2 gave P1 a card",
		"P3 owed P1 1 for the ♠ attack", "P3 paid P1 a coin", "P4 owed P1 nothing: 2 ♣ against 2 ♠",
		"P1 received 1 card in the attack")
	if got := lastLog(s, 1, 5)[0]; got != "P2 gave P1 9♥" {
		t.Errorf("P2 reads %q", got)
	}
	if got := lastLog(s, 0, 1)[0]; got != "P1 received 9♥ in the attack" {
		t.Errorf("P1 reads %q", got)
	}
}

func TestRuleEachPaymentIsTheirChoiceACoinOrACard(t *testing.T) {
	s := play(t, build(t, attack4), Play(0, card(t, "6S")))
	s = play(t, s, Give(1, card(t, "9H")))
	// P2 has only coins left: no choice is left either.
	if s.ToAct() != cards.PlayersOf(2) || s.Coins(1) != 2 {
		t.Fatalf("%v to act, P2 has %d coins; want P2 to have paid a coin without choosing", s.ToAct(), s.Coins(1))
	}
	refused(t, s, Give(2, card(t, "9H")), "you do not hold 9♥")
}

func TestRuleAPlayerWhoCannotPayItAllGivesEverything(t *testing.T) {
	s := build(t, "players 4 | P1 hand 6S kingdom 5S | P2 hand 9H | P3 coins 1 | P4 coins 9 kingdom 2C 3C | "+
		"top 4C 7C 8C 9C 10C JC | bottom 2D 3D 4D 5D 6D 7D")
	s = play(t, s, Play(0, card(t, "6S")))
	if s.Phase() != PhaseAction || s.Coins(0) != 1 || !s.Hand(0).Has(card(t, "9H")) {
		t.Fatalf("phase %v, P1 has %d coins and %v", s.Phase(), s.Coins(0), s.Hand(0))
	}
	wantLog(t, s, "P2 gave P1 everything they had: 1 card", "P3 gave P1 everything they had: 1 coin",
		"P4 owed P1 nothing: 2 ♣ against 2 ♠", "P1 received 1 card in the attack")
	if got := lastLog(s, 1, 4)[0]; got != "P2 gave P1 everything they had: 9♥" {
		t.Errorf("P2 reads %q", got)
	}
	if got := lastLog(s, 0, 1)[0]; got != "P1 received 9♥ in the attack" {
		t.Errorf("P1 reads %q", got)
	}
}

func TestRuleTheAttackerDiscardsFromTheCardsReceivedDownToTheLimit(t *testing.T) {
	s := build(t, "P1 hand 6S coins 5 kingdom 5S | P2 hand 9H 10H kingdom KH | "+market2CD)
	s = play(t, s, Play(0, card(t, "6S")))
	if s.Phase() != PhaseDiscard || s.Hand(0).Len() != 2 {
		t.Fatalf("phase %v, P1 holds %v; want to discard down to 1", s.Phase(), s.Hand(0))
	}
	wantMoves(t, s, "P1 discard 9♥", "P1 discard 10♥")
	s = play(t, s, Discard(0, card(t, "10H")))
	wantSet(t, "P1's hand", s.Hand(0), "9H")
	wantSet(t, "the discard pile", s.Discards(), "10H")
	if s.Phase() != PhaseAction || s.Actions() != 1 {
		t.Fatalf("phase %v, %d actions: the discard down to the limit is no action", s.Phase(), s.Actions())
	}
}

func TestRuleClubsDefend(t *testing.T) {
	s := build(t, "P1 hand 6S coins 2 kingdom 5S | P2 hand 9H coins 3 kingdom 5C | "+marketClubs)
	s = play(t, s, Play(0, card(t, "6S")))
	if s.Phase() != PhasePay || s.owed != 1 {
		t.Fatalf("phase %v, owed %d; want 2 ♠ less 1 ♣", s.Phase(), s.owed)
	}
	s = build(t, "P1 hand 6S coins 2 kingdom 5S | P2 hand 9H coins 3 kingdom 5C 6C | "+marketClubs)
	s = play(t, s, Play(0, card(t, "6S")))
	wantLog(t, s, "P1 played 6♠ to their ♠ kingdom", "P2 owed P1 nothing: 2 ♣ against 2 ♠")
}

func TestRuleTheThirdRunWinsAtOnceAndItsPowerDoesNotTakeEffect(t *testing.T) {
	s := build(t, "P1 hand 7D kingdom 5C 6C 7C 5H 6H 7H 5D 6D | P2 coins 3 | "+
		"top 8C 9C 10C KC AC KH | bottom 8H 9H 10H AH 8D+2 KD")
	s = play(t, s, Play(0, card(t, "7D")))
	if !s.Over() || s.Winner() != 0 || s.Coins(0) != 0 || s.ToAct() != 0 {
		t.Fatalf("over %v, winner %v, P1's coins %d", s.Over(), s.Winner(), s.Coins(0))
	}
	if r := s.Result(); r.Winners != cards.PlayersOf(0) || !slices.Equal(r.Scores, []int{3, 0}) {
		t.Errorf("result %+v", r)
	}
	errIs(t, func() error { _, err := Apply(s, Pass(1)); return err }(), cards.ErrGameOver)
	wantLog(t, s, "P1 played 7♦ to their ♦ kingdom, completing a run", "P1 completed their third run and won the game")
}

func TestRuleRefreshTheMarketAfterYourSecondAction(t *testing.T) {
	s := build(t, "P1 hand 5C coins 2 kingdom KH | P2 coins 3 | "+market2+" | deck AS")
	s = play(t, s, Buy(0, card(t, "8H")))
	wantRows(t, s, "5H 6H 7H - 9H+1 10H+1", "5S 6S 7S 8S 9S 10S")
	s = play(t, s, Discard(0, card(t, "5C")))
	wantRows(t, s, "AS 5H 6H 7H 9H+1 10H+1", "5S 6S 7S 8S 9S 10S")
}

func TestRuleSlideTheCardsTowardTheFarColumnEachKeepingItsCoins(t *testing.T) {
	s := build(t, "P1 hand 5C coins 2 kingdom KH | P2 coins 2 | top 5H 6H 7H+1 8H 9H 10H | bottom 5S 6S 7S 8S 9S 10S | deck AS")
	s = play(t, s, Buy(0, card(t, "8H")), Discard(0, card(t, "5C")))
	wantRows(t, s, "AS 5H 6H 7H+1 9H+1 10H+1", "5S 6S 7S 8S 9S 10S")
}

func TestRuleCoinsWithNoCardStayInTheirColumn(t *testing.T) {
	s := build(t, shortMarket+" | P2 hand AS 8S | loose 2:1 | P1 coins 2 | top - - - - 9H 10H | bottom - - - 8H 9S 10S")
	s = play(t, s, Buy(0, card(t, "10H")), Buy(0, card(t, "10S")))
	wantRows(t, s, "- - - - - 9H", "- - - - 8H 9S")
	if s.Loose(2) != 1 {
		t.Errorf("column 2 holds %d loose coins, want 1", s.Loose(2))
	}
}

func TestRuleWhenTheDeckRunsOutShuffleTheDiscardPileIntoANewOne(t *testing.T) {
	s := build(t, shortMarket+" | discard AS | top - - - 8H 9H 10H | bottom - - - 8S 9S 10S")
	s = play(t, s, Buy(0, card(t, "10H")), Buy(0, card(t, "10S")))
	wantRows(t, s, "- - - AS 8H 9H", "- - - - 8S 9S")
	wantLog(t, s, "P1 ended their turn", "the discard pile was shuffled into a new deck of 1 card",
		"the market was refilled with A♠", "the market stays 7 cards short: the deck and the discard pile are empty")
}

func TestRuleIfBothAreEmptyTheMarketStaysShort(t *testing.T) {
	s := build(t, shortMarket+" | P2 hand AS | top - - - 8H 9H 10H | bottom - - - 8S 9S 10S")
	if s.DeckSize() != 0 || !s.Discards().Empty() {
		t.Fatalf("deck %d, discards %v", s.DeckSize(), s.Discards())
	}
	s = play(t, s, Buy(0, card(t, "10H")), Buy(0, card(t, "10S")))
	wantRows(t, s, "- - - - 8H 9H", "- - - - 8S 9S")
	wantLog(t, s, "P1 ended their turn", "the market stays 8 cards short: the deck and the discard pile are empty")
}

// stuck is a market in which a player without coins can buy nothing.
const stuck = "top 5H 6H 7H 8H 9H - | bottom 5S 6S 7S 8S 9S - | deck 10S"

func TestRuleAPlayerWhoCannotActPassesTheWholeTurn(t *testing.T) {
	s := build(t, "P2 hand 10H coins 5 | "+stuck)
	wantMoves(t, s, "P1 pass")
	if v := ViewOf(s, 0); v.Decision != "P1: you can take no action; pass" {
		t.Errorf("decision %q", v.Decision)
	}
	s = play(t, s, Pass(0))
	if s.Turn() != 1 || s.turns != 1 || s.Actions() != 0 {
		t.Fatalf("after a pass: turn of %v, %d turns played", s.Turn(), s.turns)
	}
	if c, _ := s.Market(0, 0); c != card(t, "10S") {
		t.Errorf("the market was not refreshed: the top row begins with %v", c)
	}
	wantLog(t, s, "P1 passed: they could take no action", "P1 ended their turn",
		"the discard pile was shuffled into a new deck of 15 cards", "the market was refilled with A♥ 10♠")
}

func TestRuleAPlayerWhoCannotTakeTheirSecondActionPasses(t *testing.T) {
	s := build(t, "P1 hand 5C | P2 hand 10H coins 5 | "+stuck)
	s = play(t, s, Discard(0, card(t, "5C")))
	wantMoves(t, s, "P1 pass")
	if s = play(t, s, Pass(0)); s.Turn() != 1 {
		t.Fatalf("the pass did not end the turn")
	}
}

// lastTurn is P2's last action of the last turn of a game of two: the
// game is called when it is done.
const lastTurn = "P2 hand 10S | turn P2 actions 1 round 40 | top 5C 6C 7C 8C KC AC | bottom 5D 6D 7D 8D KD AD"

func TestRuleTheGameIsCalledAfterFortyTurnsEach(t *testing.T) {
	s := build(t, "P1 coins 2 kingdom 5H 6H 7H | P2 coins 3 kingdom 5S 6S 8H 9H | "+lastTurn)
	if s.Round() != DefaultTurns || s.Over() {
		t.Fatalf("round %d, over %v", s.Round(), s.Over())
	}
	s = play(t, s, Discard(1, card(t, "10S")))
	if !s.Over() || !s.Called() || s.Winner() != cards.Spectator || s.Drawn() {
		t.Fatalf("over %v, called %v, winner %v, drawn %v", s.Over(), s.Called(), s.Winner(), s.Drawn())
	}
	if r := s.Result(); r.Winners != cards.PlayersOf(0) {
		t.Errorf("winners %v: the most runs wins", r.Winners)
	}
	wantLog(t, s, "the game was called after 40 turns each: P1 won with 1 run, 3 kingdom cards and 2 coins")
}

func TestRuleACalledGameIsWonByTheMostRunsThenCardsThenCoins(t *testing.T) {
	for _, c := range []struct {
		p1, p2, market string
		winners        cards.PlayerSet
	}{
		{"coins 2 kingdom 5H 6H 7H", "coins 3 kingdom 5S 6S 8H 9H", lastTurn, cards.PlayersOf(0)}, // runs
		{"coins 3 kingdom 5H 6H 7H", "coins 2 kingdom 5S 6S 7S 8H", lastTurn, cards.PlayersOf(1)}, // kingdom cards
		{"coins 3 kingdom 5H 6H 7H", "coins 2 kingdom 5S 6S 7S", lastTurn, cards.PlayersOf(0)},    // coins
		{"coins 2 kingdom 5H 6H 7H", "coins 2 kingdom 5S 6S 7S", strings.Replace(lastTurn, "AC", "AC+1", 1), cards.PlayersOf(0, 1)},
	} {
		desc := "P1 " + c.p1 + " | P2 " + c.p2 + " | " + c.market
		s := play(t, build(t, desc), Discard(1, card(t, "10S")))
		if got := s.Result().Winners; got != c.winners {
			t.Errorf("%s: winners %v, want %v", desc, got, c.winners)
		}
		if s.Drawn() != (c.winners.Len() > 1) {
			t.Errorf("%s: drawn %v", desc, s.Drawn())
		}
	}
}

func TestRuleATieAfterThatIsADraw(t *testing.T) {
	s := build(t, "players 3 | P1 coins 2 kingdom 5H 6H 7H | P2 hand 10S coins 2 kingdom 5S 6S 7S | P3 coins 3 kingdom 5D 6D 7D | "+
		"turn P3 actions 1 round 40 | P3 hand 3C | top 4C 5C 6C 7C 8C 9C | bottom 10C+1 8D 9D 10D QC QD")
	s = play(t, s, Discard(2, card(t, "3C")))
	if r := s.Result(); r.Winners != cards.PlayersOf(2) || s.Drawn() {
		t.Fatalf("winners %v, drawn %v: P3 has the most coins", r.Winners, s.Drawn())
	}
	s = build(t, "players 3 | P1 coins 3 kingdom 5H 6H 7H | P2 hand 10S coins 3 kingdom 5S 6S 7S | P3 coins 2 kingdom 5D 6D 7D | "+
		"turn P3 actions 1 round 40 | P3 hand 3C | top 4C 5C 6C 7C 8C 9C | bottom 10C 8D 9D 10D QC QD")
	s = play(t, s, Discard(2, card(t, "3C")))
	if r := s.Result(); r.Winners != cards.PlayersOf(0, 1) || !s.Drawn() {
		t.Fatalf("winners %v, drawn %v: P1 and P2 share a draw and P3 lost", r.Winners, s.Drawn())
	}
	wantLog(t, s, "the game was called after 40 turns each: P1 and P2 drew with 1 run, 3 kingdom cards and 3 coins each")
	if v := ViewOf(s, 2); !v.Drawn || !strings.Contains(v.Decision, "P1 and P2 drew") {
		t.Errorf("the view says drawn %v, %q", v.Drawn, v.Decision)
	}
}
