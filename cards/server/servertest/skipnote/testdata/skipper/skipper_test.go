// Package skipper is a package whose test needs a tool, for the tests of
// package skipnote: it skips unless SKIPPER_TOOL is set.
package skipper

import (
	"os"
	"testing"

	"github.com/cardrules/games/cards/server/servertest/skipnote"
)

var note = skipnote.New("skipper")

func TestMain(m *testing.M) { note.Main(m) }

func TestWithoutTool(t *testing.T) {}

func TestNeedsTheTool(t *testing.T) {
	if os.Getenv("SKIPPER_TOOL") == "" {
		note.Skip(t, "the tool is missing")
	}
}
