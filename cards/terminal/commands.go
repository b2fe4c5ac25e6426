package terminal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// maxGrouped is the most moves a line of refusals names.
const maxGrouped = 3

// command carries out answer if it is a command rather than a move, and
// reports whether it was one, and whether the player quit.
func (t *table) command(answer string, me cards.Player, m menu, in *bufio.Scanner) (done, quit bool, err error) {
	word, arg, _ := strings.Cut(answer, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToLower(word) {
	case "q", "quit":
		if arg != "" {
			return false, false, nil
		}
		quit, err := t.quit(in)
		return true, quit, err
	case "?":
		if arg != "" {
			t.explainTerm(arg)
			return true, false, nil
		}
		t.printLegend()
		t.printMenu(m)
	case "help":
		fmt.Fprintf(t.out, "Besides a move, you may ask:\n%s", commandsHelp(examplesOf(t.game.Info(), m)))
	case "rules":
		if arg != "" {
			t.explainTerm(arg)
			return true, false, nil
		}
		printHowToPlay(t.out, t.game.Info(), t.cfg.width)
		terms := make([]string, 0, len(t.game.Info().Glossary))
		for _, term := range t.game.Info().Glossary {
			terms = append(terms, term.Term)
		}
		fmt.Fprintf(t.out, "\nThe terms rules TERM explains: %s.\n", strings.Join(terms, ", "))
	case "why":
		return true, false, t.why(me, m, arg)
	default:
		return false, false, nil
	}
	return true, false, nil
}

// printHowToPlay prints info's How to play, its paragraphs wrapped at
// width.
func printHowToPlay(w io.Writer, info cards.GameInfo, width int) {
	fmt.Fprintf(w, "How to play %s\n", info.Title)
	for _, s := range info.HowToPlay {
		fmt.Fprintf(w, "\n%s\n", strings.ToUpper(s.Title))
		for i, p := range s.Paragraphs {
			if i > 0 {
				fmt.Fprintln(w)
			}
			printLines(w, wrapText(p, width, 0, 0))
		}
	}
}

// printGlossary prints every term and its meaning, under a title.
func printGlossary(w io.Writer, terms []cards.Term, width int) {
	fmt.Fprintln(w, "TERMS")
	printTerms(w, terms, width)
}

// printLines prints lines, each ended.
func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// explainTerm prints what the glossary says of the term name names, or
// which terms there are.
func (t *table) explainTerm(name string) {
	info := t.game.Info()
	found := info.LookupTerm(name)
	if len(found) == 0 {
		terms := make([]string, 0, len(info.Glossary))
		for _, term := range info.Glossary {
			terms = append(terms, term.Term)
		}
		fmt.Fprintf(t.out, "%s has no term %q. Its terms: %s.\n", info.Title, name, strings.Join(terms, ", "))
		return
	}
	printTerms(t.out, found, t.cfg.width)
}

// printTerms prints terms and their meanings, a paragraph each.
func printTerms(w io.Writer, terms []cards.Term, width int) {
	for _, term := range terms {
		printLines(w, wrapText(term.Term+": "+term.Meaning, width, 0, 2))
	}
}

// printLegend prints the game's legend, its terms in a column.
func (t *table) printLegend() {
	legend := t.game.Info().Legend
	if len(legend) == 0 {
		return
	}
	column := 0
	for _, l := range legend {
		column = max(column, textWidth(l.Term))
	}
	fmt.Fprintln(t.out, "Legend:")
	for _, l := range legend {
		fmt.Fprintf(t.out, "  %s  %s\n", pad(l.Term, column), l.Meaning)
	}
}

// why tells why no move, or which, uses the card arg names, or why the
// moves arg reads as are not offered: from the moves the player might
// try now and the rules' refusals of them (anygame's Tries).
func (t *table) why(me cards.Player, m menu, arg string) error {
	if arg == "" {
		ex := examplesOf(t.game.Info(), m)
		fmt.Fprintf(t.out, "why needs a card or a move%s.\n", strings.TrimSuffix(strings.Replace(quoted("why", ex.card, ex.move), " (", ": ", 1), ")"))
		return nil
	}
	view, err := t.game.View(t.state, me)
	if err != nil {
		return err
	}
	tries, err := t.game.Tries(view)
	if err != nil {
		return err
	}
	held := handOf(view)
	if c, ok := oneCard(arg); ok {
		t.whyThing(c.String(), func(try anygame.Try) bool { return names(try.Move, c) }, held.hasCard(c), held.known, tries, m)
		return nil
	}
	if w, ok := oneToken(arg); ok {
		t.whyThing(w, func(try anygame.Try) bool { return slices.Contains(words(strings.ToLower(try.Text)), w) }, held.has(w), held.known, tries, m)
		return nil
	}
	_, err = t.whyMove(arg, tries, m, true)
	return err
}

// tries returns the moves p might try now, with the refusals of those the
// rules refuse (anygame's Tries of p's view).
func (t *table) tries(p cards.Player) ([]anygame.Try, error) {
	view, err := t.game.View(t.state, p)
	if err != nil {
		return nil, err
	}
	return t.game.Tries(view)
}

// oneCard returns the card arg names, if it is one word that names one.
func oneCard(arg string) (cards.Card, bool) {
	ts := answerTokens(arg)
	if len(ts) != 1 || ts[0].card == cards.NoCard {
		return cards.NoCard, false
	}
	return ts[0].card, true
}

// oneToken returns arg in lower case if it is one word that is not all
// letters: a number or a symbol that stands for a card of a game whose
// cards are no cards of the standard deck (Nine Kingdoms' 4, its $).
func oneToken(arg string) (string, bool) {
	ws := words(strings.ToLower(arg))
	if len(ws) != 1 || allLetters(ws[0]) {
		return "", false
	}
	return ws[0], true
}

// A hand is what the player's view says they hold, read from its "hand"
// member, an array of the codes of cards (or of numbers and symbols), as
// every game of this module names it.
type hand struct {
	known bool     // the view has a hand
	codes []string // its codes, in lower case
}

// handOf reads the hand of a view, if it has one.
func handOf(view []byte) hand {
	var v struct {
		Hand *[]string `json:"hand"`
	}
	if json.Unmarshal(view, &v) != nil || v.Hand == nil {
		return hand{}
	}
	h := hand{known: true}
	for _, code := range *v.Hand {
		h.codes = append(h.codes, strings.ToLower(code))
	}
	return h
}

// has reports whether the hand holds a card of code w.
func (h hand) has(w string) bool { return slices.Contains(h.codes, w) }

// hasCard reports whether the hand holds c, or its twin.
func (h hand) hasCard(c cards.Card) bool {
	for _, code := range h.codes {
		if d, err := cards.ParseCard(code); err == nil && d.String() == c.String() {
			return true
		}
	}
	return false
}

// missing returns a card an answer names that the hand does not hold, if
// the hand is known.
func (h hand) missing(answer string) (cards.Card, bool) {
	for _, tok := range answerTokens(answer) {
		if h.known && tok.card != cards.NoCard && tok.word != "x" && !h.hasCard(tok.card) {
			return tok.card, true
		}
	}
	return cards.NoCard, false
}

// whyThing tells which of the player's moves use a card (named what,
// "7♦" or "4"), or why none is offered: the moves that name it, those of
// the decision at hand first. A card the player does not hold, which no
// move of the decision at hand names, is said to be not held (held and
// known: what the view's hand tells).
func (t *table) whyThing(what string, named func(anygame.Try) bool, held, known bool, tries []anygame.Try, m menu) {
	var offered, now, other []anygame.Try
	kinds := m.kinds()
	for _, try := range tries {
		switch {
		case !named(try):
		case try.Legal:
			offered = append(offered, try)
		case kinds[firstWord(try.Text)]:
			now = append(now, try)
		default:
			other = append(other, try)
		}
	}
	switch {
	case len(offered) > 0:
		fmt.Fprintf(t.out, "%s is offered:\n", what)
		t.printOffered(offered, m)
	case len(now) > 0:
		fmt.Fprintf(t.out, "%s is not offered now:\n", what)
		t.printRefusals(now)
	case known && !held:
		fmt.Fprintf(t.out, "You hold no %s.\n", what)
		if len(other) > 0 {
			fmt.Fprintf(t.out, "Other moves that name %s are not offered now:\n", what)
			t.printRefusals(other)
		}
	case len(other) > 0:
		fmt.Fprintf(t.out, "%s is not offered now:\n", what)
		t.printRefusals(other)
	default:
		fmt.Fprintf(t.out, "No move of yours names %s now.\n", what)
	}
}

// whyMove tells whether the moves arg reads as are offered, and why not,
// and reports whether any move reads so. With always, it says so too when
// none does.
func (t *table) whyMove(arg string, tries []anygame.Try, m menu, always bool) (bool, error) {
	moves := make([]json.RawMessage, len(tries))
	byMove := make(map[string]anygame.Try, len(tries))
	for i, try := range tries {
		moves[i] = try.Move
		byMove[string(try.Move)] = try
	}
	all, err := newMenu(t.game, moves)
	if err != nil {
		return false, err
	}
	found := all.match(arg)
	if len(found) == 0 {
		if always {
			fmt.Fprintf(t.out, "No move reads %q, offered or not.\n", arg)
		}
		return false, nil
	}
	var offered, refused []anygame.Try
	for _, i := range found {
		if try := byMove[string(all[i].move)]; try.Legal {
			offered = append(offered, try)
		} else {
			refused = append(refused, try)
		}
	}
	subject := fmt.Sprintf("%q", arg)
	if len(found) == 1 {
		subject = all[found[0]].text
	}
	if len(offered) > 0 {
		fmt.Fprintf(t.out, "%s is offered:\n", subject)
		t.printOffered(offered, m)
	}
	switch {
	case len(found) == 1 && len(refused) == 1:
		fmt.Fprintf(t.out, "%s is not offered now: %s\n", subject, refused[0].Refusal)
	case len(refused) > 0:
		fmt.Fprintf(t.out, "%s is not offered now:\n", subject)
		t.printRefusals(refused)
	}
	return true, nil
}

// names reports whether a move's JSON names card c, or its twin.
func names(move json.RawMessage, c cards.Card) bool {
	for _, code := range cardCodes(move) {
		if d, err := cards.ParseCard(code); err == nil && d.String() == c.String() {
			return true
		}
	}
	return false
}

// printOffered lists legal tries with their numbers in the menu.
func (t *table) printOffered(offered []anygame.Try, m menu) {
	for _, try := range offered {
		for i, c := range m {
			if bytes.Equal(c.move, try.Move) {
				fmt.Fprintf(t.out, "%4d  %s\n", i+1, c.text)
			}
		}
	}
}

// printRefusals lists refused tries by their refusals, the moves refused
// alike on one line, up to maxListed lines.
func (t *table) printRefusals(refused []anygame.Try) {
	var reasons []string
	texts := map[string][]string{}
	for _, try := range refused {
		if _, ok := texts[try.Refusal]; !ok {
			reasons = append(reasons, try.Refusal)
		}
		texts[try.Refusal] = append(texts[try.Refusal], try.Text)
	}
	for _, r := range reasons[:min(len(reasons), maxListed)] {
		ts := texts[r]
		line := strings.Join(ts[:min(len(ts), maxGrouped)], ", ")
		if len(ts) > maxGrouped {
			line += fmt.Sprintf(" and %d more", len(ts)-maxGrouped)
		}
		fmt.Fprintf(t.out, "  %s: %s\n", line, r)
	}
	if len(reasons) > maxListed {
		fmt.Fprintf(t.out, "  and %s\n", cards.Plural(len(reasons)-maxListed, "more reason"))
	}
}
