//go:build js && wasm

package exports

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/bridge"
)

func TestMain(m *testing.M) {
	games = bridge.New(catalog.Games())
	os.Exit(m.Run())
}

// address returns the address of b's first byte, as input and output
// give it.
func address(b []byte) uint32 { return uint32(uintptr(unsafe.Pointer(&b[0]))) }

// call writes texts in the input buffer as the module does, calls f with
// their lengths after the numbers, and returns the answer as the module
// reads it at the output address.
func call(t *testing.T, f func(...int32) int32, numbers []int32, texts ...string) (string, bool) {
	t.Helper()
	total := 0
	for _, s := range texts {
		total += len(s)
	}
	if at := input(int32(total)); at != address(in) || len(in) < total {
		t.Fatalf("input(%d) gives address %d and %d bytes, not the buffer's %d", total, at, len(in), address(in))
	}
	at := 0
	args := append([]int32{}, numbers...)
	for _, s := range texts {
		at += copy(in[at:], s)
		args = append(args, int32(len(s)))
	}
	n := f(args...)
	return text(t, n), n >= 0
}

// text returns the answer of length n (negative for an error).
func text(t *testing.T, n int32) string {
	t.Helper()
	size := int(max(n, -n))
	if len(answer) != size || size > 0 && output() != address(answer) {
		t.Fatalf("an answer of %d bytes at %d; kept: %d bytes at %d", size, output(), len(answer), address(answer))
	}
	return string(answer)
}

// The exported functions, with their arguments as a list.
var (
	newGameF    = func(a ...int32) int32 { return newGame(a[0], a[1]) }
	legalMovesF = func(a ...int32) int32 { return legalMoves(a[0], a[1], a[2]) }
	applyF      = func(a ...int32) int32 { return apply(a[0], a[1], a[2], a[3], a[4]) }
	applyMoveF  = func(a ...int32) int32 { return applyMove(a[0], a[1], a[2], a[3], a[4], a[5]) }
	eventsF     = func(a ...int32) int32 { return events(a[0], a[1]) }
	viewF       = func(a ...int32) int32 { return view(a[0], a[1], a[2], a[3]) }
	eventsForF  = func(a ...int32) int32 { return eventsFor(a[0], a[1]) }
)

func TestPlaysAGameThroughTheExports(t *testing.T) {
	text, ok := call(t, newGameF, []int32{0}, `{"seed":1,"players":3}`)
	if !ok {
		t.Fatal(text)
	}
	lines := strings.Split(text, "\n")
	handle, _ := strconv.Atoi(lines[0])
	var sent []json.RawMessage // the moves by their numbers
	for n := 0; ; n++ {
		text, ok := call(t, legalMovesF, []int32{0, int32(handle)}, "")
		if !ok {
			t.Fatal(text)
		}
		// The lines: the handle; the table's generation, its first new
		// move and the number of legal moves; the new moves. The legal
		// moves' numbers are at the address legalIDs gives.
		lines := strings.Split(text, "\n")
		var head [3]int32
		if json.Unmarshal([]byte(lines[1]), &head) != nil {
			t.Fatalf("legal moves: %.200q", text)
		}
		ids := games.LegalIDs()
		if len(ids) != int(head[2]) || len(ids) > 0 && legalIDs() != uint32(uintptr(unsafe.Pointer(&ids[0]))) {
			t.Fatalf("%d legal moves at %d; the answer says %d", len(ids), legalIDs(), head[2])
		}
		var fresh []json.RawMessage
		if err := json.Unmarshal([]byte(lines[2]), &fresh); err != nil {
			t.Fatal(err)
		}
		sent = append(sent, fresh...)
		if len(ids) == 0 {
			break
		}
		id := ids[n%len(ids)]
		step, ok := call(t, applyF, []int32{0, int32(handle), 0}, "", string(sent[id]))
		if n%2 == 1 { // the move by its number, the state as a patch
			step, ok = call(t, applyMoveF, []int32{0, int32(handle), 1, head[0], id}, "")
		}
		if !ok {
			t.Fatal(step)
		}
		handle, _ = strconv.Atoi(step[:strings.IndexByte(step, '\n')])
		if strings.HasSuffix(step, "\n[]") { // a move without events tells them
			continue
		}
		if !strings.HasSuffix(step, "\n") {
			t.Fatalf("a move's Step tells its events: %.200q", step)
		}
		if events, ok := call(t, eventsF, []int32{0, int32(handle)}); !ok || !strings.HasPrefix(events, `[{"seq":`) {
			t.Fatalf("the events of handle %d: %.200q", handle, events)
		}
	}
	view, ok := call(t, viewF, []int32{0, int32(handle)}, "", "-1")
	if !ok || !strings.Contains(view, `"over":true`) {
		t.Errorf("the spectator's view of the end: %.200s", view)
	}
}

func TestErrorsAnswerWithCodeAndMessage(t *testing.T) {
	for _, c := range []struct {
		name    string
		f       func(...int32) int32
		numbers []int32
		texts   []string
		code    string
	}{
		{"bad options", newGameF, []int32{0}, []string{`{"players":2}`}, "bad_options"},
		{"garbage state", legalMovesF, []int32{1, 0}, []string{"\x00\xff garbage"}, "bad_input"},
		{"no such game", legalMovesF, []int32{7, 0}, []string{`{}`}, "bad_input"},
		{"stale handle", legalMovesF, []int32{0, 1 << 30}, []string{""}, "internal"},
		{"events of a stale handle", eventsF, []int32{0, 1 << 30}, nil, "internal"},
		{"a move of no state", applyMoveF, []int32{0, 0, 1, 0, 1 << 20}, []string{""}, "bad_input"},
		{"bad player", eventsForF, []int32{}, []string{`[]`, `"P1"`}, "bad_input"},
	} {
		text, ok := call(t, c.f, c.numbers, c.texts...)
		code, message, _ := strings.Cut(text, "\n")
		if ok || code != c.code || message == "" {
			t.Errorf("%s: answers %v %q, want an error of code %s", c.name, ok, text, c.code)
		}
	}
}

func TestTextsBeyondTheBufferAreAnInternalError(t *testing.T) {
	input(16)
	for _, lens := range [][]int32{{int32(len(in)) + 1}, {-1}, {int32(len(in)), 1}} {
		n := legalMoves(0, 0, lens[0])
		if len(lens) > 1 {
			n = apply(0, 0, 0, lens[0], lens[1])
		}
		if text := text(t, n); n >= 0 || !strings.HasPrefix(text, "internal\n") {
			t.Errorf("texts of %v bytes: %d %q", lens, n, text)
		}
	}
}

func TestInputGrows(t *testing.T) {
	small := input(8)
	if input(8) != small {
		t.Error("input moved the buffer though it was large enough")
	}
	n := int32(len(in)) * 2
	input(n)
	if len(in) < int(n) {
		t.Errorf("input(%d) left %d bytes", n, len(in))
	}
	big := strings.Repeat(" ", int(n)-2) + "{}"
	// A big text given as options: beyond the limit of an input.
	text, ok := call(t, newGameF, []int32{0}, big)
	if ok || !strings.HasPrefix(text, "bad_options\n") {
		t.Errorf("options of %d bytes: %.100q", n, text)
	}
	if reply(nil, nil); output() != 0 || !bytes.Equal(answer, nil) {
		t.Error("an empty answer has an address")
	}
}
