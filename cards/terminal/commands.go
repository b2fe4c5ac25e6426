package terminal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// commandsHelp lists what a player may ask at their turn, besides a move.
const commandsHelp = `  rules        the game's How to play
  rules TERM   what a term of the game means ("rules decree"); ? TERM too
  ?            the legend (what the cards or powers do) and your moves again
  why CARD     why a card is not offered now, or which moves use it ("why 7d")
  why MOVE     why a move is not offered now ("why pass")
  help         these commands
  q            quit, saving the game's record to a file -resume plays on from
`

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
		fmt.Fprintln(t.out, "Your moves:")
		t.printChoices(m, nil)
	case "help":
		fmt.Fprintf(t.out, "Besides a move, you may ask:\n%s", commandsHelp)
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
		fmt.Fprintln(t.out, `why needs a card or a move: "why 7d", "why pass".`)
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
	if c, ok := oneCard(arg); ok {
		t.whyCard(c, tries, m)
		return nil
	}
	return t.whyMove(arg, tries, m)
}

// oneCard returns the card arg names, if it is one word that names one.
func oneCard(arg string) (cards.Card, bool) {
	ts := answerTokens(arg)
	if len(ts) != 1 || ts[0].card == cards.NoCard {
		return cards.NoCard, false
	}
	return ts[0].card, true
}

// whyCard tells which of the player's moves use card c, or why none is
// offered.
func (t *table) whyCard(c cards.Card, tries []anygame.Try, m menu) {
	var offered, refused []anygame.Try
	for _, try := range tries {
		if !names(try.Move, c) {
			continue
		}
		if try.Legal {
			offered = append(offered, try)
		} else {
			refused = append(refused, try)
		}
	}
	switch {
	case len(offered) > 0:
		fmt.Fprintf(t.out, "%v is offered:\n", c)
		t.printOffered(offered, m)
	case len(refused) > 0:
		fmt.Fprintf(t.out, "%v is not offered now:\n", c)
		t.printRefusals(refused)
	default:
		fmt.Fprintf(t.out, "No move of yours names %v now.\n", c)
	}
}

// whyMove tells whether the moves arg reads as are offered, and why not.
func (t *table) whyMove(arg string, tries []anygame.Try, m menu) error {
	moves := make([]json.RawMessage, len(tries))
	byMove := make(map[string]anygame.Try, len(tries))
	for i, try := range tries {
		moves[i] = try.Move
		byMove[string(try.Move)] = try
	}
	all, err := newMenu(t.game, moves)
	if err != nil {
		return err
	}
	found := all.match(arg)
	if len(found) == 0 {
		fmt.Fprintf(t.out, "No move reads %q, offered or not.\n", arg)
		return nil
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
	return nil
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
