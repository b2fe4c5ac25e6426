package balance

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/examples/crazyeights"
)

// games are the games the lab is tried on: the module's four and the
// tutorial game, written as a designer outside the module writes one.
func games() []anygame.Game {
	return append(catalog.Games(), anygame.Of(crazyeights.Rules{}))
}

// small are the flags of a report of few games, for a test.
var small = []string{"-games", "6", "-bot", "ismcts:iterations=8", "-ladder", "random,ismcts:iterations=8", "-ladder-games", "4", "-opponent-games", "4", "-progress=false"}

// TestEveryGamesReportIsAWellFormedPage runs the lab on each game with
// few games and checks its page: well formed, with every part, and
// nothing it would fetch from the network.
func TestEveryGamesReportIsAWellFormedPage(t *testing.T) {
	for _, g := range games() {
		name := g.Info().Name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), name+".html")
			var out, errOut bytes.Buffer
			args := append([]string{"-game", name, "-out", path}, small...)
			if code := (Program{Games: games()}).Run(args, &out, &errOut); code != 0 {
				t.Fatalf("exit %d\n%s", code, errOut.String())
			}
			if !strings.Contains(out.String(), "P1 wins") || !strings.Contains(out.String(), "Ladder (Elo") {
				t.Errorf("the headlines lack the seats or the ladder:\n%s", out.String())
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkPage(t, b)
			for _, part := range []string{`id="seats"`, `id="length"`, `id="happens"`, `id="decisions"`, `id="skill"`, "<svg", "Reproduce it"} {
				if !bytes.Contains(b, []byte(part)) {
					t.Errorf("the page lacks %s", part)
				}
			}
		})
	}
}

// checkPage checks that a page is well formed — every element closed,
// as an XML parser reads it — and asks nothing of the network: no
// address, no script, no style sheet or font from elsewhere.
func checkPage(t *testing.T, page []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = true
	var open []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the page is not well formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			open = append(open, e.Name.Local)
		case xml.EndElement:
			open = open[:len(open)-1]
		}
	}
	if len(open) != 0 {
		t.Errorf("elements left open: %v", open)
	}
	for _, pattern := range []string{`(?i)https?:`, `(?i)\bsrc\s*=`, `(?i)<script`, `(?i)<link`, `(?i)@import`, `(?i)url\(`, `(?i)href\s*=\s*"[^#]`} {
		if loc := regexp.MustCompile(pattern).FindIndex(page); loc != nil {
			t.Errorf("the page refers to the network (%s): %q", pattern, page[max(loc[0]-40, 0):min(loc[1]+40, len(page))])
		}
	}
}

// TestTheSameSeedPlaysTheSameGames: the report of a seed is the same on
// one worker as on four.
func TestTheSameSeedPlaysTheSameGames(t *testing.T) {
	lab := Lab{Game: anygame.Of(crazyeights.Rules{}), Players: []int{2, 3}, Bot: "ismcts:iterations=5", Games: 8,
		Ladder: []string{"random", "montecarlo:samples=2"}, LadderGames: 6, Seed: 5}
	lab.Workers = 1
	one, err := lab.Run()
	if err != nil {
		t.Fatal(err)
	}
	lab.Workers = 4
	four, err := lab.Run()
	if err != nil {
		t.Fatal(err)
	}
	if a, b := one.Headlines(), four.Headlines(); !slices.Equal(a, b) {
		t.Errorf("one worker:\n%s\nfour:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	if one.Games != 2*8+6 || len(one.Counts) != 2 || one.Counts[1].Players != 3 {
		t.Errorf("%d games, counts %d", one.Games, len(one.Counts))
	}
}

// TestTheSoloAutomatonIsFoundAndEachHeadStartMeasured: Packs Kingdoms
// plays a seat itself in its solo game; the lab finds it among the
// options and measures each bot at each head start, and compares the
// variants the game allows, telling those it refuses.
func TestTheSoloAutomatonIsFoundAndEachHeadStartMeasured(t *testing.T) {
	g, _ := catalog.Lookup("packs")
	rep, err := Lab{Game: g, Bot: "random", Games: 4, Variants: Variants(g.Info()), Ladder: []string{"random", "ismcts:iterations=4"},
		LadderGames: 2, Opponent: true, OpponentGames: 3, Seed: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	o := rep.Opponent
	if o == nil || o.Option != "headStart" || !slices.Equal(o.Values, []string{"0", "1", "2", "3"}) || len(o.Rates) != 2 || o.Options["solo"] != true ||
		o.Games != 3 || o.MaxGames != 3 {
		t.Fatalf("opponent %+v", o)
	}
	if len(rep.Variants) != 1 || rep.Variants[0].Option != "solo" {
		t.Errorf("variants %v", rep.Variants)
	}
	if len(rep.Refused) != 3 || !strings.HasPrefix(rep.Refused[0], "headStart=1: ") {
		t.Errorf("refused %q", rep.Refused)
	}
	solo := rep.Variants[0].Arms[1]
	if !solo.Seats[1].Automaton || solo.Seats[0].Automaton {
		t.Errorf("the solo game's seats: %+v", solo.Seats)
	}
}

// TestAGameCalledAtItsLimitIsCounted: a game of Claim the Crown cut to
// one turn is a draw the limit ended, and the report says so.
func TestAGameCalledAtItsLimitIsCounted(t *testing.T) {
	g, _ := catalog.Lookup("crown")
	rep, err := Lab{Game: g, Options: map[string]any{"maxTurns": 1}, Bot: "random", Games: 5}.Run()
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Counts[0]
	if m.Limit.Rate != 1 || m.Drawn.Rate != 1 || len(m.Endings) != 1 || m.Endings[0].Name != "a draw at the turn limit" || !m.Endings[0].Limit {
		t.Errorf("limit %v, drawn %v, endings %+v", m.Limit, m.Drawn, m.Endings)
	}
	if m.Seats[0].Fair != 0 || m.Seats[0].Draw.Rate != 1 {
		t.Errorf("seats of games all drawn: %+v", m.Seats)
	}
}

// TestWhatHappensIsCountedFromTheEventsData: in a game whose events
// carry data, what happens is counted from the data — each kind, for the
// seat it names, and its members' values — not from the text nor the
// moves; forced decisions are told, and a kind of move offered but never
// played is a dead rule.
func TestWhatHappensIsCountedFromTheEventsData(t *testing.T) {
	g, _ := catalog.Lookup("bastards")
	rep, err := Lab{Game: g, Options: map[string]any{"rounds": 1}, Bot: "random", Games: 4}.Run()
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Counts[0]
	names := map[string]Happening{}
	for _, h := range m.Happenings {
		names[h.Name] = h
		if h.Family != "event" {
			t.Errorf("%s %s counted, not from the events' data", h.Family, h.Name)
		}
	}
	played, trump := names["played"], names["wonTrick: trump yes"]
	if played.Total == 0 || played.Games.Rate != 1 || trump.Group != "wonTrick: trump" || names["passed"].Total == 0 {
		t.Errorf("happenings %v", slices.Sorted(maps.Keys(names)))
	}
	if _, ok := names["play"]; ok {
		t.Errorf("the move play counted beside the events")
	}
	if m.Decisions.Forced.N != sum(m.Moves.Values) || m.Decisions.Forced.Rate <= 0 {
		t.Errorf("decisions %+v of %d moves", m.Decisions.Forced, sum(m.Moves.Values))
	}
	// A game of one kind the bot never plays.
	never := Lab{Game: anygame.Of(crazyeights.Rules{}), Bot: "random", Games: 3}
	if r, err := never.Run(); err != nil || slices.Contains(r.Counts[0].Never, "play") {
		t.Errorf("never %v, %v", r.Counts[0].Never, err)
	}
}

// TestEachKingdomsClaimsAreCounted: Nine Kingdoms' claims of each kingdom
// are counted from the events' data, seat by seat.
func TestEachKingdomsClaimsAreCounted(t *testing.T) {
	g, _ := catalog.Lookup("ninekingdoms")
	rep, err := Lab{Game: g, Bot: "random", Games: 6}.Run()
	if err != nil {
		t.Fatal(err)
	}
	kingdoms := 0
	for _, h := range rep.Counts[0].Happenings {
		if strings.HasSuffix(h.Group, ": kingdom") {
			kingdoms++
		}
	}
	if kingdoms < 5 {
		t.Errorf("%d values of kingdoms counted: %v", kingdoms, rep.Counts[0].Happenings)
	}
}

// TestMembersValues: a member's values as the lab counts them.
func TestMembersValues(t *testing.T) {
	for raw, want := range map[string][]string{
		`"7D"`: {"♦"}, `"X1"`: {"joker"}, `"Bribe"`: {"Bribe"}, `3`: {"3"}, `true`: {"yes"}, `false`: nil, `null`: nil,
		`["7D","8D"]`: {"×2"}, `["royalCouncil","factionSupremacy"]`: {"royalCouncil", "factionSupremacy"},
		`["4","$","4"]`: {"4", "$"}, `[1,2]`: {"×2"}, `[]`: {"×0"}, `{"a":1}`: nil,
	} {
		if got := valuesOf([]byte(raw)); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}

func sum(v []int) int {
	n := 0
	for _, x := range v {
		n += x
	}
	return n
}

// TestBadFlagsAreRefused: flags that describe no report exit 2 before a
// game is played.
func TestBadFlagsAreRefused(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"}, {"-players", "9", "-game", "crown"}, {"-vary", "colour=red"}, {"-bot", "genius"},
		{"-o", "seed=3"}, {"-games", "-1"}, {"-players", "x"},
	} {
		var out, errOut bytes.Buffer
		if code := (Program{}).Run(append(args, "-out", filepath.Join(t.TempDir(), "x.html")), &out, &errOut); code != 2 {
			t.Errorf("%q: exit %d\n%s", args, code, errOut.String())
		}
	}
	var errOut bytes.Buffer
	if code := (Program{}).Run([]string{"-h"}, io.Discard, &errOut); code != 0 || !strings.Contains(errOut.String(), "Examples:") {
		t.Errorf("-h: exit %d\n%s", code, errOut.String())
	}
}

// TestRatesAndWinShares: a shared win is a share, a drawn game no win.
func TestRatesAndWinShares(t *testing.T) {
	pg := &played{players: 3, winners: cards.PlayersOf(0).With(2)}
	if winShare(pg, 0) != 0.5 || winShare(pg, 1) != 0 {
		t.Errorf("shares %v %v", winShare(pg, 0), winShare(pg, 1))
	}
	if r := rateOf(0, 0); r.Lo != 0 || r.Hi != 1 {
		t.Errorf("a rate of no trial: %+v", r)
	}
}

// TestTheDefaultLadder: a report told no ladder ranks the random bot,
// the Monte Carlo bot, the ISMCTS bot at two strengths and the expert
// bot at the lesser one, so that the ladder shows the expert's gain at
// the same work.
func TestTheDefaultLadder(t *testing.T) {
	cfg, err := Program{Games: games()}.parse([]string{"-game", "packs"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	lab, err := cfg.lab(Program{Games: games()})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lab.Ladder, DefaultLadder) {
		t.Errorf("ladder %q, want %q", lab.Ladder, DefaultLadder)
	}
	var names []string
	strengths := map[string]bool{}
	for _, spec := range DefaultLadder {
		if err := anygame.CheckBot(spec); err != nil {
			t.Error(err)
		}
		name, opts, _ := strings.Cut(spec, ":")
		names = append(names, name)
		if name == anygame.ISMCTSBot {
			strengths[opts] = true
		}
	}
	for _, want := range []string{anygame.RandomBot, anygame.MonteCarloBot, anygame.ISMCTSBot, anygame.ExpertBot} {
		if !slices.Contains(names, want) {
			t.Errorf("the ladder lacks the %s bot", want)
		}
	}
	if len(strengths) < 2 || !strengths[strings.TrimPrefix(DefaultLadder[len(DefaultLadder)-1], anygame.ExpertBot+":")] {
		t.Errorf("the ladder's ISMCTS strengths %v, and the expert's %q", strengths, DefaultLadder[len(DefaultLadder)-1])
	}
}

// TestDurationsAreRoundedForPeople: three significant digits.
func TestDurationsAreRoundedForPeople(t *testing.T) {
	for d, want := range map[time.Duration]string{
		26650306 * time.Nanosecond: "26.7ms", 1897 * time.Nanosecond: "1.9µs", 999: "999ns", 0: "0s", 3 * time.Second: "3s",
	} {
		if got := roundDuration(d).String(); got != want {
			t.Errorf("%v: %s, want %s", d, got, want)
		}
	}
}

// TestTheLiftHeadlineLeavesOutTheWinItself: an event whose every maker
// won (as the event of the win, which a game called at its limit wins
// without) tells the win, not what leads to it; the headline tells the
// kind whose makers won most beside it.
func TestTheLiftHeadlineLeavesOutTheWinItself(t *testing.T) {
	m := &Measure{Happenings: []Happening{
		{Family: "event", Name: "won", WonWhen: rateOf(100, 100), WonWithout: rateOf(2, 100)},
		{Family: "event", Name: "bribed", WonWhen: rateOf(70, 100), WonWithout: rateOf(40, 100)},
		{Family: "move", Name: "pass", WonWhen: rateOf(52, 100), WonWithout: rateOf(48, 100)},
	}}
	if got, want := liftHeadline(m), "Seats that made an event bribed at least once won 70.0%"; !strings.HasPrefix(got, want) {
		t.Errorf("%q, want it to begin %q", got, want)
	}
}
