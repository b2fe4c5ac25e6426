package tournament

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/examples/crazyeights"
)

func runTournament(t *testing.T, args ...string) (out, errOut string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = Program{}.Run(args, &o, &e)
	return o.String(), e.String(), code
}

func TestTournamentReportsEveryBot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.csv")
	out, errOut, code := runTournament(t, "-game", "crown", "-games", "4", "-bots", "ismcts:iterations=20,exploration=1,random", "-seed", "3", "-csv", path)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	for _, want := range []string{"Claim the Crown, 2 players, 4 games on 2 deals (seed 3)", "ismcts:iterations=20,exploration=1", "random", "95% interval", "Average game:"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "4 of 4 games played") {
		t.Errorf("no progress on standard error: %q", errOut)
	}
	rows := readCSV(t, path)
	if len(rows) != 1+4*2 || rows[0][0] != "game" {
		t.Fatalf("the CSV holds %d rows: %v", len(rows), rows)
	}
	other := filepath.Join(t.TempDir(), "again.csv")
	runTournament(t, "-game", "crown", "-games", "4", "-bots", "ismcts:iterations=20,exploration=1,random", "-seed", "3", "-workers", "1", "-progress=false", "-csv", other)
	if again := readCSV(t, other); !slices.EqualFunc(rows, again, func(a, b []string) bool {
		return slices.Equal(a[:7], b[:7]) && slices.Equal(a[8:], b[8:]) // all but the seconds
	}) {
		t.Errorf("one worker played other games:\n%v\n%v", again, rows)
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestTournamentSoloReportsTheAutomaton(t *testing.T) {
	out, errOut, code := runTournament(t, "-game", "packs", "-o", "solo=true", "-o", "headStart=3", "-games", "2", "-bots", "ismcts:iterations=10", "-progress=false")
	if code != 0 || !strings.Contains(out, "(automaton)") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestTournamentCountsDraws: a game called a draw has winners, the
// players who drew, yet ends without a winner, and the report counts it so.
func TestTournamentCountsDraws(t *testing.T) {
	out, errOut, code := runTournament(t, "-game", "crown", "-o", "maxTurns=1", "-games", "2", "-bots", "random", "-progress=false")
	if code != 0 || !strings.Contains(out, "2 game(s) ended without a winner.") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}

func TestTournamentRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"}, {"-bots", "deepblue"}, {"-bots", "ismcts:strength=9"}, {"-games", "0"},
		{"-game", "crown", "-bots", "random,random,random"}, {"-o", "seed=3"}, {"-o", "players=99"},
		{"-players", "99"}, {"stray"},
	} {
		if _, _, code := runTournament(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	out, errOut, code := runTournament(t, "-h")
	if code != 0 || out != "" || !strings.Contains(errOut, "strength") || !strings.Contains(errOut, "Options of the games") {
		t.Errorf("-h: exit %d\n%s", code, errOut)
	}
}

// TestTheReadmesCommandsAreGood sets up the tournaments the README runs,
// without playing them.
func TestTheReadmesCommandsAreGood(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	commands := regexp.MustCompile(`go run \./examples/tournament([^\n`+"`"+`]*)`).FindAllStringSubmatch(string(readme), -1)
	if len(commands) == 0 {
		t.Fatal("the README runs no tournament")
	}
	for _, c := range commands {
		var e bytes.Buffer
		cfg, err := parseFlags(Program{Name: "tournament", Games: catalog.Games()}, strings.Fields(c[1]), &e)
		if err == nil {
			_, err = newTournament(cfg)
		}
		if err != nil {
			t.Errorf("go run ./examples/tournament%s: %v %s", c[1], err, e.String())
		}
	}
}

// TestAnOutsideGameIsPlayed plays a tournament of a game from outside the
// module's catalog, given as a value.
func TestAnOutsideGameIsPlayed(t *testing.T) {
	var o, e bytes.Buffer
	prog := Program{Name: "eights", Games: []anygame.Game{anygame.Of(crazyeights.Rules{})}}
	if code := prog.Run([]string{"-games", "8", "-players", "3", "-bots", "ismcts:iterations=20,random", "-progress=false"}, &o, &e); code != 0 {
		t.Fatalf("exit %d\n%s", code, e.String())
	}
	for _, want := range []string{"Crazy Eights, 3 players, 8 games", "ismcts:iterations=20", "random"} {
		if !strings.Contains(o.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, o.String())
		}
	}
	e.Reset()
	if code := prog.Run([]string{"-game", "crown"}, &o, &e); code != 2 || !strings.Contains(e.String(), `eights: bad input: no game is named "crown" (the games are crazyeights)`) {
		t.Errorf("exit %d: %s", code, e.String())
	}
}
