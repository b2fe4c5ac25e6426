package terminal

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/term"
)

// defaultWidth is the width output wraps at when neither COLUMNS nor the
// terminal tells one.
const defaultWidth = 80

// minWidth is the narrowest width -width accepts.
const minWidth = 20

// outputWidth returns the width to wrap output at: COLUMNS, if it holds a
// width; else the terminal's, if out is a terminal; else defaultWidth.
func outputWidth(out io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n >= minWidth {
		return n
	}
	if f, ok := out.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w >= minWidth {
			return w
		}
	}
	return defaultWidth
}

// A wrapper writes text to w with every line longer than width broken at
// spaces (see wrapLine), never within a word; a width of 0 breaks none.
// It holds a line until its end, or until Flush writes what there is of
// it: a prompt, which the player's answer ends.
type wrapper struct {
	w     io.Writer
	width int
	line  []byte
}

// Write writes p, each line of it wrapped.
func (x *wrapper) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			x.line = append(x.line, p...)
			break
		}
		x.line = append(x.line, p[:i]...)
		p = p[i+1:]
		if err := x.emit("\n"); err != nil {
			return n - len(p), err
		}
	}
	return n, nil
}

// Flush writes the line written so far, wrapped, without ending it.
func (x *wrapper) Flush() error {
	if len(x.line) == 0 {
		return nil
	}
	return x.emit("")
}

// emit writes the line held, wrapped, and end after it; the spaces that
// end a prompt stay.
func (x *wrapper) emit(end string) error {
	line := string(x.line)
	x.line = x.line[:0]
	trailing := line[len(strings.TrimRight(line, " ")):]
	_, err := io.WriteString(x.w, strings.Join(wrapLine(line, x.width), "\n")+trailing+end)
	return err
}

// column is the start of a line laid out in columns: a word or a few,
// then two spaces or more ("   3  play 7♦", "  why CARD     why a card").
var column = regexp.MustCompile(`^ *[^ ]+( [^ ]+)*  +`)

// wrapLine breaks line into lines of at most width columns (see
// textWidth), at spaces. The lines after the first are indented as far as
// the second column of a line laid out in columns ("   3  play 7♦"), if
// that is within the first half of the width, or else two columns further
// than the first line. A word wider than a line stands alone on its own.
// A width of 0 breaks nothing.
func wrapLine(line string, width int) []string {
	line = strings.TrimRight(line, " ")
	if width <= 0 || textWidth(line) <= width {
		return []string{line}
	}
	indent := len(line) - len(strings.TrimLeft(line, " "))
	hang := indent + 2
	if m := column.FindString(line); m != "" && textWidth(m) <= width/2 {
		hang = textWidth(m)
	}
	return wrapText(line[indent:], width, indent, min(hang, width/2))
}

// wrapText breaks text, whose words are separated by spaces, into lines of
// at most width columns: the first indented by indent spaces, the others
// by hang. The spaces between two words of one line are kept as they are.
func wrapText(text string, width, indent, hang int) []string {
	if width <= 0 {
		return []string{strings.Repeat(" ", indent) + text}
	}
	var lines []string
	line := strings.Repeat(" ", indent)
	fresh := true // nothing but the indent on the line yet
	for text != "" {
		gap := len(text) - len(strings.TrimLeft(text, " "))
		word, rest, _ := strings.Cut(text[gap:], " ")
		if word == "" {
			break
		}
		switch {
		case fresh:
			line += word
		case textWidth(line)+gap+textWidth(word) <= width:
			line += text[:gap] + word
		default:
			lines = append(lines, line)
			line = strings.Repeat(" ", hang) + word
		}
		fresh = false
		text = rest
		if rest != "" {
			text = " " + rest
		}
	}
	return append(lines, line)
}

// textWidth returns the columns text takes at a terminal: a column a
// character, two for a wide one such as 🃏.
func textWidth(text string) int {
	n := 0
	for _, r := range text {
		n++
		if wide(r) {
			n++
		}
	}
	return n
}

// wide reports whether r takes two columns: an emoji or a playing card
// symbol, or a character of the wide East Asian scripts.
func wide(r rune) bool {
	return r >= 0x1F000 || r >= 0x1100 && r <= 0x115F || r >= 0x2E80 && r <= 0xA4CF ||
		r >= 0xAC00 && r <= 0xD7A3 || r >= 0xF900 && r <= 0xFAFF || r >= 0xFF00 && r <= 0xFF60
}

// pad returns text with spaces after it to width columns.
func pad(text string, width int) string {
	return text + strings.Repeat(" ", max(0, width-textWidth(text)))
}
