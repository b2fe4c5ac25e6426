package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/catalog"
)

func runPlay(t *testing.T, input string, args ...string) (string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(input), &out, &errOut)
	return out.String() + errOut.String(), code
}

func TestAutoPlaysEveryGameToAResult(t *testing.T) {
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			out, code := runPlay(t, "", "-game", name, "-auto", "-seed", "7")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code != 0 || !strings.HasPrefix(lines[len(lines)-1], "result: ") {
				t.Fatalf("exit %d, last line %q", code, lines[len(lines)-1])
			}
			again, _ := runPlay(t, "", "-game", name, "-auto", "-seed", "7")
			if again != out {
				t.Error("the same seed played a different game")
			}
		})
	}
}

func TestAutoBastardsFivePlayers(t *testing.T) {
	out, code := runPlay(t, "", "-game", "bastards", "-players", "5", "-auto", "-seed", "7")
	if code != 0 || !strings.Contains(out, "round 3 is over") || !strings.Contains(out, "\nresult: ") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestInteractiveAsksAgainAfterBadInput(t *testing.T) {
	out, code := runPlay(t, "abc\n0\n999\n1\nq\n", "-game", "bastards", "-players", "4", "-seed", "3", "-bot", "random")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if n := strings.Count(out, "Please type a number"); n != 3 {
		t.Errorf("%d complaints about bad input, want 3:\n%s", n, out)
	}
	if !strings.Contains(out, "Your moves:") || !strings.HasSuffix(strings.TrimSpace(out), "Goodbye.") {
		t.Errorf("no moves listed or no goodbye:\n%s", out)
	}
}

func TestInteractivePlaysAWholeGame(t *testing.T) {
	// Always choosing the first move plays a whole game to its end.
	input := strings.Repeat("1\n", 2000)
	out, code := runPlay(t, input, "-game", "bastards", "-players", "4", "-seed", "5", "-bot", "random", "-o", "rounds=1")
	if code != 0 || !strings.Contains(out, "\nresult: ") {
		t.Fatalf("exit %d:\n%s", code, out[max(0, len(out)-2000):])
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-game", "bastards", "-players", "99", "-auto"},
		{"-game", "bastards", "-o", "match=true"},
		{"-game", "bastards", "-seat", "9"},
		{"-game", "bastards", "-bot", "genius", "-auto"},
	} {
		if out, code := runPlay(t, "", args...); code == 0 {
			t.Errorf("%q: exit 0, want an error:\n%s", args, out)
		}
	}
	if out, code := runPlay(t, "", "-h"); code != 0 || !strings.Contains(out, "Usage:") {
		t.Errorf("-h: exit %d:\n%s", code, out)
	}
	if _, code := runPlay(t, "", "stray"); code != 2 {
		t.Errorf("a stray argument: exit %d, want 2", code)
	}
}

func TestAutoNineKingdomsMatch(t *testing.T) {
	out, code := runPlay(t, "", "-game", "ninekingdoms", "-players", "3", "-auto", "-o", "match=true", "-seed", "2")
	last := out[strings.LastIndex(strings.TrimSpace(out), "\n")+1:]
	if code != 0 || !strings.HasPrefix(last, "result: ") {
		t.Fatalf("exit %d, last line %q", code, last)
	}
	if strings.Count(out, "Game over") > 0 || !strings.Contains(out, "wins the match") {
		t.Errorf("a match plays games on until someone wins the match:\n%s", out[max(0, len(out)-1500):])
	}
}
