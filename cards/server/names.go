package server

import (
	"fmt"
	"net/http"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
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

// prepareName returns the name as it is kept and shown, or the refusal
// that says why it cannot be.
func prepareName(name string) (string, error) {
	bad := func(why string) error {
		return refuse(http.StatusUnprocessableEntity, CodeBadName, "a name "+why)
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
	for _, r := range p {
		if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || unicode.IsControl(r) {
			return "", bad("has no invisible or control characters")
		}
	}
	return p, nil
}

// sameName reports whether two prepared names are one name.
func sameName(a, b string) bool { return precis.Nickname.Compare(a, b) }
