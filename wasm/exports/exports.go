//go:build js && wasm

// Package exports is the WebAssembly side of a bundle: built with
// GOOS=js GOARCH=wasm, a program that calls Serve exports a bridge
// (package bridge) of its games to the bundle's JavaScript module, which
// programs use. The bundle's builder writes such a program for any games
// and builds the whole bundle:
//
//	go run github.com/cardrules/games/wasm/build -games crown,./mygame
//
// A program importing this package exports its functions to the module as
// WebAssembly functions (go:wasmexport), which take and return numbers
// only: far cheaper to call than functions of syscall/js. Texts cross
// through memory. The module writes a call's texts one after another in
// the input buffer (input gives its address, and makes it large enough)
// and passes their lengths in bytes; a function answers with a length n,
// its answer's text being the n bytes at the address output gives, or,
// for n < 0, an error: the -n bytes there hold its code and its message on
// two lines. A text is valid until the next call. The numbers of the legal
// moves that legalMoves lists cross as int32s in memory, at the address
// legalIDs gives. Every function recovers from any panic (an error of code
// "internal"), so that no call stops the program.
//
// The functions are those of package bridge, the first argument of most
// being a game's index in the games Serve was given.
//
// A WebAssembly instance is one program that runs one call at a time, and
// exported functions can be neither methods nor closures: the games served
// and the buffers are the package's, set once by Serve.
package exports

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"unsafe"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/wasm/bridge"
)

// The program's state, set by Serve: go:wasmexport functions can be
// neither methods nor closures, so they share these.
var (
	games  *bridge.Bridge
	in     = make([]byte, 64<<10) // the texts of a call
	answer []byte                 // the last answer, kept until the next call
	calls  int                    // the calls answered so far
)

// Serve serves the given games, each by its index in the list, to the
// bundle's JavaScript module, and never returns: the module calls the
// exported functions while the program waits. A program's main calls it
// once.
func Serve(g ...anygame.Game) {
	games = bridge.New(g)
	// Every call allocates, and little stays; and the program runs only
	// inside calls, so a collection advances as calls allocate, and when
	// recovered yields. Collecting seldom saves a fifth of the time of a move at 400%, and
	// about a tenth more at 1600%; the memory limit keeps the heap within
	// some 48 MB.
	debug.SetGCPercent(1600)
	debug.SetMemoryLimit(48 << 20)
	select {}
}

// input makes the input buffer hold at least n bytes and returns its
// address.
//
//go:wasmexport input
func input(n int32) uint32 {
	if int(n) > len(in) {
		in = make([]byte, n)
	}
	return uint32(uintptr(unsafe.Pointer(&in[0])))
}

// legalIDs returns the address of the numbers of the legal moves of the
// last answer of legalMoves, as many int32s as that answer says.
//
//go:wasmexport legalIDs
func legalIDs() uint32 {
	ids := games.LegalIDs()
	if len(ids) == 0 {
		return 0
	}
	return uint32(uintptr(unsafe.Pointer(&ids[0])))
}

// output returns the address of the last answer.
//
//go:wasmexport output
func output() uint32 {
	if len(answer) == 0 {
		return 0
	}
	return uint32(uintptr(unsafe.Pointer(&answer[0])))
}

// texts returns the texts of the given lengths, one after another in the
// input buffer: at most three, a call's most, in an array rather than a
// slice, which would be allocated at every call.
func texts(lens ...int32) (list [3][]byte) {
	at := 0
	for i, n := range lens {
		if n < 0 || at+int(n) > len(in) {
			panic(fmt.Sprintf("a text of %d bytes at byte %d is beyond the input buffer of %d bytes", n, at, len(in)))
		}
		list[i] = in[at : at+int(n)]
		at += int(n)
	}
	return list
}

// reply keeps the answer of a call, or its error, and returns its length
// (negative for an error).
func reply(b []byte, err error) int32 {
	if err != nil {
		answer = fmt.Appendf(nil, "%s\n%s", anygame.ErrorCode(err), err)
		return -int32(len(answer))
	}
	answer = b
	return int32(len(answer))
}

// recovered turns a panic of the function that defers it into an internal
// error as its reply n. Every 64th call, it then lets the program's other
// goroutines run before the call returns. The program runs only inside
// calls, and never blocks there, so the garbage collector's own worker
// would seldom run: marking would advance only as calls allocate, and
// while it lasts every write of a pointer pays for a write barrier. Given
// the time now and then, the worker ends the marking at once. (Yielding
// on every call cost as much as it saved.)
func recovered(n *int32) {
	if r := recover(); r != nil {
		*n = reply(nil, fmt.Errorf("%w: %v", anygame.ErrInternal, r))
	}
	if calls++; calls%64 == 0 {
		runtime.Gosched()
	}
}

//go:wasmexport library
func library() (n int32) {
	defer recovered(&n)
	return reply(games.Library())
}

//go:wasmexport newGame
func newGame(game, options int32) (n int32) {
	defer recovered(&n)
	t := texts(options)
	return reply(games.NewGame(int(game), t[0]))
}

//go:wasmexport legalMoves
func legalMoves(game, handle, state int32) (n int32) {
	defer recovered(&n)
	t := texts(state)
	return reply(games.LegalMoves(int(game), int(handle), t[0]))
}

//go:wasmexport apply
func apply(game, handle, patch, state, move int32) (n int32) {
	defer recovered(&n)
	t := texts(state, move)
	return reply(games.Apply(int(game), int(handle), patch != 0, t[0], t[1]))
}

//go:wasmexport applyMove
func applyMove(game, handle, patch, generation, move, state int32) (n int32) {
	defer recovered(&n)
	t := texts(state)
	return reply(games.ApplyMove(int(game), int(handle), patch != 0, int(generation), int(move), t[0]))
}

//go:wasmexport events
func events(game, handle int32) (n int32) {
	defer recovered(&n)
	return reply(games.Events(int(game), int(handle)))
}

//go:wasmexport view
func view(game, handle, state, player int32) (n int32) {
	defer recovered(&n)
	t := texts(state, player)
	return reply(games.View(int(game), int(handle), t[0], t[1]))
}

//go:wasmexport status
func status(game, handle, state int32) (n int32) {
	defer recovered(&n)
	t := texts(state)
	return reply(games.Status(int(game), int(handle), t[0]))
}

//go:wasmexport replay
func replay(game, record int32) (n int32) {
	defer recovered(&n)
	t := texts(record)
	return reply(games.Replay(int(game), t[0]))
}

//go:wasmexport botMove
func botMove(game, view, bot, seed int32) (n int32) {
	defer recovered(&n)
	t := texts(view, bot, seed)
	return reply(games.BotMove(int(game), t[0], t[1], t[2]))
}

//go:wasmexport viewText
func viewText(game, view int32) (n int32) {
	defer recovered(&n)
	t := texts(view)
	return reply(games.ViewText(int(game), t[0]))
}

//go:wasmexport moveInfo
func moveInfo(game, move int32) (n int32) {
	defer recovered(&n)
	t := texts(move)
	return reply(games.Move(int(game), t[0]))
}

//go:wasmexport eventsFor
func eventsFor(events, player int32) (n int32) {
	defer recovered(&n)
	t := texts(events, player)
	return reply(games.EventsFor(t[0], t[1]))
}
