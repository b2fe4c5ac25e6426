package terminal

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/catalog"
)

// menuOf returns a menu of moves with the given texts.
func menuOf(texts ...string) menu {
	m := make(menu, len(texts))
	for i, text := range texts {
		m[i] = choice{text: text, tokens: moveTokens(text)}
	}
	return m
}

func (m menu) texts(indexes []int) []string {
	texts := []string{}
	for _, i := range indexes {
		texts = append(texts, m[i].text)
	}
	return texts
}

func TestMatchFindsAMoveFromItsText(t *testing.T) {
	climbing := menuOf("pass", "play 7♦", "play 7♦ 7♣", "play 7♦ 7♣ 7♥", "play 9♠ 🃏", "play 🃏 as K", "play 🃏 as A", "play K♣", "play 10♠")
	kingdoms := menuOf("choose 4 8", "choose 4 $", "choose 8 $", "claim Kingdom 4", "end turn")
	market := menuOf("buy 7♦", "play 7♦", "take a coin from under 7♦", "pass")
	for _, tc := range []struct {
		menu   menu
		answer string
		want   []string
	}{
		// The move's own text, in any case.
		{climbing, "play 7♦ 7♣", []string{"play 7♦ 7♣"}},
		{climbing, "PLAY 7♦ 7♣", []string{"play 7♦ 7♣"}},
		// Card codes in any case and order, with or without the verb.
		{climbing, "play 7d 7c", []string{"play 7♦ 7♣"}},
		{climbing, "play 7C 7D", []string{"play 7♦ 7♣"}},
		{climbing, "7d 7c", []string{"play 7♦ 7♣"}},
		{climbing, "7c, 7d", []string{"play 7♦ 7♣"}},
		{climbing, "7c 7h 7d", []string{"play 7♦ 7♣ 7♥"}},
		{climbing, "7d", []string{"play 7♦"}},
		{climbing, "ts", []string{"play 10♠"}},
		{climbing, "10s", []string{"play 10♠"}},
		// The jokers print alike and are typed any way ParseCard reads.
		{climbing, "9s x2", []string{"play 9♠ 🃏"}},
		{climbing, "joker 9s", []string{"play 9♠ 🃏"}},
		{climbing, "play x1 as k", []string{"play 🃏 as K"}},
		{climbing, "🃏 as a", []string{"play 🃏 as A"}},
		{climbing, "x as k", []string{"play 🃏 as K"}}, // "x" for a joker
		// Unambiguous starts of words.
		{climbing, "pass", []string{"pass"}},
		{climbing, "pa", []string{"pass"}},
		{kingdoms, "end", []string{"end turn"}},
		{kingdoms, "e", []string{"end turn"}},
		{kingdoms, "claim", []string{"claim Kingdom 4"}},
		{kingdoms, "cl k 4", []string{"claim Kingdom 4"}},
		{kingdoms, "choose 8 4", []string{"choose 4 8"}},
		{kingdoms, "ch 8 $", []string{"choose 8 $"}},
		{kingdoms, "4 8", []string{"choose 4 8"}},
		// A rank stands for a card of that rank.
		{climbing, "7 7", []string{"play 7♦ 7♣"}},
		{climbing, "k", []string{"play K♣"}},
		{climbing, "7", []string{"play 7♦"}}, // the whole of a single, part of a pair
		{menuOf("play 7♦", "play 7♣", "play 7♦ 7♣"), "7", []string{"play 7♦", "play 7♣"}},
		// Ambiguous answers give every move they could be.
		{climbing, "play", []string{"play 7♦", "play 7♦ 7♣", "play 7♦ 7♣ 7♥", "play 9♠ 🃏", "play 🃏 as K", "play 🃏 as A", "play K♣", "play 10♠"}},
		{climbing, "joker", []string{"play 🃏 as K", "play 🃏 as A"}},
		{kingdoms, "choose 4", []string{"choose 4 8", "choose 4 $"}},
		{kingdoms, "$", []string{"choose 4 $", "choose 8 $"}},
		{market, "7d", []string{"buy 7♦", "play 7♦", "take a coin from under 7♦"}},
		{market, "take", []string{"take a coin from under 7♦"}},
		{market, "p", []string{"play 7♦", "pass"}},
		// Unknown answers match nothing.
		{climbing, "play 8d", []string{}},
		{climbing, "play 7d 7c 7h 7s", []string{}},
		{climbing, "xyzzy", []string{}},
		{climbing, "as", []string{"play 🃏 as K", "play 🃏 as A"}}, // a word, though AS is also A♠'s code
		{kingdoms, "claim 5", []string{}},
		{kingdoms, "  ", []string{}},
	} {
		got := tc.menu.texts(tc.menu.match(tc.answer))
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.answer, diff)
		}
	}
}

func TestMatchTakesTheExactTextOverLooserReadings(t *testing.T) {
	// "play 7♦" is also the start of "play 7♦ 7♣", and "pass" of
	// "passage": the move that reads exactly so is the one meant.
	m := menuOf("play 7♦ 7♣", "play 7♦", "passage", "pass")
	for answer, want := range map[string]string{"play 7d": "play 7♦", "pass": "pass", "7d 7c": "play 7♦ 7♣"} {
		if got := m.texts(m.match(answer)); !slices.Equal(got, []string{want}) {
			t.Errorf("%q matches %q, want %q", answer, got, want)
		}
	}
}

func TestMatchRefusesLongAnswers(t *testing.T) {
	m := menuOf("pass")
	long := ""
	for range maxAnswerWords + 1 {
		long += "pass "
	}
	if got := m.match(long); len(got) != 0 {
		t.Errorf("an answer of %d words matches %v", maxAnswerWords+1, got)
	}
}

var climbingOrder = []cards.Rank{cards.Three, cards.Four, cards.Five, cards.Six, cards.Seven, cards.Eight, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace, cards.Two}

func TestSortByCardsSortsAMenuByRank(t *testing.T) {
	// The choices of two cards to give, in the order of a card set (by
	// suit), come out by rank in the game's order: 3 lowest, 2 highest,
	// jokers above.
	m := menuOf("give 3♣ 🃏", "give 3♣ 2♦", "give 3♣ 4♥", "give 2♦ A♥", "give 4♥ 🃏", "give 4♥ 2♦", "give 3♣ A♥", "give 4♥ A♥", "give 2♦ 🃏", "give A♥ 🃏")
	m.sortByCards(climbingOrder)
	want := []string{"give 3♣ 4♥", "give 3♣ A♥", "give 3♣ 2♦", "give 3♣ 🃏", "give 4♥ A♥", "give 4♥ 2♦", "give 4♥ 🃏", "give 2♦ A♥", "give A♥ 🃏", "give 2♦ 🃏"}
	if diff := cmp.Diff(want, m.texts(indexes(m))); diff != "" {
		t.Errorf("sorted menu (-want +got):\n%s", diff)
	}
}

func TestSortByCardsKeepsKindsAndTheGamesOrderOfEqualMoves(t *testing.T) {
	// Kinds of moves stay in the order they first appear; within a kind,
	// fewer cards first; moves of the same ranks keep the game's order.
	m := menuOf("pass", "play 2♦", "play Q♠ Q♥", "play Q♥", "play Q♠", "play 🃏 as 10", "play 🃏 as J", "play 4♥")
	m.sortByCards(climbingOrder)
	want := []string{"pass", "play 4♥", "play Q♥", "play Q♠", "play 2♦", "play 🃏 as 10", "play 🃏 as J", "play Q♠ Q♥"}
	if diff := cmp.Diff(want, m.texts(indexes(m))); diff != "" {
		t.Errorf("sorted menu (-want +got):\n%s", diff)
	}
}

func TestSortByCardsKeepsTheGamesOrderWithoutARankOrder(t *testing.T) {
	texts := []string{"give 3♣ 🃏", "give 3♣ 2♦", "give 3♣ 4♥", "choose 8 4"}
	m := menuOf(texts...)
	m.sortByCards(nil)
	if diff := cmp.Diff(texts, m.texts(indexes(m))); diff != "" {
		t.Errorf("menu (-want +got):\n%s", diff)
	}
}

func indexes(m menu) []int {
	var is []int
	for i := range m {
		is = append(is, i)
	}
	return is
}

// TestNewMenuTellsApartMovesThatReadAlike: with two decks, the King may
// give the 3♣ of either deck — alike in print, not in the game, for the
// first deck's 3♣ leads — so both are listed, told apart by their codes,
// and either may be typed.
func TestNewMenuTellsApartMovesThatReadAlike(t *testing.T) {
	g, err := catalog.Lookup("bastards")
	if err != nil {
		t.Fatal(err)
	}
	moves := []json.RawMessage{
		json.RawMessage(`{"player":0,"kind":"give","cards":["3C","7D"]}`),
		json.RawMessage(`{"player":0,"kind":"give","cards":["3C'","7D"]}`),
		json.RawMessage(`{"player":0,"kind":"give","cards":["7D","9S"]}`),
	}
	m, err := newMenu(g, moves)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"give 3♣ 7♦ (3C 7D)", "give 3♣ 7♦ (3C' 7D)", "give 7♦ 9♠"}
	if diff := cmp.Diff(want, m.texts([]int{0, 1, 2})); diff != "" {
		t.Fatalf("menu (-want +got):\n%s", diff)
	}
	for answer, want := range map[string][]string{
		"3c' 7d": {"give 3♣ 7♦ (3C' 7D)"},
		"3C 7D":  {"give 3♣ 7♦ (3C 7D)"},
		"3♣ 7♦":  {"give 3♣ 7♦ (3C 7D)"}, // as printed: the first deck's
		"9s":     {"give 7♦ 9♠"},
	} {
		if got := m.texts(m.match(answer)); !slices.Equal(got, want) {
			t.Errorf("match(%q) = %q, want %q", answer, got, want)
		}
	}
}

// TestCardCodesReadsEveryMember: the codes that tell alike moves apart
// come from whatever members name cards, and nothing else that is a
// string: not a rank, a word, or the move's text.
func TestCardCodesReadsEveryMember(t *testing.T) {
	move := json.RawMessage(`{"player":0,"kind":"swap","second":"3C'","from":"hand","card":"7D","as":"7","pair":["X2","QS"],"text":"swap 7♦ 3♣"}`)
	want := []string{"7D", "X2", "QS", "3C'"}
	if got := cardCodes(move); !slices.Equal(got, want) {
		t.Errorf("cardCodes = %q, want %q", got, want)
	}
}
