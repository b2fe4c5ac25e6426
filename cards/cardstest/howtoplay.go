package cardstest

import (
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// MaxHowToPlayWords bounds the words of a game's How to play (its
// glossary aside): about five minutes' reading.
const MaxHowToPlayWords = 1250

// CheckHowToPlay checks a game's rules as written for people (info's
// HowToPlay, Glossary and Legend): every section has a title and
// paragraphs, the whole reads in a few minutes (MaxHowToPlayWords), every
// term of the glossary appears in the text and is explained in a sentence
// (ending with a full stop), and so is each of keys, the game's key terms:
// each appears in the text and the glossary explains it (LookupTerm finds
// it). The legend's lines each have a term and a meaning.
func CheckHowToPlay(t *testing.T, info cards.GameInfo, keys ...string) {
	t.Helper()
	if len(info.HowToPlay) == 0 || len(info.Glossary) == 0 {
		t.Fatalf("%s has no How to play or no glossary", info.Title)
	}
	var text strings.Builder
	for _, s := range info.HowToPlay {
		if s.Title == "" || len(s.Paragraphs) == 0 || s.Title == cards.GlossaryTitle {
			t.Errorf("section %q of the How to play has no title or no paragraph, or is the glossary", s.Title)
		}
		text.WriteString(s.Title + "\n")
		for _, p := range s.Paragraphs {
			if strings.TrimSpace(p) == "" {
				t.Errorf("section %q has an empty paragraph", s.Title)
			}
			text.WriteString(p + "\n")
		}
	}
	if n := len(strings.Fields(text.String())); n > MaxHowToPlayWords {
		t.Errorf("the How to play of %s has %d words, over %d: a few minutes' reading", info.Title, n, MaxHowToPlayWords)
	}
	lower := strings.ToLower(text.String())
	for _, term := range info.Glossary {
		if !strings.Contains(lower, strings.ToLower(term.Term)) {
			t.Errorf("the glossary explains %q, which the How to play never says", term.Term)
		}
		if !strings.HasSuffix(term.Meaning, ".") || len(strings.Fields(term.Meaning)) < 4 {
			t.Errorf("the glossary's %q is not explained in a sentence: %q", term.Term, term.Meaning)
		}
	}
	for _, key := range keys {
		if !strings.Contains(lower, strings.ToLower(key)) {
			t.Errorf("the How to play of %s never says %q", info.Title, key)
		}
		if len(info.LookupTerm(key)) == 0 {
			t.Errorf("the glossary of %s does not explain %q", info.Title, key)
		}
	}
	for _, l := range info.Legend {
		if l.Term == "" || l.Meaning == "" {
			t.Errorf("a line of the legend has no term or no meaning: %+v", l)
		}
	}
}
