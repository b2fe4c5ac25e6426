// Package skipnote says that a package's tests skipped, and why, wherever
// go test's output goes.
//
// Without -v, go test keeps a passing package's output to itself and
// prints one line, "ok  PATH  TIME", piped, in an IDE's or a CI's log and
// from its cache alike: a package whose tests skipped for want of a tool
// reads like one whose tests all ran. That line carries one remark of its
// own, " [no tests to run]", which go test adds when the test binary's
// output holds the testing package's warning of that name. So once the
// tests are done, Run writes each note ("SKIP examples/web: TestBrowser:
// …") to stderr, where -v and -json show it, and without -v writes it to
// the terminal too, if there is one (/dev/tty), and then writes that
// warning, so that the package's line reads
//
//	ok  	github.com/cardrules/games/examples/web	0.4s [no tests to run]
//
// and, run again from go test's cache, "(cached) [no tests to run]": the
// remark is true of the tests the note is about, and asks for a look with
// -v. Under CI=true the tests that need a tool fail instead of skipping;
// the note is for people.
package skipnote

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// A Note gathers why a package's tests skipped.
type Note struct {
	pkg string
	mu  sync.Mutex
	why []string
}

// New returns the note of the package of that name ("examples/web").
func New(pkg string) *Note { return &Note{pkg: pkg} }

// Skip notes why, then skips t with it.
func (n *Note) Skip(t testing.TB, why string) {
	t.Helper()
	n.mu.Lock()
	n.why = append(n.why, t.Name()+": "+why)
	n.mu.Unlock()
	t.Skip(why)
}

// Main runs the tests, says why any skipped, and exits with their status:
// a package's TestMain calls it.
func (n *Note) Main(m *testing.M) { os.Exit(n.Run(m)) }

// Run runs the tests, says why any skipped, and returns their status,
// for a TestMain that has more to do before it exits.
func (n *Note) Run(m *testing.M) int {
	code := m.Run()
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.why) == 0 {
		return code
	}
	var lines strings.Builder
	for _, why := range n.why {
		fmt.Fprintf(&lines, "SKIP %s: %s\n", n.pkg, why)
	}
	fmt.Fprint(os.Stderr, lines.String())
	if testing.Verbose() {
		return code // -v and -json show every skip
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		fmt.Fprint(tty, lines.String())
		tty.Close()
	}
	fmt.Fprint(os.Stderr, noTestsToRun)
	return code
}

// noTestsToRun is the testing package's warning for a run that matched no
// test, which go test turns into its remark " [no tests to run]" at the
// end of the package's line. It must stand on a line of its own.
const noTestsToRun = "\ntesting: warning: no tests to run\n"
