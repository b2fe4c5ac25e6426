package terminal

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// A menu is the legal moves of the player at the terminal, as they are
// listed and numbered from 1. The player answers with a number or with a
// move written as text; the menu knows nothing of any game's rules, only
// the texts of the moves the view lists.
type menu []choice

// A choice is one legal move.
type choice struct {
	move   json.RawMessage // as the view lists it
	text   string          // as the game writes it: "play 7♦ 7♣"
	tokens []token         // the words of text
}

// A token is one word of a move's text or of an answer.
type token struct {
	word  string     // in lower case
	card  cards.Card // the card the word names, or NoCard
	rank  cards.Rank // the rank the word names, or NoRank (answers only)
	whole bool       // a word that matches only whole: a card, a number, a symbol
	exact bool       // a card that only its own code names, not its twin's
}

// maxAnswerWords bounds the words of an answer that the menu matches.
const maxAnswerWords = 16

// newMenu lists moves (as the game's view lists them) as choices. When the
// game gives a rank order, the moves are sorted by the cards they name
// (see sortByCards); otherwise they keep the game's order.
//
// The games list equivalent moves once, so moves that read alike are
// different choices all the same (the 3♣ of the first deck or its twin,
// which decides who leads): such moves are told apart by the codes of the
// cards they name, "give 3♣ 7♦ (3C' 7D)", which the player may type too.
func newMenu(g anygame.Game, moves []json.RawMessage) (menu, error) {
	m := make(menu, 0, len(moves))
	count := make(map[string]int, len(moves))
	for _, mv := range moves {
		info, err := g.Move(mv)
		if err != nil {
			return nil, err
		}
		count[info.Text]++
		m = append(m, choice{move: mv, text: info.Text})
	}
	for i, c := range m {
		m[i].tokens = moveTokens(c.text)
		if count[c.text] > 1 {
			codes := cardCodes(c.move)
			m[i].text += " (" + strings.Join(codes, " ") + ")"
			m[i].tokens = exactly(m[i].tokens, codes)
		}
	}
	m.sortByCards(g.Info().RankOrder)
	return m, nil
}

// exactly returns the tokens of a move that reads like another with its
// cards named by their codes, which tell twins of two decks apart, in
// place of the cards as printed.
func exactly(ts []token, codes []string) []token {
	ts = slices.DeleteFunc(ts, func(t token) bool { return t.card != cards.NoCard })
	for _, code := range codes {
		c, _ := cards.ParseCard(code)
		ts = append(ts, token{word: strings.ToLower(code), card: c, whole: true, exact: true})
	}
	return ts
}

// cardCodes returns the card codes a move's JSON names: every string in it
// that is a card's code, the members of an object in the order of their
// names, an array's elements in order. It reads no member by name, so
// that a game's moves need not name their cards in any one way.
func cardCodes(move json.RawMessage) []string {
	var v any
	if json.Unmarshal(move, &v) != nil {
		return nil
	}
	var codes []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if c, err := cards.ParseCard(v); err == nil && c.Code() == v {
				codes = append(codes, v)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k])
			}
		}
	}
	walk(v)
	return codes
}

// sortByCards sorts the menu by the cards each move names, in order: moves
// of one kind (the first word of their text) stay together, in the order
// the kinds first appear; within a kind, moves naming fewer cards come
// first, then moves by their cards' ranks from low to high as order ranks
// them (jokers above all), the lowest card first. Moves alike by that
// measure keep the game's order. An empty order leaves the menu as it is.
func (m menu) sortByCards(order []cards.Rank) {
	if len(order) == 0 {
		return
	}
	var place [cards.King + 1]int
	for i, r := range order {
		if r >= cards.Ace && r <= cards.King {
			place[r] = i
		}
	}
	type keyed struct {
		choice
		kind  int
		ranks []int
	}
	kinds := map[string]int{}
	ks := make([]keyed, len(m))
	for i, c := range m {
		kind, ok := kinds[firstWord(c.text)]
		if !ok {
			kind = len(kinds)
			kinds[firstWord(c.text)] = kind
		}
		ks[i] = keyed{choice: c, kind: kind}
		for _, t := range c.tokens {
			switch {
			case t.card.IsJoker():
				ks[i].ranks = append(ks[i].ranks, len(order))
			case t.card != cards.NoCard:
				ks[i].ranks = append(ks[i].ranks, place[t.card.Rank()])
			}
		}
		slices.Sort(ks[i].ranks)
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(len(a.ranks), len(b.ranks)), slices.Compare(a.ranks, b.ranks))
	})
	for i, k := range ks {
		m[i] = k.choice
	}
}

// kinds returns the kinds of the menu's moves: the first words of their
// texts ("play", "pass").
func (m menu) kinds() map[string]bool {
	ks := make(map[string]bool, 4)
	for _, c := range m {
		ks[firstWord(c.text)] = true
	}
	return ks
}

// firstWord returns the first word of a text.
func firstWord(text string) string {
	word, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	return word
}

// words splits a text into words at spaces, commas and parentheses.
func words(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == ';' || r == '(' || r == ')'
	})
}

// moveTokens reads the words of a move's text. A word is a card only as
// the game prints one ("7♦", "🃏"), so that a word such as "as" stays a
// word.
func moveTokens(text string) []token {
	var ts []token
	for _, w := range words(text) {
		t := token{word: strings.ToLower(w), whole: !allLetters(w)}
		if c, err := cards.ParseCard(w); err == nil && c.String() == w {
			t.card = c
		}
		ts = append(ts, t)
	}
	return ts
}

// answerTokens reads the words of an answer. A word may name a card by
// its code or as printed, in any case ("7d", "7D", "7♦", "x1", "x",
// "joker"), or a rank ("7", "k"), and is a word all the same.
func answerTokens(text string) []token {
	var ts []token
	for _, w := range words(text) {
		t := token{word: strings.ToLower(w)}
		if c, err := cards.ParseCard(w); err == nil {
			t.card = c
		}
		if t.word == "x" {
			t.card = cards.Joker1 // a joker, as people write one
		}
		if r, err := cards.ParseRank(w); err == nil {
			t.rank = r
		}
		ts = append(ts, t)
	}
	return ts
}

func allLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// same reports whether answer word a is move word b: the same card (twins
// of two decks and the two jokers print alike, and are alike here, but
// where the menu names cards by their codes), or else the same word.
func same(a, b token) bool {
	switch {
	case b.exact:
		return a.card == b.card
	case b.card != cards.NoCard:
		return a.card != cards.NoCard && a.card.String() == b.card.String()
	}
	return a.word == b.word
}

// near reports whether answer word a may stand for move word b: the same,
// the start of a word that is not whole ("pa" for "pass"), or a rank for a
// card of that rank ("7" for "7♦").
func near(a, b token) bool {
	switch {
	case same(a, b):
		return true
	case b.card != cards.NoCard:
		return a.rank != cards.NoRank && !b.card.IsJoker() && a.rank == b.card.Rank()
	}
	return !b.whole && a.word != "" && strings.HasPrefix(b.word, a.word)
}

// match returns the indexes of the choices an answer may mean: one when
// it is clear, several when it is ambiguous, none when no move reads so.
// It tries, in turn, and stops at the first that finds any move:
//   - the move's words in order ("play 7♦ 7♣", "Play 7D 7C");
//   - the move's words in any order ("play 7c 7d");
//   - some of the move's words, or their starts, naming all its cards,
//     numbers and symbols, of which it has some ("7d 7c", "pl 7d 7c",
//     "7 7" for a pair of 7s);
//   - some of the move's words, or their starts ("pa" for "pass", "end"
//     for "end turn", "claim" when there is a single claim).
func (m menu) match(answer string) []int {
	in := answerTokens(answer)
	if len(in) == 0 || len(in) > maxAnswerWords {
		return nil
	}
	ways := []func(in, mv []token) bool{
		func(in, mv []token) bool { return slices.EqualFunc(in, mv, same) },
		func(in, mv []token) bool { return len(in) == len(mv) && assign(in, mv, same, false) },
		func(in, mv []token) bool { return assign(in, mv, near, true) },
		func(in, mv []token) bool { return assign(in, mv, near, false) },
	}
	for _, fits := range ways {
		var found []int
		for i, c := range m {
			if fits(in, c.tokens) {
				found = append(found, i)
			}
		}
		if len(found) > 0 {
			return found
		}
	}
	return nil
}

// assign reports whether each answer word can stand for its own word of
// the move, no two for the same; with whole, the move must have whole
// words (cards, numbers, symbols), and every one must be stood for.
func assign(in, mv []token, fits func(a, b token) bool, whole bool) bool {
	if len(in) > len(mv) || whole && !slices.ContainsFunc(mv, func(t token) bool { return t.whole }) {
		return false
	}
	used := make([]bool, len(mv))
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(in) {
			for j, t := range mv {
				if whole && t.whole && !used[j] {
					return false
				}
			}
			return true
		}
		for j, t := range mv {
			if !used[j] && fits(in[i], t) {
				used[j] = true
				if try(i + 1) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	return try(0)
}
