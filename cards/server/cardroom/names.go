package cardroom

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"

	"github.com/cardrules/games/cards/anygame"
)

// MaxName is the most characters of a player's name.
const MaxName = 24

// A player's name is a stranger's input, shown to the others. It is
// prepared as RFC 8266 (PRECIS) prepares nicknames: spaces of every kind
// are one space, none at either end; compatibility forms are mapped to
// their plain letters (NFKC: "Ａｎｎ" is "Ann"); and control, format and
// other invisible characters (a zero-width space, a right-to-left
// override) are refused. Two names of one game may not be the same after
// that and case folding ("Ann" and "ANN" are one name). Names in other
// scripts whose letters look alike ("Аnn", with a Cyrillic A) are kept
// distinct: telling confusables apart needs Unicode's tables of them,
// which the module does not carry; every place that shows a name shows
// its seat beside it, and shows it as text, never as markup.
//
// A name must show: characters that print as nothing (the Unicode
// default-ignorable ones, and blanks such as U+2800 BRAILLE PATTERN BLANK
// or U+3164 HANGUL FILLER) are refused, and so are more than two
// combining marks on one letter, which draw over the lines around the
// name. A name may not pass for something else the page shows: a seat
// ("P2"), a kind of seat ("open", "human") or a bot ("random").

// prepareName returns the name as it is kept and shown, or the refusal
// that says why it cannot be.
func prepareName(name string) (string, error) {
	bad := func(why string) error {
		return refuse(CodeBadName, "a name "+why)
	}
	if !utf8.ValidString(name) {
		return "", bad("is text (UTF-8)")
	}
	p, err := precis.Nickname.String(name)
	switch {
	case err != nil:
		return "", bad("has letters, digits, marks, punctuation, symbols and spaces only, and no invisible or control characters")
	case p == "":
		return "", bad("is not empty")
	case utf8.RuneCountInString(p) > MaxName:
		return "", bad(fmt.Sprintf("has at most %d characters", MaxName))
	}
	marks := 0
	for _, r := range p {
		if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || unicode.IsControl(r) || unicode.Is(blank, r) {
			return "", bad("has no invisible or control characters")
		}
		if unicode.In(r, unicode.Mn, unicode.Me) {
			if marks++; marks > maxMarks {
				return "", bad(fmt.Sprintf("has at most %d marks on a letter", maxMarks))
			}
		} else {
			marks = 0
		}
	}
	if reserved(p) {
		return "", bad("looks like nothing else the page shows: a seat (P2), a kind of seat (open, human) or a bot (random)")
	}
	return p, nil
}

// maxMarks is the most combining marks a name's letter may carry.
const maxMarks = 2

// blank holds the characters that print as nothing, beside the format
// characters (Cf): Unicode's default-ignorable code points and the
// blanks and fillers of scripts.
var blank = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x034f, Hi: 0x034f, Stride: 1}, // combining grapheme joiner
		{Lo: 0x115f, Hi: 0x1160, Stride: 1}, // Hangul fillers
		{Lo: 0x17b4, Hi: 0x17b5, Stride: 1}, // Khmer inherent vowels
		{Lo: 0x180b, Hi: 0x180f, Stride: 1}, // Mongolian variation selectors
		{Lo: 0x2800, Hi: 0x2800, Stride: 1}, // braille pattern blank
		{Lo: 0x3164, Hi: 0x3164, Stride: 1}, // Hangul filler
		{Lo: 0xfe00, Hi: 0xfe0f, Stride: 1}, // variation selectors
		{Lo: 0xffa0, Hi: 0xffa0, Stride: 1}, // halfwidth Hangul filler
	},
	R32: []unicode.Range32{
		{Lo: 0x16fe4, Hi: 0x16fe4, Stride: 1}, // Khitan small script filler
		{Lo: 0x1bca0, Hi: 0x1bca3, Stride: 1}, // shorthand format controls
		{Lo: 0x1d173, Hi: 0x1d17a, Stride: 1}, // musical formatting
		{Lo: 0xe0000, Hi: 0xe0fff, Stride: 1}, // tags, variation selectors supplement
	},
}

// seatLabel matches how the page names a seat: P1, P2, …
var seatLabel = regexp.MustCompile(`(?i)(^|[^\pL\pN])p[0-9]+($|[^\pL\pN])`)

// reserved reports whether a prepared name passes for something else the
// page shows: a seat, a kind of seat, a bot.
func reserved(name string) bool {
	if seatLabel.MatchString(name) {
		return true
	}
	for _, word := range append([]string{Human, Open, "host", "spectator", "bot"}, botNames()...) {
		if strings.EqualFold(name, word) {
			return true
		}
	}
	return false
}

// botNames returns the names of the bots.
func botNames() []string {
	var names []string
	for _, b := range anygame.BotInfos() {
		names = append(names, b.Name)
	}
	return names
}

// sameName reports whether two prepared names are one name.
func sameName(a, b string) bool { return precis.Nickname.Compare(a, b) }
