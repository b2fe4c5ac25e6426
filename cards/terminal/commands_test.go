package terminal

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/catalog"
)

// wants fails the test for each text out does not hold.
func wants(t *testing.T, out string, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if !strings.Contains(out, text) {
			t.Errorf("the player never said %q:\n%s", text, out)
		}
	}
}

func TestRulesPrintsHowToPlay(t *testing.T) {
	for _, g := range catalog.Games() {
		info := g.Info()
		t.Run(info.Name, func(t *testing.T) {
			out, _, code := runPlay(t, "rules\nq\n", "-game", info.Name, "-seed", "3", "-bot", "random", "-width", "80")
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			wants(t, out, "How to play "+info.Title+"\n", "The terms rules TERM explains: "+info.Glossary[0].Term+", ")
			for _, s := range info.HowToPlay {
				wants(t, out, "\n"+strings.ToUpper(s.Title)+"\n")
			}
			// The rules come after the moves, and the moves are not listed again.
			if strings.Count(out, "Your moves:") != 1 {
				t.Errorf("the moves are listed %d times, want once:\n%s", strings.Count(out, "Your moves:"), out)
			}
		})
	}
}

func TestRulesTermExplainsATerm(t *testing.T) {
	out, _, code := runPlay(t, "rules decree\n? royal council\nrules Roy\nrules nothing\nq\n", "-game", "crown", "-seed", "3", "-bot", "random", "-width", "200")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	info, _ := catalog.Lookup("crown")
	term := func(name string) string {
		found := info.Info().LookupTerm(name)
		return found[0].Term + ": " + found[0].Meaning + "\n"
	}
	wants(t, out, term("decree"), term("Royal Council"), term("Royal Bloc"), `Claim the Crown has no term "nothing". Its terms: court, win condition, `)
}

func TestRulesFlagPrintsTheRulesAlone(t *testing.T) {
	out, errOut, code := runPlay(t, "", "-game", "packs", "-rules", "-width", "72")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	wants(t, out, "How to play Packs Kingdoms\n", "\nGOAL\n", "\nTERMS\n", "hand limit: how many cards you may hold")
	if strings.Contains(out, "Your moves:") {
		t.Errorf("-rules plays a game:\n%s", out)
	}
	checkWrapped(t, out, 72)
}

// TestWhySaysWhyACardOrAMoveIsNotOffered asks, in the first position of a
// game of seed 3 of each game, why of a card or a move that is offered and
// of one that is not.
func TestWhySaysWhyACardOrAMoveIsNotOffered(t *testing.T) {
	for _, tc := range []struct {
		game, input string
		says        []string
	}{
		{"bastards", "why qh\nwhy 9h\nwhy 7d\nwhy pass\nwhy play 9h 4s\n", []string{
			`why needs a card or a move: "why qh", "why pass".`,
			"Q♥ is offered:\n   2  play Q♥\n",
			"9♥ is not offered now:\n  play 9♥: 9♥ does not beat 9♣: play a higher single, or a 2, or pass\n",
			"  play 9♥ 🃏: play a single to follow P4's 9♣, or a 2, or pass\n",
			"You hold no 7♦.\n",
			"pass is offered:\n   1  pass\n",
			`No move reads "play 9h 4s", offered or not.`,
		}},
		{"crown", "why 4c\nwhy decline\nwhy club\n", []string{
			`why needs a card or a move: "why 4c", "why play 4♣".`,
			"4♣ is offered:\n   1  play 4♣\n",
			"decline is not offered now: first play a card from your hand into your court\n",
			"inspire to club is not offered now: first play a card from your hand into your court\n",
		}},
		{"ninekingdoms", "why choose 5 6\nwhy choose 5 5\nwhy claim 5\n", []string{
			`why needs a card or a move: "why 5", "why choose 5 6".`,
			"choose 5 6 is offered:\n   1  choose 5 6\n",
			"choose 5 5 is not offered now: your hand 5 6 $ $ $ does not hold 5 5\n",
			"claim Kingdom 5 is not offered now: every player first chooses two cards to play this round\n",
		}},
		{"packs", "why 10d\nwhy buy 9h\nwhy pass\n", []string{
			`why needs a card or a move: "why 8s", "why buy 8♠".`,
			"10♦ is offered:\n   1  buy 10♦\n",
			"buy 9♥ is not offered now: 9♥ costs 5 coins and you have 2\n",
			"pass is not offered now: you may pass only when you can take no action; you may buy 10♦\n",
		}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			out, _, code := runPlay(t, tc.input+"why\nq\n", "-game", tc.game, "-seed", "3", "-bot", "random", "-width", "200")
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			wants(t, out, tc.says...)
		})
	}
}

// TestOutputWrapsAtTheWidth plays a part of every game with the commands
// at 60 and 80 columns, and checks that no line is wider and that the
// words are those of the output unwrapped: no word broken, none lost.
func TestOutputWrapsAtTheWidth(t *testing.T) {
	input := "rules\nhelp\n?\nrules trick\nwhy 7d\nwhy pass\n" + strings.Repeat("1\n", 40) + "?\nq\nn\n"
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			args := []string{"-game", name, "-seed", "4", "-bot", "random", "-players", "2"}
			if name == "bastards" {
				args[len(args)-1] = "4"
			}
			whole, _, _ := runPlay(t, input, append(args, "-width", "100000")...)
			for _, width := range []int{60, 80} {
				out, _, code := runPlay(t, input, append(args, "-width", strconv.Itoa(width))...)
				if code != 0 {
					t.Fatalf("exit %d:\n%s", code, out)
				}
				checkWrapped(t, out, width)
				if got, want := strings.Fields(out), strings.Fields(whole); strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("at %d columns the words are not those of the whole lines", width)
				}
				if out == whole {
					t.Errorf("at %d columns nothing was wrapped", width)
				}
			}
		})
	}
}

// prompted is the end of a prompt, which the player's answer ends at a
// terminal, and which the tests' output runs on from.
var prompted = regexp.MustCompile(`(commands|on)\): `)

// checkWrapped fails the test for a line of out wider than width, but the
// result line, which scripts read whole. A line ends where a prompt does.
func checkWrapped(t *testing.T, out string, width int) {
	t.Helper()
	for _, line := range strings.Split(prompted.ReplaceAllString(out, "$0\n"), "\n") {
		if textWidth(line) > width && !strings.HasPrefix(line, "result: ") {
			t.Errorf("a line of %d columns, over %d: %q", textWidth(line), width, line)
		}
	}
}

// TestTheLegendIsPrintedOnce checks that the legend comes at the start and
// on ?, and never with a view.
func TestTheLegendIsPrintedOnce(t *testing.T) {
	for name, line := range map[string]string{
		"crown":        "  ♣ Club         a card of the opponent's court goes to their discard pile\n",
		"ninekingdoms": "  Kingdom 7  when a Siege or Flank discards the holder's card",
	} {
		out, _, code := runPlay(t, strings.Repeat("1\n", 12)+"?\nq\n", "-game", name, "-seed", "3", "-bot", "random", "-width", "200")
		if code != 0 {
			t.Fatalf("%s: exit %d:\n%s", name, code, out)
		}
		if n := strings.Count(out, line); n != 2 || strings.Count(out, "Legend:\n") != 2 {
			t.Errorf("%s: the legend's line is printed %d times, want twice (at the start and on ?):\n%s", name, n, out)
		}
		if strings.Index(out, line) > strings.Index(out, "Your moves:") {
			t.Errorf("%s: the legend does not come before the first moves", name)
		}
		for _, powers := range []string{"abilities: ♣ Club", "Kingdom 7 (centre): "} {
			if strings.Contains(out, powers) {
				t.Errorf("%s: a view prints its legend (%q)", name, powers)
			}
		}
	}
}

// TestQuitSavesARecordThatResumeContinues quits a game after a few moves,
// saving its record, and resumes it: the table is as it was, and the game
// plays on to its end.
func TestQuitSavesARecordThatResumeContinues(t *testing.T) {
	t.Chdir(t.TempDir())
	args := []string{"-game", "bastards", "-seed", "5", "-bot", "random", "-o", "rounds=1", "-seat", "2", "-width", "200"}
	out, _, code := runPlay(t, "1\n1\n1\nq\nn\nq\ny\n", args...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	wants(t, out, "Quit, saving the game to saves/bastards-5.json to play on later? (y to quit, n to play on): Playing on.\n",
		"Saved the game to saves/bastards-5.json; go run ./examples/play -resume saves/bastards-5.json -seat 2 -bot random plays on. Goodbye.\n")
	data, err := os.ReadFile("saves/bastards-5.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec anygame.Record
	if err := cardjson.Unmarshal(data, &rec, "a record"); err != nil || rec.Game != "bastards" || len(rec.Moves) < 3 {
		t.Fatalf("the file holds %+v (%v):\n%s", rec, err, data)
	}
	before := lastTable(out)

	again, errOut, code := runPlay(t, strings.Repeat("1\n", 3000), "-resume", "saves/bastards-5.json", "-seat", "2", "-bot", "random")
	if code != 0 {
		t.Fatalf("-resume: exit %d: %s\n%s", code, errOut, again)
	}
	wants(t, again, "Kings & Bastards, seed 5. You are P2;", "Resumed from saves/bastards-5.json after "+cards.Plural(len(rec.Moves), "move")+".\n")
	if after := firstTable(again); after != before {
		t.Errorf("the resumed table differs from the one left:\nleft:\n%s\nresumed:\n%s", before, after)
	}
	if !strings.HasPrefix(lastLine(again), "result: ") {
		t.Errorf("the resumed game did not play on to its end:\n%s", again[max(0, len(again)-1000):])
	}
	_, _, code = runPlay(t, "q\ny\n", "-resume", "saves/bastards-5.json", "-seat", "2", "-bot", "random")
	if data2, _ := os.ReadFile("saves/bastards-5.json"); code != 0 || string(data2) != string(data) {
		t.Errorf("quitting at once saved another record (exit %d):\n%s\n%s", code, data, data2)
	}
}

// firstTable and lastTable return the first and the last view the player
// printed, up to its moves.
func firstTable(out string) string {
	_, rest, _ := strings.Cut(out, "\nKings & Bastards, round ")
	table, _, _ := strings.Cut(rest, "Your moves:")
	return table
}

func lastTable(out string) string {
	rest := out[strings.LastIndex(out, "\nKings & Bastards, round ")+len("\nKings & Bastards, round "):]
	table, _, _ := strings.Cut(rest, "Your moves:")
	return table
}

func TestResumeRefusesABadFile(t *testing.T) {
	t.Chdir(t.TempDir())
	files := map[string]string{
		"garbage.json": "not json",
		"unknown.json": `{"game":"bastards","options":{},"moves":[],"seat":2}`,
		"chess.json":   `{"game":"chess","options":{},"moves":[]}`,
		"illegal.json": `{"game":"bastards","options":{"seed":1},"moves":[{"player":3,"kind":"pass"}]}`,
		"options.json": `{"game":"bastards","options":{"players":99},"moves":[]}`,
		"good.json":    `{"game":"bastards","options":{"seed":1},"moves":[]}`,
	}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"-resume", "missing.json"}, "cannot resume missing.json: open missing.json: no such file"},
		{[]string{"-resume", "garbage.json"}, "cannot resume garbage.json: bad input"},
		{[]string{"-resume", "unknown.json"}, `has no member "seat"`},
		{[]string{"-resume", "chess.json"}, `no game is named "chess"`},
		{[]string{"-resume", "illegal.json"}, "move 1 of the record: illegal move"},
		{[]string{"-resume", "options.json"}, "cannot resume options.json: bad options"},
		{[]string{"-resume", "good.json", "-game", "crown"}, "it is a record of bastards, not of -game crown"},
		{[]string{"-resume", "good.json", "-seed", "4"}, "-resume plays on a game of its record's options"},
		{[]string{"-resume", "good.json", "-seat", "7"}, "-seat 7 is not at this table of 4 players"},
		{[]string{"-resume", filepath.Join(t.TempDir())}, "cannot resume"},
	} {
		out, errOut, code := runPlay(t, "q\n", tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.says) {
			t.Errorf("%q: exit %d, output %q, errors %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.says)
		}
	}
	if out, errOut, code := runPlay(t, "q\n", "-resume", "good.json", "-game", "bastards", "-bot", "random"); code != 0 || !strings.Contains(out, "Resumed from good.json after 0 moves.") {
		t.Errorf("a good record: exit %d: %s\n%s", code, errOut, out)
	}
}

func TestCommandsRefuseBadInput(t *testing.T) {
	out, _, code := runPlay(t, "why frobnicate\nrules frobnicate\n? frobnicate\nq please\nq\nmaybe\nq\n", "-game", "bastards", "-seed", "3", "-bot", "random", "-width", "200")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	wants(t, out, `No move reads "frobnicate", offered or not.`, `Kings & Bastards has no term "frobnicate".`,
		`No move reads "q please"`, "(y to quit, n to play on): Playing on.\n", "The game was not saved. Goodbye.")
	if strings.Count(out, `has no term "frobnicate"`) != 2 {
		t.Errorf("rules TERM and ? TERM do not both look the term up:\n%s", out)
	}
}

func TestHelpDocumentsTheCommands(t *testing.T) {
	_, help, _ := runPlay(t, "", "-h")
	wants(t, help, "  -width ", "  -resume file", "  -rules", "rules TERM", "? TERM", "why CARD", "why MOVE", "q            quit, saving")
	out, _, _ := runPlay(t, "help\nq\n", "-seed", "3", "-bot", "random")
	wants(t, out, "Besides a move, you may ask:\n", `("rules King")`)
}

// TestHintsNameTheGamesOwnTerms checks that the hints quote the terms and
// the moves of the game at hand, never another game's.
func TestHintsNameTheGamesOwnTerms(t *testing.T) {
	for _, tc := range []struct {
		game    string
		says    []string
		notSays []string
	}{
		{"bastards", []string{`("rules King")`, `("why pass")`}, []string{"decree", "claim"}},
		{"crown", []string{`("rules court")`, `("why play `}, []string{"pass", "bastard"}},
		{"ninekingdoms", []string{`("rules Influence card")`, `("why choose `, `"why 4"`}, []string{"pass", "decree", "7d"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			out, _, code := runPlay(t, "help\nwhy\nq\n", "-game", tc.game, "-seed", "1796283588172358654", "-bot", "random", "-width", "200")
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			wants(t, out, tc.says...)
			hints := out[strings.Index(out, "Answer with"):]
			for _, w := range tc.notSays {
				if strings.Contains(strings.ToLower(hints), strings.ToLower(w)) {
					t.Errorf("a hint of %s names %q:\n%s", tc.game, w, hints)
				}
			}
		})
	}
}

func TestWidthComesFromTheFlagColumnsOrEighty(t *testing.T) {
	t.Setenv("COLUMNS", "")
	var b strings.Builder
	if w := outputWidth(&b); w != defaultWidth {
		t.Errorf("no COLUMNS, no terminal: width %d, want %d", w, defaultWidth)
	}
	t.Setenv("COLUMNS", "50")
	if w := outputWidth(&b); w != 50 {
		t.Errorf("COLUMNS=50: width %d", w)
	}
	out, _, _ := runPlay(t, "q\n", "-seed", "3", "-bot", "random")
	checkWrapped(t, out, 50)
	out, _, _ = runPlay(t, "q\n", "-seed", "3", "-bot", "random", "-width", "120")
	if !strings.Contains(out, "You are P1; bot random plays the other 3 seats.\n") {
		t.Errorf("-width 120 did not override COLUMNS=50:\n%s", out)
	}
	if _, errOut, code := runPlay(t, "", "-width", "10"); code != 2 || !strings.Contains(errOut, "-width 10 is too narrow") {
		t.Errorf("-width 10: exit %d: %s", code, errOut)
	}
}

// TestWhyOfANineKingdomsCard asks why of a card of Nine Kingdoms, whose
// cards are numbers: one in hand that moves use, and one not held.
func TestWhyOfANineKingdomsCard(t *testing.T) {
	out, _, code := runPlay(t, "why 4\nwhy 6\nwhy $\nwhy 3\nq\n", "-game", "ninekingdoms", "-seed", "1796283588172358654", "-bot", "random", "-width", "200")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	wants(t, out,
		"4 is offered:\n   1  choose 4 6\n   2  choose 4 7\n   3  choose 4 $\n",
		"6 is offered:\n   1  choose 4 6\n   4  choose 6 7\n   5  choose 6 $\n",
		"$ is offered:\n   3  choose 4 $\n",
		"You hold no 3.\nOther moves that name 3 are not offered now:\n",
	)
	if strings.Contains(out, "claim Kingdom 4, stash 4") {
		t.Errorf("why 4 answers with the moves of another decision:\n%s", out)
	}
}

// TestAnIllegalMoveIsAnsweredWithItsReason types a move that reads well
// and that the rules refuse now: the answer is the rules' reason at once.
func TestAnIllegalMoveIsAnsweredWithItsReason(t *testing.T) {
	out, _, code := runPlay(t, "play 9h\n4h 4s\nplay 4d 4h\nplay 9h 10s\nq\n", "-game", "bastards", "-seed", "3", "-bot", "random", "-width", "200")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	wants(t, out,
		"play 9♥ is not offered now: 9♥ does not beat 9♣: play a higher single, or a 2, or pass\n",
		"play 4♥ 4♠ is not offered now: play a single to follow P4's 9♣, or a 2, or pass\n",
		`No move reads "play 4d 4h": you hold no 4♦.`,
		`No move reads "play 9h 10s": you hold no 10♠.`,
	)
}

// TestASaveNeverOverwritesAnother quits two games of the same seed: the
// second is saved beside the first, which is left as it was.
func TestASaveNeverOverwritesAnother(t *testing.T) {
	t.Chdir(t.TempDir())
	args := []string{"-game", "crown", "-seed", "7", "-bot", "random", "-width", "200"}
	out, _, _ := runPlay(t, "1\nq\ny\n", args...)
	wants(t, out, "Saved the game to saves/crown-7.json;")
	first, err := os.ReadFile("saves/crown-7.json")
	if err != nil {
		t.Fatal(err)
	}
	out, _, _ = runPlay(t, "q\ny\n", args...)
	wants(t, out, "Quit, saving the game to saves/crown-7-2.json to play on later?", "Saved the game to saves/crown-7-2.json;")
	if again, _ := os.ReadFile("saves/crown-7.json"); string(again) != string(first) {
		t.Errorf("the first save was overwritten:\n%s\n%s", first, again)
	}
	if second, err := os.ReadFile("saves/crown-7-2.json"); err != nil || string(second) == string(first) {
		t.Errorf("the second save holds %s (%v)", second, err)
	}
}

// TestSavesAndDatabasesAreIgnored checks that git ignores what the
// programs write where they are run: the terminal's saves and the
// server's database.
func TestSavesAndDatabasesAreIgnored(t *testing.T) {
	data, err := os.ReadFile("../../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"saves/", "games.db"} {
		if !strings.Contains(string(data), "\n"+want) {
			t.Errorf(".gitignore does not ignore %s", want)
		}
	}
}
