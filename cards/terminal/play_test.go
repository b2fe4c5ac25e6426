package terminal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/examples/crazyeights"
)

// TestMain runs the tests at the default width, whatever COLUMNS the
// shell that runs them says.
func TestMain(m *testing.M) {
	os.Unsetenv("COLUMNS")
	os.Exit(m.Run())
}

func runPlay(t *testing.T, input string, args ...string) (out, errOut string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = Program{Command: "go run ./examples/play"}.Run(args, strings.NewReader(input), &o, &e)
	return o.String(), e.String(), code
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndex(s, "\n")+1:]
}

func TestAutoPlaysEveryGameToAResult(t *testing.T) {
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			out, errOut, code := runPlay(t, "", "-game", name, "-auto", "-seed", "7")
			if code != 0 || !strings.HasPrefix(lastLine(out), "result: ") {
				t.Fatalf("exit %d, last line %q\n%s", code, lastLine(out), errOut)
			}
			again, _, _ := runPlay(t, "", "-game", name, "-auto", "-seed", "7")
			if again != out {
				t.Error("the same seed played a different game")
			}
		})
	}
}

func TestAutoBastardsFivePlayers(t *testing.T) {
	out, _, code := runPlay(t, "", "-game", "bastards", "-players", "5", "-auto", "-seed", "7")
	if code != 0 || !strings.Contains(out, "round 3 ended") || !strings.Contains(out, "\nresult: ") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestAutoNineKingdomsMatch(t *testing.T) {
	out, _, code := runPlay(t, "", "-game", "ninekingdoms", "-players", "3", "-auto", "-o", "match=true", "-seed", "2")
	if code != 0 || !strings.HasPrefix(lastLine(out), "result: ") {
		t.Fatalf("exit %d, last line %q", code, lastLine(out))
	}
	if strings.Contains(out, "The game ended") || !strings.Contains(out, "won the match") {
		t.Errorf("a match plays games on until someone wins the match:\n%s", out[max(0, len(out)-1500):])
	}
}

func TestBadFlagsAreRefusedBeforeTheGame(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"-game", "chess"}, `no game is named "chess"`},
		{[]string{"-players", "-3"}, "for 3 to 10 players, not -3"},
		{[]string{"-game", "bastards", "-players", "99", "-auto"}, "not 99"},
		{[]string{"-game", "ninekingdoms", "-players", "1"}, "Nine Kingdoms is for 2 to 4 players, not 1"},
		{[]string{"-bot", "genius", "-auto"}, `unknown bot "genius": the bots are random, montecarlo, ismcts`},
		{[]string{"-game", "bastards", "-o", "match=true"}, `Kings & Bastards has no option "match"`},
		{[]string{"-o", "rounds"}, "-o rounds: write an option as name=value"},
		{[]string{"-o", "rounds=many"}, "rounds is a whole number"},
		{[]string{"-o", "rounds=-1"}, "rounds is a whole number"},
		{[]string{"-o", "jokers=1", "-o", "jokers=2"}, "disagree"},
		{[]string{"-players", "5", "-o", "players=6"}, "-players 5 and -o players=6 disagree"},
		{[]string{"-seed", "4", "-o", "seed=5"}, "-seed 4 and -o seed=5 disagree"},
		{[]string{"-game", "ninekingdoms", "-o", "match=maybe"}, "match is true or false"},
		{[]string{"-seat", "9"}, "-seat 9 is not at this table of 4 players"},
		{[]string{"-seat", "0"}, "-seat 0 is not at this table"},
		{[]string{"-seat", "-1", "-auto"}, "-seat -1 is not at this table"},
		{[]string{"-players", "x"}, "invalid value"},
		{[]string{"stray"}, "unexpected arguments"},
		{[]string{"-strength", "9"}, "option strength is int from 1 to 5"},
		{[]string{"-strength", "0", "-auto"}, "option strength is int from 1 to 5"},
		{[]string{"-bot", "montecarlo", "-strength", "2"}, "-strength sets the strength of the ismcts bot"},
		{[]string{"-bot", "ismcts:iterations=50", "-strength", "2"}, "-bot ismcts:iterations=50 sets its own"},
		{[]string{"-bot", "ismcts:depth=x"}, "option depth is int"},
	} {
		out, errOut, code := runPlay(t, "1\n", tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.says) {
			t.Errorf("%q: exit %d, output %q, errors %q; want exit 2, no output, and an error saying %q", tc.args, code, out, errOut, tc.says)
		}
	}
}

func TestGoodFlagsAgree(t *testing.T) {
	for _, args := range [][]string{
		{"-players", "5", "-o", "players=5"},
		{"-seed", "4", "-o", "seed=4"},
		{"-o", "seed=4", "-o", "seed=4"},
	} {
		if out, errOut, code := runPlay(t, "q\n", append(args, "-bot", "random")...); code != 0 {
			t.Errorf("%q: exit %d:\n%s%s", args, code, out, errOut)
		}
	}
	out, _, _ := runPlay(t, "", "-auto", "-o", "seed=4")
	if first, _, _ := strings.Cut(out, "\n"); !strings.HasPrefix(first, "Kings & Bastards, seed 4,") {
		t.Errorf("-o seed=4 plays a game of another seed: %q", first)
	}
}

func TestHelpListsEveryGamesOptions(t *testing.T) {
	_, help, code := runPlay(t, "", "-h")
	if code != 0 || !strings.Contains(help, "Usage:") {
		t.Fatalf("-h: exit %d:\n%s", code, help)
	}
	for _, g := range catalog.Games() {
		info := g.Info()
		if !strings.Contains(help, info.Name+" ("+info.Title) {
			t.Errorf("-h does not describe %s:\n%s", info.Name, help)
		}
		for _, o := range info.Options {
			if !strings.Contains(help, o.Name) || !strings.Contains(help, o.Description) {
				t.Errorf("-h does not describe option %s of %s", o.Name, info.Name)
			}
		}
	}
}

func TestInteractiveAsksAgainAfterBadInput(t *testing.T) {
	out, _, code := runPlay(t, "abc\n0\n999\n\n?\nplay\n1\nq\n", "-game", "bastards", "-players", "4", "-seed", "3", "-bot", "random")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, says := range []string{
		`No move reads "abc"`,
		"There is no move 0: type a number from 1 to 15",
		"There is no move 999",
		`"play" could be any of `,
	} {
		if !strings.Contains(out, says) {
			t.Errorf("the player never said %q:\n%s", says, out)
		}
	}
	if n := strings.Count(out, "Your move ("); n != 8 {
		t.Errorf("%d prompts, want 8 (one a line of input and one after the first move):\n%s", n, out)
	}
	if n := len(regexp.MustCompile(`(?m)^   1  pass\b`).FindAllString(out, -1)); n != 3 {
		t.Errorf("the first move listed %d times, want 3 (the menu, ?, and the next menu):\n%s", n, out)
	}
	if !strings.HasSuffix(strings.TrimSpace(out), "Goodbye.") {
		t.Errorf("no goodbye:\n%s", out)
	}
}

func TestInteractivePlaysAWholeGameByNumbers(t *testing.T) {
	// Always choosing the first move plays a whole game to its end.
	input := strings.Repeat("1\n", 2000)
	out, _, code := runPlay(t, input, "-game", "bastards", "-players", "4", "-seed", "5", "-bot", "random", "-o", "rounds=1")
	if code != 0 || !strings.Contains(out, "\nresult: ") {
		t.Fatalf("exit %d:\n%s", code, out[max(0, len(out)-2000):])
	}
}

func TestInteractivePlaysEveryGameByText(t *testing.T) {
	ambiguous := 0
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			for _, seat := range []int{1, 2} {
				ambiguous += playByText(t, name, seat, uint64(seat*10+1))
			}
		})
	}
	if ambiguous == 0 {
		t.Error("no answer was ambiguous: the script typed too little")
	}
}

// playByText plays a whole game of the named game from seat at the
// terminal, typing every move as text, and checks that each answer chose
// the move it meant, that the game ended with a result, and that the log
// printed is what the seat may read of every event of the game. It returns
// the number of answers the player found ambiguous.
func playByText(t *testing.T, name string, seat int, seed uint64) int {
	t.Helper()
	var out bytes.Buffer
	cfg := config{game: name, seed: seed, bot: anygame.RandomBot, seat: seat, prog: Program{Games: catalog.Games()}}
	tb, err := newTable(cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	ty := &typist{out: &out, r: cards.NewRand(seed)}
	if err := tb.interactive(bufio.NewScanner(ty)); err != nil {
		t.Fatal(err)
	}
	if ty.want != "" {
		ty.meant = append(ty.meant, ty.want) // the last answer, the game's last move of the seat
	}
	text := out.String()
	if !strings.HasPrefix(lastLine(text), "result: ") {
		t.Fatalf("seat %d: the game did not end (%d answers); last output:\n%s", seat, ty.answers, text[max(0, len(text)-3000):])
	}
	if ty.failed != "" {
		t.Fatalf("seat %d: %s", seat, ty.failed)
	}

	// Every move the seat made is the one the typist meant.
	me := cards.Player(seat - 1)
	var mine []string
	for _, m := range tb.record.Moves {
		info, err := tb.game.Move(m)
		if err != nil {
			t.Fatal(err)
		}
		if info.Player == me {
			mine = append(mine, info.Text)
		}
	}
	if strings.Join(mine, "\n") != strings.Join(ty.meant, "\n") {
		t.Errorf("seat %d: the moves made are not those meant:\nmade  %q\nmeant %q", seat, mine, ty.meant)
	}

	// The log printed is every event of the game as the seat reads it, in
	// order, and never a text meant for others.
	record, _ := json.Marshal(tb.record)
	_, events, err := tb.game.Replay(record)
	if err != nil {
		t.Fatal(err)
	}
	rest := text
	for _, e := range cards.EventsFor(events, me) {
		i := strings.Index(rest, "  "+e.Text+"\n")
		if i < 0 {
			t.Fatalf("seat %d: event %d %q is not printed in order", seat, e.Seq, e.Text)
		}
		rest = rest[i+len(e.Text)+3:]
	}
	for _, e := range events {
		if e.To != 0 && !e.To.Has(me) && e.Text != e.Others && strings.Contains(text, "  "+e.Text+"\n") {
			t.Errorf("seat %d: the log printed %q, meant for %v", seat, e.Text, e.To)
		}
	}
	if m := regexp.MustCompile(`\b1 (moves|seats|bots)\b`).FindString(text); m != "" {
		t.Errorf("seat %d: the player wrote %q", seat, m)
	}
	return ty.ambiguous
}

// A typist answers the player's prompts as a person would: it reads the
// menu the player printed last and types one of its moves as text, each
// time written another way — the move's own text, its cards' codes in
// other cases and orders with or without its first word, the start of each
// word, the start of the first word alone — and now and then a word that
// is no move. When an answer is ambiguous it checks that the player lists
// the move meant, and types the move's whole text.
type typist struct {
	out     *bytes.Buffer // what the player printed
	read    int           // how much of out the typist has read
	r       cards.Rand
	menu    []string // the moves of the last menu, in order
	pending []byte   // what is typed and not read yet
	want    string   // the move the last answer meant
	meant   []string // the moves the answers meant, in order
	answers int
	// nonsense reports that the last answer was no move.
	nonsense bool
	// ambiguous counts the answers the player found ambiguous.
	ambiguous int
	failed    string
}

// nonsense is an answer that is no move of any game.
const nonsense = "frobnicate"

var menuLine = regexp.MustCompile(`(?m)^ {0,3}(\d+)  (.*)$`)

func (ty *typist) Read(p []byte) (int, error) {
	if len(ty.pending) == 0 {
		if ty.answers > 20000 || ty.failed != "" {
			return 0, io.EOF
		}
		ty.pending = []byte(ty.answer() + "\n")
	}
	n := copy(p, ty.pending)
	ty.pending = ty.pending[n:]
	return n, nil
}

// answer reads what the player printed since the last answer and types the
// next one.
func (ty *typist) answer() string {
	printed := ty.out.String()[ty.read:]
	ty.read = ty.out.Len()
	ty.answers++
	if i := strings.LastIndex(printed, "Your moves:\n"); i >= 0 {
		if ty.want != "" {
			ty.meant = append(ty.meant, ty.want)
		}
		ty.menu = ty.menu[:0]
		for _, m := range menuLine.FindAllStringSubmatch(printed[i:], -1) {
			if n, _ := strconv.Atoi(m[1]); n != len(ty.menu)+1 {
				ty.failed = fmt.Sprintf("menu line %q out of order", m[0])
				return "q"
			}
			ty.menu = append(ty.menu, m[2])
		}
		ty.want = ""
	}
	switch {
	case len(ty.menu) == 0:
		ty.failed = "no menu before a prompt:\n" + printed
		return "q"
	case strings.Contains(printed, "could be any of"):
		if !strings.Contains(printed, "  "+ty.want+"\n") && !strings.Contains(printed, " more move") {
			ty.failed = fmt.Sprintf("an ambiguous answer for %q does not list it:\n%s", ty.want, printed)
			return "q"
		}
		ty.ambiguous++
		return ty.want // the whole text is never ambiguous
	case strings.Contains(printed, "No move reads") && ty.want != "":
		ty.failed = fmt.Sprintf("an answer for %q was not understood:\n%s", ty.want, printed)
		return "q"
	case ty.want != "":
		ty.failed = fmt.Sprintf("the player asked again after an answer for %q:\n%s", ty.want, printed)
		return "q"
	case ty.nonsense && !strings.Contains(printed, `No move reads "`+nonsense+`"`):
		ty.failed = fmt.Sprintf("the player took %q for a move:\n%s", nonsense, printed)
		return "q"
	}
	if ty.nonsense = ty.answers == 1 || ty.r.IntN(8) == 0; ty.nonsense {
		return nonsense
	}
	ty.want = ty.menu[ty.r.IntN(len(ty.menu))]
	return ty.retype(ty.want)
}

// retype writes a move's text another way.
func (ty *typist) retype(text string) string {
	words := strings.Fields(text)
	var named, others []string
	for _, w := range words {
		if c, err := cards.ParseCard(w); err == nil && c.String() == w {
			code := c.InDeck(0).Code()
			if ty.r.IntN(2) == 0 {
				code = strings.ToLower(code)
			}
			named = append(named, code)
		} else {
			others = append(others, w)
		}
	}
	switch ty.r.IntN(5) {
	case 0:
		return text
	case 3:
		if allLetters(words[0]) {
			return words[0][:min(2, len(words[0]))] // often ambiguous
		}
	case 1:
		return strings.ToUpper(text)
	case 2:
		if len(named) > 0 && len(others) == 1 {
			for i := len(named) - 1; i > 0; i-- {
				j := ty.r.IntN(i + 1)
				named[i], named[j] = named[j], named[i]
			}
			return strings.Join(named, " ")
		}
	}
	var short []string
	for _, w := range words {
		if c, err := cards.ParseCard(w); err == nil && c.String() == w {
			short = append(short, strings.ToLower(c.InDeck(0).Code()))
		} else if allLetters(w) && len(w) > 3 {
			short = append(short, w[:3])
		} else {
			short = append(short, w)
		}
	}
	return strings.Join(short, " ")
}

func TestTheExchangeMenuOfKingsAndBastardsIsSortedByRank(t *testing.T) {
	// Kings & Bastards gives its rank order, so the King's choice of two
	// cards for the Bastard is listed by rank.
	g, err := catalog.Lookup("bastards")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Info().RankOrder; !slices.Equal(got, climbingOrder) {
		t.Fatalf("Kings & Bastards ranks %v, want %v", got, climbingOrder)
	}
	moves := exchangeMoves(t, g)
	m, err := newMenu(g, moves)
	if err != nil {
		t.Fatal(err)
	}
	place := map[cards.Rank]int{}
	for i, r := range climbingOrder {
		place[r] = i
	}
	var last []int
	for _, c := range m {
		var ranks []int
		for _, tok := range c.tokens {
			switch {
			case tok.card.IsJoker():
				ranks = append(ranks, len(climbingOrder))
			case tok.card != cards.NoCard:
				ranks = append(ranks, place[tok.card.Rank()])
			}
		}
		slices.Sort(ranks)
		if len(ranks) != 2 || slices.Compare(last, ranks) > 0 {
			t.Fatalf("%q comes after a move of ranks %v; the menu is not by rank:\n%v", c.text, last, m.texts(indexes(m)))
		}
		last = ranks
	}
	texts := m.texts(indexes(m))
	if len(m) < 10 || len(slices.Compact(slices.Sorted(slices.Values(texts)))) != len(m) {
		t.Errorf("the menu lists %d moves, or some twice: %q", len(m), texts)
	}
}

// exchangeMoves plays a game of Kings & Bastards at random to the King's
// first exchange and returns the King's moves then, as the view lists them.
func exchangeMoves(t *testing.T, g anygame.Game) []json.RawMessage {
	t.Helper()
	step, err := g.NewGame([]byte(`{"seed":3,"rounds":2}`))
	if err != nil {
		t.Fatal(err)
	}
	state, r := step.State, cards.NewRand(3)
	for range 5000 {
		st, err := g.Status(state)
		if err != nil || st.Over {
			t.Fatalf("the game ended without an exchange: %v", err)
		}
		v, err := g.View(state, st.ToAct.First())
		if err != nil {
			t.Fatal(err)
		}
		var view viewJSON
		if err := json.Unmarshal(v, &view); err != nil {
			t.Fatal(err)
		}
		info, err := g.Move(view.Moves[0])
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(info.Text, "give ") {
			return view.Moves
		}
		next, err := g.Apply(state, view.Moves[r.IntN(len(view.Moves))])
		if err != nil {
			t.Fatal(err)
		}
		state = next.State
	}
	t.Fatal("no exchange in 5000 moves")
	return nil
}

func TestTheReadmesQuickStartRuns(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	commands := regexp.MustCompile(`go run \./examples/play([^\n`+"`"+`]*)`).FindAllStringSubmatch(string(readme), -1)
	if len(commands) == 0 {
		t.Fatal("the README runs no play command")
	}
	_, help, _ := runPlay(t, "", "-h")
	for _, c := range commands {
		args := strings.Fields(c[1])
		if slices.Contains(args, "-h") {
			continue
		}
		if out, errOut, code := runPlay(t, "q\n", append(args, "-bot", "random")...); code != 0 || !strings.Contains(out, "Your moves:") {
			t.Errorf("go run ./examples/play%s: exit %d:\n%s%s", c[1], code, out, errOut)
		}
	}
	// The flags the quick start names are the terminal player's; other
	// sections name other programs' flags.
	at := bytes.Index(readme, []byte("## Quick start"))
	if at < 0 {
		t.Fatal("the README has no quick start")
	}
	quick := string(readme[at:])
	if end := strings.Index(quick[1:], "\n## "); end >= 0 {
		quick = quick[:end+1] // up to the next section
	}
	for _, f := range regexp.MustCompile("`(-[a-z]+)").FindAllStringSubmatch(quick, -1) {
		if f[1] != "-h" && !strings.Contains(help, "  "+f[1]+" ") && !strings.Contains(help, "  "+f[1]+"\n") {
			t.Errorf("the README names the flag %s, which -h does not list", f[1])
		}
	}
}

func TestTheDefaultOpponentIsISMCTS(t *testing.T) {
	out, _, code := runPlay(t, "q\n", "-game", "crown", "-seed", "2", "-width", "200")
	if code != 0 || !strings.Contains(out, "bot ismcts plays the other seat") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, code = runPlay(t, "q\n", "-game", "bastards", "-seed", "2", "-strength", "4", "-width", "200")
	if code != 0 || !strings.Contains(out, "bot ismcts:strength=4 plays the other 3 seats") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, errOut, code := runPlay(t, "", "-game", "crown", "-seed", "2", "-auto", "-strength", "1", "-bot", "ismcts:exploration=1")
	if code != 0 || !strings.Contains(out, "bot ismcts:strength=1,exploration=1 in every seat") || !strings.HasPrefix(lastLine(out), "result: ") {
		t.Errorf("exit %d:\n%s\n%s", code, out, errOut)
	}
}

// TestAnOutsideGameIsPlayed plays a game from outside the module's
// catalog, alone and beside the module's games: the program offers the
// games it is given, the first by default.
func TestAnOutsideGameIsPlayed(t *testing.T) {
	eights := anygame.Of(crazyeights.Rules{})
	alone := Program{Name: "eights", Games: []anygame.Game{eights}}
	var out, errOut bytes.Buffer
	if code := alone.Run([]string{"-auto", "-seed", "3"}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.HasPrefix(lastLine(out.String()), "result: ") || !strings.HasPrefix(out.String(), "Crazy Eights, seed 3") {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if code := alone.Run([]string{"-game", "crown"}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), `eights: bad input: no game is named "crown" (the games are crazyeights)`) {
		t.Fatalf("exit %d:\n%s", code, errOut.String())
	}
	beside := Program{Games: append(catalog.Games(), eights)}
	out.Reset()
	errOut.Reset()
	if code := beside.Run([]string{"-game", "crazyeights", "-seed", "4", "-width", "200"}, strings.NewReader("1\nq\n"), &out, &errOut); code != 0 || !strings.Contains(out.String(), "Your moves:") {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	beside.Run([]string{"-h"}, strings.NewReader(""), &out, &errOut)
	for _, want := range []string{"  crazyeights (Crazy Eights, 2 to 5 players):", "  crown (Claim the Crown, 2 players):", "the game to play: bastards, ninekingdoms, crown, packs, crazyeights"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("-h does not say %q:\n%s", want, errOut.String())
		}
	}
}

// TestHelpShowsExamplesBeforeTheFlags checks the layout of -h: examples
// under "Examples:", each a command of the program, and none after the
// flags; player counts and ranges as a person reads them.
func TestHelpShowsExamplesBeforeTheFlags(t *testing.T) {
	_, help, code := runPlay(t, "", "-h")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	examples, rest, ok := strings.Cut(help, "\nFlags:\n")
	_, examples, found := strings.Cut(examples, "\nExamples:\n")
	if !ok || !found {
		t.Fatalf("-h has no Examples: then Flags:\n%s", help)
	}
	lines := strings.Split(strings.TrimSpace(examples), "\n")
	if len(lines) < 4 {
		t.Errorf("-h shows %d examples:\n%s", len(lines), examples)
	}
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "play -") {
			t.Errorf("an example is no command of the program: %q", l)
		}
	}
	if regexp.MustCompile(`(?m)^  play -`).MatchString(rest) {
		t.Errorf("-h shows examples after the flags:\n%s", rest)
	}
	for _, bad := range []string{"2 to 2 players", "1073741824"} {
		if strings.Contains(help, bad) {
			t.Errorf("-h says %q", bad)
		}
	}
}

// TestALongMenuFitsBesideTheTable checks that a long menu (a lead with a
// joker in Kings & Bastards) is laid out in columns, the moves in their
// order, within the width: the table and the moves stay in sight on a
// terminal of 80 by 40.
func TestALongMenuFitsBesideTheTable(t *testing.T) {
	out, _, code := runPlay(t, "q\n", "-game", "bastards", "-seed", "3", "-bot", "random", "-width", "80")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	_, menu, _ := strings.Cut(out, "Your moves:\n")
	menu, _, _ = strings.Cut(menu, "Your move (")
	lines := strings.Split(strings.TrimRight(menu, "\n"), "\n")
	if len(lines) > 5 {
		t.Errorf("15 moves take %d lines:\n%s", len(lines), menu)
	}
	numbers := regexp.MustCompile(`(\d+)  \S`).FindAllStringSubmatch(menu, -1)
	for i, n := range numbers {
		if n[1] != strconv.Itoa(i+1) {
			t.Fatalf("the moves are not in their order:\n%s", menu)
		}
	}
	if len(numbers) != 15 {
		t.Errorf("%d moves listed, want 15:\n%s", len(numbers), menu)
	}
	for _, l := range lines {
		if textWidth(l) > 80 {
			t.Errorf("a line of %d columns: %q", textWidth(l), l)
		}
	}
	view := lastTable(out)
	if rows := strings.Count(view, "\n") + len(lines) + 2; rows > 40 {
		t.Errorf("the table and its moves take %d rows", rows)
	}
}

// TestTheOrderOfADecreeIsSaid checks that a menu of Claim the Crown that
// lists a decree of two Face cards in both orders says what the order
// means: the card named first goes on top.
func TestTheOrderOfADecreeIsSaid(t *testing.T) {
	out, _, code := runPlay(t, strings.Repeat("1\n", 10)+"q\n", "-game", "crown", "-seed", "3", "-bot", "random", "-width", "300")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if !strings.Contains(out, `"decree with J♦ and J♥" and "decree with J♥ and J♦" name the same cards in another order: the order matters (decree: `) ||
		!strings.Contains(out, "the card a decree names first goes on top.)") {
		t.Errorf("the menu does not say what a decree's order means:\n%s", out)
	}
}
