package cards

import (
	"strings"
)

// A Section is one part of a game's rules as written for people: a title
// ("A turn") and its paragraphs, each plain text in one line, for any
// program to wrap and show as it likes.
type Section struct {
	Title      string   `json:"title"`
	Paragraphs []string `json:"paragraphs"`
}

// fields lists the members of the section's JSON, in order.
func (s *Section) fields() []field {
	return []field{{Name: "title", Ptr: &s.Title}, {Name: "paragraphs", Ptr: &s.Paragraphs}}
}

// AppendJSON appends the section's JSON to b.
func (s Section) AppendJSON(b []byte) ([]byte, error) { return appendFields(b, s.fields()) }

// MarshalJSON encodes the section as AppendJSON does.
func (s Section) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (s *Section) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "a section of a game's rules", s.fields())
	return err
}

// A Term is a word of a game ("King", "decree", "run") and what it means,
// in a sentence or two.
type Term struct {
	Term    string `json:"term"`
	Meaning string `json:"meaning"`
}

// fields lists the members of the term's JSON, in order.
func (t *Term) fields() []field {
	return []field{{Name: "term", Ptr: &t.Term}, {Name: "meaning", Ptr: &t.Meaning}}
}

// AppendJSON appends the term's JSON to b.
func (t Term) AppendJSON(b []byte) ([]byte, error) { return appendFields(b, t.fields()) }

// MarshalJSON encodes the term as AppendJSON does.
func (t Term) MarshalJSON() ([]byte, error) { return t.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (t *Term) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "a term of a game", t.fields())
	return err
}

// GlossaryTitle is the title of the section of a rules text that holds
// its glossary (see ParseHowToPlay).
const GlossaryTitle = "Glossary"

// ParseHowToPlay reads a game's rules as written for people, in the plain
// text a game package embeds: sections, each opened by a line "# Title",
// of paragraphs separated by blank lines (the lines of a paragraph are
// joined with spaces). The section titled GlossaryTitle is the glossary:
// each of its paragraphs is a term, a colon and its meaning ("King: the
// first player out of a round."). It returns the other sections, in
// order, and the glossary's terms, in order. A text without a section or
// a glossary, a section without paragraphs, text before the first
// section, a glossary entry without a meaning or a term given twice is an
// error wrapping ErrBadInput.
func ParseHowToPlay(text string) ([]Section, []Term, error) {
	var sections []Section
	var paragraph []string
	end := func() {
		if len(paragraph) > 0 && len(sections) > 0 {
			s := &sections[len(sections)-1]
			s.Paragraphs = append(s.Paragraphs, strings.Join(paragraph, " "))
		}
		paragraph = paragraph[:0]
	}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "#"):
			end()
			sections = append(sections, Section{Title: strings.TrimSpace(line[1:])})
		case line == "":
			end()
		case len(sections) == 0:
			return nil, nil, BadInput("line %d of a rules text comes before its first section (# Title)", n+1)
		default:
			paragraph = append(paragraph, line)
		}
	}
	end()
	var glossary []Term
	for i := 0; i < len(sections); i++ {
		s := sections[i]
		switch {
		case s.Title == "":
			return nil, nil, BadInput("a section of a rules text has no title")
		case len(s.Paragraphs) == 0:
			return nil, nil, BadInput("section %q of a rules text has no paragraph", s.Title)
		case s.Title != GlossaryTitle:
			continue
		case glossary != nil:
			return nil, nil, BadInput("a rules text has two glossaries")
		}
		var err error
		if glossary, err = parseGlossary(s.Paragraphs); err != nil {
			return nil, nil, err
		}
		sections = append(sections[:i], sections[i+1:]...)
		i--
	}
	switch {
	case len(sections) == 0:
		return nil, nil, BadInput("a rules text has no section")
	case glossary == nil:
		return nil, nil, BadInput("a rules text has no section %q", GlossaryTitle)
	}
	return sections, glossary, nil
}

// parseGlossary reads the paragraphs of a glossary, each "term: meaning".
func parseGlossary(paragraphs []string) ([]Term, error) {
	terms := make([]Term, 0, len(paragraphs))
	for _, p := range paragraphs {
		term, meaning, ok := strings.Cut(p, ": ")
		term, meaning = strings.TrimSpace(term), strings.TrimSpace(meaning)
		if !ok || term == "" || meaning == "" {
			return nil, BadInput("glossary entry %q is not a term, a colon and its meaning", p)
		}
		if len(lookup(terms, term, sameTerm)) > 0 {
			return nil, BadInput("the glossary explains %q twice", term)
		}
		terms = append(terms, Term{Term: term, Meaning: meaning})
	}
	return terms, nil
}

// MustParseHowToPlay is ParseHowToPlay for the text a game package embeds:
// it panics if the text is malformed, as the package's first test shows.
func MustParseHowToPlay(text string) ([]Section, []Term) {
	sections, glossary, err := ParseHowToPlay(text)
	if err != nil {
		panic(err)
	}
	return sections, glossary
}

// LookupTerm returns the terms of the info's glossary that name means: the
// term that name is, in any case and with or without a plural s ("kings"
// for "King"); or else every term that starts with name ("roy" for "Royal
// Council" and "Royal Bloc"); or else every term one of whose words does
// ("limit" for "hand limit"). It returns none for an empty name.
func (info GameInfo) LookupTerm(name string) []Term {
	for _, how := range [...]matchTerm{sameTerm, termPrefix, wordPrefix} {
		if found := lookup(info.Glossary, name, how); len(found) > 0 {
			return found
		}
	}
	return nil
}

// A matchTerm is a way a name may mean a term, both in lower case.
type matchTerm func(term, name string) bool

func sameTerm(term, name string) bool   { return singular(term) == singular(name) }
func termPrefix(term, name string) bool { return strings.HasPrefix(term, name) }
func wordPrefix(term, name string) bool {
	for i := range len(term) {
		if (i == 0 || term[i-1] == ' ') && strings.HasPrefix(term[i:], name) {
			return true
		}
	}
	return false
}

// lookup returns the terms name means the way how says, ignoring case and
// spaces around and between the words of name.
func lookup(terms []Term, name string, how matchTerm) []Term {
	name = strings.ToLower(strings.Join(strings.Fields(name), " "))
	if name == "" {
		return nil
	}
	var found []Term
	for _, t := range terms {
		if how(strings.ToLower(t.Term), name) {
			found = append(found, t)
		}
	}
	return found
}

// singular drops a plural s from the end of a word, not from "ss".
func singular(word string) string {
	if strings.HasSuffix(word, "s") && !strings.HasSuffix(word, "ss") {
		return word[:len(word)-1]
	}
	return word
}
