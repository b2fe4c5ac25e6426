// Package skipnote tells a person who runs go test that a package's tests
// skipped, and why, where go test says nothing: without -v, it keeps a
// passing package's output to itself and prints "ok". The note goes to
// stderr, and without -v to the terminal too, if there is one
// (/dev/tty). Under CI=true the tests that need a tool fail instead of
// skipping; the note is for people.
package skipnote

import (
	"fmt"
	"os"
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
	for _, why := range n.why {
		line := fmt.Sprintf("SKIP %s: %s\n", n.pkg, why)
		fmt.Fprint(os.Stderr, line)
		if !testing.Verbose() {
			if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
				fmt.Fprint(tty, line)
				tty.Close()
			}
		}
	}
	return code
}
