package terminal

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
)

// examples are the words the hints quote, taken from the game at hand, so
// that a hint never names a term or a move of another game.
type examples struct {
	term   string // a term of the game's glossary: "decree"; "" if none
	move   string // the text of a move now: "pass", "play 4♣"
	played string // a move that names cards, by its text: "play 4♣"
	typed  string // its cards as a player types them: "4c", "4 6"
	card   string // one card (or number, or symbol) as typed: "4c", "4"
}

// examplesOf returns the examples of a menu of the game of info: the
// glossary's first term, the shortest move, and the shortest move that
// names cards (or numbers, or symbols) with its cards as typed, by their
// codes in lower case.
func examplesOf(info cards.GameInfo, m menu) examples {
	var ex examples
	if len(info.Glossary) > 0 {
		ex.term = info.Glossary[0].Term
	}
	shortest := func(a, b choice) int { return cmp.Compare(textWidth(a.text), textWidth(b.text)) }
	if len(m) > 0 {
		ex.move = slices.MinFunc(m, shortest).text
	}
	named := slices.DeleteFunc(slices.Clone(m), func(c choice) bool { return len(typedCards(c)) == 0 })
	if len(named) > 0 {
		c := slices.MinFunc(named, shortest)
		ex.played, ex.typed, ex.card = c.text, strings.Join(typedCards(c), " "), typedCards(c)[0]
	}
	return ex
}

// typedCards returns the cards a move names, as a player types them: a
// card by its code in lower case, a number or a symbol as it is.
func typedCards(c choice) []string {
	var ts []string
	for _, tok := range c.tokens {
		switch {
		case tok.card != cards.NoCard:
			ts = append(ts, strings.ToLower(tok.card.Code()))
		case tok.whole:
			ts = append(ts, tok.word)
		}
	}
	return ts
}

// quoted returns the examples of a command, each quoted after it:
// `("why 4c", "why pass")`; "" when there are none.
func quoted(command string, words ...string) string {
	var qs []string
	for _, w := range words {
		if w != "" {
			qs = append(qs, fmt.Sprintf("%q", command+" "+w))
		}
	}
	if len(qs) == 0 {
		return ""
	}
	return " (" + strings.Join(qs, ", ") + ")"
}

// commandsHelp lists what a player may ask at their turn, besides a move,
// with examples of the game at hand.
func commandsHelp(ex examples) string {
	return "  rules        the game's How to play\n" +
		"  rules TERM   what a term of the game means" + quoted("rules", ex.term) + "; ? TERM too\n" +
		"  ?            the legend (what the cards or powers do) and your moves again\n" +
		"  why CARD     why a card is not offered now, or which moves use it" + quoted("why", ex.card) + "\n" +
		"  why MOVE     why a move is not offered now" + quoted("why", ex.move) + "\n" +
		"  help         these commands\n" +
		"  q            quit, saving the game's record to a file -resume plays on from\n"
}

// answerHint tells, once, how to answer, with examples of the moves now.
func answerHint(ex examples) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Answer with a move's number or its text (%q", ex.move)
	if ex.typed != "" && ex.played != ex.move {
		fmt.Fprintf(&b, ", %q", ex.played)
	}
	if ex.typed != "" {
		fmt.Fprintf(&b, ", or its cards alone: %q", ex.typed)
	}
	b.WriteString(", or the start of a move). rules tells the rules, ")
	if ex.card != "" {
		fmt.Fprintf(&b, "why %s why a card or a move is not offered", ex.card)
	} else {
		b.WriteString("why MOVE why a move is not offered")
	}
	b.WriteString(", ? the legend and your moves again, help every command; q quits.")
	return b.String()
}
