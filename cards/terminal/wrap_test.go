package terminal

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWrapLine(t *testing.T) {
	for _, tc := range []struct {
		line  string
		width int
		want  []string
	}{
		{"short", 20, []string{"short"}},
		{"the quick brown fox jumps", 10, []string{"the quick", "  brown", "  fox", "  jumps"}},
		{"  P1 played 3♣ and the trick", 16, []string{"  P1 played 3♣", "    and the", "    trick"}},
		{"  12  play 🃏 as 10 and more words", 20, []string{"  12  play 🃏 as 10", "      and more words"}},
		{"  why CARD   why a card is not offered", 28, []string{"  why CARD   why a card is", "             not offered"}},
		{"a wordlongerthanthewidth b", 10, []string{"a", "  wordlongerthanthewidth", "  b"}},
		{"keep  two  spaces here", 12, []string{"keep  two", "      spaces", "      here"}},
		{"keep two  spaces here", 12, []string{"keep two", "  spaces", "  here"}}, // the second column too far
		{"no wrap at zero width", 0, []string{"no wrap at zero width"}},
	} {
		got := wrapLine(tc.line, tc.width)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("wrapLine(%q, %d) (-want +got):\n%s", tc.line, tc.width, diff)
		}
	}
}

func TestTextWidthCountsWideCharactersTwice(t *testing.T) {
	for text, want := range map[string]int{"7♦ 7♣": 5, "🃏 as K": 7, "": 0} {
		if got := textWidth(text); got != want {
			t.Errorf("textWidth(%q) = %d, want %d", text, got, want)
		}
	}
}

func TestWrapperKeepsAPromptOnItsLine(t *testing.T) {
	var b strings.Builder
	w := &wrapper{w: &b, width: 20}
	w.Write([]byte("a line long enough to wrap\nYour move (1-3): "))
	if got, want := b.String(), "a line long enough\n  to wrap\n"; got != want {
		t.Errorf("before Flush: %q, want %q", got, want)
	}
	w.Flush()
	if got, want := b.String(), "a line long enough\n  to wrap\nYour move (1-3): "; got != want {
		t.Errorf("after Flush: %q, want %q", got, want)
	}
}
