package cardstest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
)

// Run checks every property of the contract on g, each as a subtest over
// random games, dealt from g's Options or begun from its hand-built
// Starts: Info, Legality, Refusal, Purity, Determinism, Secrecy, Events,
// JSON, and Candidates for a game that is a cards.Explainer. Then it logs
// (go test -v shows it) a line of what the random games reached: how
// many began from hand-built starts, the moves played by kind, the kinds
// of moves met (listed, proposed or drawn by g's Moves) but never played,
// and how the games ended:
//
//	coverage: 800 random games (397 from hand-built starts), 40210 moves; moves played by kind: play 28193, draw 12001, pass 16; never played: none; endings: went out 800
//
// A kind never played, or an ending never reached, is a part of the rules
// no property has checked: hand-build a start that reaches it.
func Run[O any, S cards.State, M cards.Move, V cards.View[M]](t *testing.T, g Game[O, S, M, V]) {
	t.Helper()
	g.cov = newCoverage[M]()
	defer func() { t.Log(g.cov.line()) }()
	t.Run("Info", func(t *testing.T) { CheckInfo(t, g) })
	for _, p := range []struct {
		name  string
		check func(*rapid.T, Game[O, S, M, V])
	}{
		{"Legality", checkLegality[O, S, M, V]},
		{"Refusal", checkRefusal[O, S, M, V]},
		{"Purity", checkPurity[O, S, M, V]},
		{"Determinism", checkDeterminism[O, S, M, V]},
		{"Secrecy", checkSecrecy[O, S, M, V]},
		{"Events", checkEvents[O, S, M, V]},
		{"JSON", checkJSON[O, S, M, V]},
		{"Candidates", checkCandidates[O, S, M, V]},
	} {
		t.Run(p.name, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) { p.check(rt, g) })
		})
	}
}

// A game is a record of one random game: where it began and every state
// and move, so that a property can look at any point of it.
type game[O any, S cards.State, M cards.Move] struct {
	begin  beginning[O, S]
	states []S // states[i] is the state before moves[i]; the last is final
	moves  []M
	legal  [][]M // legal[i] lists the moves legal in states[i]
}

// play deals a game from drawn options, or takes a hand-built start, and
// plays drawn legal moves to its end, checking on the way what every step
// must keep: the legal moves are consistent with ToAct, each applies,
// Check holds, the game ends.
func play[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) game[O, S, M] {
	rec := game[O, S, M]{begin: g.begin(t)}
	g.cov.begin(rec.begin.handBuilt)
	s := rec.begin.s
	for n := 0; ; n++ {
		if err := s.Check(); err != nil {
			t.Fatalf("after %d moves the state breaks the rules: %v", n, err)
		}
		if b := mustJSON(t, s); len(b) > MaxStateJSON {
			t.Fatalf("after %d moves the state's JSON is %d bytes, over the bound of %d:\n%s", n, len(b), MaxStateJSON, b)
		}
		legal := g.Rules.AppendLegalMoves(nil, s)
		checkToAct(t, g, s, legal)
		g.cov.meet(legal)
		rec.states = append(rec.states, s)
		rec.legal = append(rec.legal, legal)
		if s.Over() {
			g.cov.end(rec.moves, g.ending(s))
			return rec
		}
		if n >= g.maxMoves() {
			t.Fatalf("the game has not ended after %d moves\nstate: %s", n, jsonOrError(s))
		}
		m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
		next, err := g.Rules.Apply(s, m)
		if err != nil {
			t.Fatalf("move %d, a listed move, is refused: %v\n%s", n, err, moveCase(g.Rules, s, m))
		}
		rec.moves = append(rec.moves, m)
		s = next
	}
}

// sampled returns the indexes of the states of rec that the costly checks
// look at: every stride-th, drawn once a game, and the last.
func (rec game[O, S, M]) sampled(t *rapid.T) []int {
	stride := rapid.IntRange(1, 24).Draw(t, "stride")
	var at []int
	for i := 0; i < len(rec.states)-1; i += stride {
		at = append(at, i)
	}
	return append(at, len(rec.states)-1)
}

// checkToAct checks that the legal moves of s agree with who must act.
func checkToAct[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V], s S, legal []M) {
	toAct := s.ToAct()
	if s.Over() {
		if len(legal) > 0 || toAct != 0 {
			t.Fatalf("the game is over, yet %v must act and %d moves are legal\nspectator's view: %s", toAct, len(legal), jsonOrError(g.Rules.View(s, cards.Spectator)))
		}
		return
	}
	if len(legal) == 0 {
		t.Fatalf("the game is not over, yet no move is legal (%v must act)\nspectator's view: %s", toAct, jsonOrError(g.Rules.View(s, cards.Spectator)))
	}
	var movers cards.PlayerSet
	for _, m := range legal {
		if !toAct.Has(m.Player()) {
			t.Fatalf("a move is listed for %v, who is not to act (%v are)\n%s", m.Player(), toAct, moveCase(g.Rules, s, m))
		}
		movers = movers.With(m.Player())
	}
	if movers != toAct {
		t.Fatalf("%v must act but only %v have legal moves\nspectator's view: %s", toAct, movers, jsonOrError(g.Rules.View(s, cards.Spectator)))
	}
	if r := s.Result(); len(r.Scores) != s.Players() || r.Winners != 0 || r.Drawn {
		t.Fatalf("before the end the result must have a score a player and no winner: %s", jsonOrError(r))
	}
}

// MaxStateJSON bounds the size in bytes of a state's JSON, whatever the
// length of its game: a state holds the game as it stands, never its
// history.
const MaxStateJSON = 2048

// checkLegality plays whole games: every listed move applies, the legal
// moves agree with ToAct, Check holds after every move (conservation),
// every state's JSON is within MaxStateJSON, and every game ends
// (progress).
func checkLegality[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	rec := play(t, g)
	final := rec.states[len(rec.states)-1]
	if r := final.Result(); len(r.Scores) != final.Players() || r.Drawn && r.Winners == 0 || r.Winners&^cards.AllPlayers(final.Players()) != 0 {
		t.Fatalf("final result %s: a score for each of %d players, and a draw between players at the table", jsonOrError(r), final.Players())
	}
}

// checkRefusal offers reachable states moves that are not legal there —
// moves legal elsewhere in the game, and drawn arbitrary moves — and checks
// that each is refused with an error wrapping cards.ErrIllegalMove, leaving
// the state as it was.
func checkRefusal[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	rec := play(t, g)
	var pool []M
	for _, i := range rec.sampled(t) {
		for _, l := range rec.legal[max(0, i-3):min(len(rec.legal), i+4)] {
			pool = append(pool, l...)
		}
		if g.Moves != nil {
			arbitrary := drawMoves(t, rapid.SliceOfN(g.Moves, 0, 8), "arbitrary moves")
			g.cov.meet(arbitrary)
			pool = append(pool, arbitrary...)
		}
		s := rec.states[i]
		before := mustJSON(t, s)
		for _, m := range pool {
			if slices.Contains(rec.legal[i], m) {
				continue
			}
			_, err := g.Rules.Apply(s, m)
			if err == nil {
				t.Fatalf("a move that is not listed is accepted by Apply\n%s", moveCase(g.Rules, s, m))
			}
			if !errors.Is(err, cards.ErrIllegalMove) {
				t.Fatalf("a refusal %q does not wrap cards.ErrIllegalMove\n%s", err, moveCase(g.Rules, s, m))
			}
			if err.Error() == cards.ErrIllegalMove.Error() {
				t.Fatalf("a refusal does not say why\n%s", moveCase(g.Rules, s, m))
			}
		}
		if after := mustJSON(t, s); after != before {
			t.Fatalf("refusing moves changed the state:\nbefore: %s\nafter:  %s", before, after)
		}
		pool = pool[:0]
	}
}

// checkPurity checks that Apply never changes its input and that branches
// taken from one state are independent: continuing one branch does not
// disturb another.
func checkPurity[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	rec := play(t, g)
	for _, i := range rec.sampled(t) {
		s := rec.states[i]
		if s.Over() {
			continue
		}
		before := mustJSON(t, s)
		a := rapid.IntRange(0, len(rec.legal[i])-1).Draw(t, "branch a")
		b := rapid.IntRange(0, len(rec.legal[i])-1).Draw(t, "branch b")
		steps := rapid.IntRange(1, 12).Draw(t, "branch length")
		endA, movesA := branch(t, g, s, rec.legal[i][a], steps)
		wantA := mustJSON(t, endA)
		branch(t, g, s, rec.legal[i][b], steps)
		if got := mustJSON(t, s); got != before {
			t.Fatalf("Apply changed its input state:\nbefore: %s\nafter:  %s", before, got)
		}
		again := replay(t, g, s, movesA)
		if got := mustJSON(t, again); got != wantA {
			t.Fatalf("continuing another branch changed this one:\nfirst:  %s\nagain:  %s", wantA, got)
		}
	}
}

// branch applies first and then up to steps drawn legal moves to s, and
// returns the state reached and the moves made.
func branch[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V], s S, first M, steps int) (S, []M) {
	s, moves := walk(t, g.Rules, mustApply(t, g.Rules, s, first), steps)
	return s, append([]M{first}, moves...)
}

func replay[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V], s S, moves []M) S {
	for _, m := range moves {
		s = mustApply(t, g.Rules, s, m)
	}
	return s
}

func mustApply[O any, S cards.State, M cards.Move, V cards.View[M]](t TB, r cards.Rules[O, S, M, V], s S, m M) S {
	t.Helper()
	next, err := r.Apply(s, m)
	if err != nil {
		t.Fatalf("a listed move is refused: %v\n%s", err, moveCase(r, s, m))
	}
	return next
}

// checkDeterminism replays a game from its options (or its hand-built
// start, decoded from its JSON) and moves and checks that every sampled
// state and every view come out the same.
func checkDeterminism[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	rec := play(t, g)
	s := roundTrip(t, "the hand-built start", rec.states[0])
	if !rec.begin.handBuilt {
		var err error
		if s, err = g.Rules.NewGame(roundTrip(t, "options", rec.begin.opts)); err != nil {
			t.Fatalf("NewGame with the same options: %v", err)
		}
	}
	at := rec.sampled(t)
	for i, m := range rec.moves {
		if slices.Contains(at, i) {
			sameGame(t, g, rec.states[i], s, fmt.Sprintf("after %d moves", i))
		}
		s = mustApply(t, g.Rules, s, m)
	}
	sameGame(t, g, rec.states[len(rec.states)-1], s, "at the end")
}

// sameGame fails the test unless a and b are the same state with the same
// views for everyone.
func sameGame[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V], a, b S, when string) {
	if ja, jb := mustJSON(t, a), mustJSON(t, b); ja != jb {
		t.Fatalf("the replay differs %s:\nfirst:  %s\nreplay: %s", when, ja, jb)
	}
	for _, p := range viewers(a) {
		va, vb := g.Rules.View(a, p), g.Rules.View(b, p)
		if ja, jb := mustJSON(t, va), mustJSON(t, vb); ja != jb {
			t.Fatalf("%v's view differs in the replay %s:\nfirst:  %s\nreplay: %s", p, when, ja, jb)
		}
		if la, lb := va.Base().Log, vb.Base().Log; !slices.Equal(la, lb) {
			t.Fatalf("%v reads other events in the replay %s:\nfirst:  %v\nreplay: %v", p, when, la, lb)
		}
	}
}

// viewers returns every player of s and the spectator.
func viewers[S cards.State](s S) []cards.Player {
	ps := []cards.Player{cards.Spectator}
	for p := range cards.AllPlayers(s.Players()).All() {
		ps = append(ps, p)
	}
	return ps
}

// checkSecrecy checks every view of sampled states: its shared part tells
// the truth (whose view, who acts, the viewer's own legal moves), and the
// view is a function of what the viewer may know — a state re-dealt by
// Determinize from the view, with everything the viewer cannot see placed
// anew and a fresh random source, gives the viewer the same view.
func checkSecrecy[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	rec := play(t, g)
	for _, i := range rec.sampled(t) {
		s := rec.states[i]
		for _, p := range viewers(s) {
			v := g.Rules.View(s, p)
			checkBase(t, g, s, p, v.Base(), rec.legal[i])
			seed := rapid.Uint64().Draw(t, "determinize seed")
			d, err := g.Rules.Determinize(v, seed)
			if err != nil {
				t.Fatalf("Determinize(%v's view, %d): %v\nview: %s", p, seed, err, mustJSON(t, v))
			}
			if err := d.Check(); err != nil {
				t.Fatalf("Determinize(%v's view, %d) breaks the rules: %v\nview: %s\nre-dealt state: %s", p, seed, err, mustJSON(t, v), jsonOrError(d))
			}
			want, got := mustJSON(t, v), mustJSON(t, g.Rules.View(d, p))
			if got != want {
				t.Fatalf("%v's view of a state re-dealt from that view differs, so the view depends on what %v cannot see:\nview:      %s\nre-dealt:  %s",
					p, p, want, got)
			}
		}
	}
}

// checkBase checks the shared part of p's view of s.
func checkBase[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V], s S, p cards.Player, b cards.ViewBase[M], legal []M) {
	if b.Viewer != p || b.Players != s.Players() || b.ToAct != s.ToAct() || b.Over != s.Over() || b.Events != s.Log().Len() {
		t.Fatalf("%v's view says viewer %v, %d players, %v to act, over %v, %d events; the state says %v, %d, %v, %v, %d\nview: %s",
			p, b.Viewer, b.Players, b.ToAct, b.Over, b.Events, p, s.Players(), s.ToAct(), s.Over(), s.Log().Len(), jsonOrError(g.Rules.View(s, p)))
	}
	if err := b.Check(g.Rules.Info()); err != nil {
		t.Fatalf("%v's view fails its own check: %v\nview: %s", p, err, jsonOrError(g.Rules.View(s, p)))
	}
	var own []M
	for _, m := range legal {
		if m.Player() == p {
			own = append(own, m)
		}
	}
	if !slices.Equal(b.Moves, own) {
		t.Fatalf("%v's view lists moves %v; the legal moves of %v are %v\nview: %s", p, b.Moves, p, own, jsonOrError(g.Rules.View(s, p)))
	}
	if want := s.Log().For(p); !slices.Equal(b.Log, want) {
		t.Fatalf("%v's view holds the log %v; the state's log reads %v", p, b.Log, want)
	}
}

// checkObject checks that s lists the members of its JSON as fields
// (cardjson.Encoding), as the JSON face needs, that they encode member by
// member, as a cardjson.Object, to its JSON, and that the Object made from
// the one of before tells s as a patch of it.
func checkObject[S cards.State](t *rapid.T, s, before S) {
	want := mustJSON(t, s)
	now, ok := any(s).(cardjson.Encoding)
	if !ok {
		t.Fatalf("%T lists no fields of its JSON (it is no cardjson.Encoding)", s)
	}
	base, err := cardjson.NewObject(any(before).(cardjson.Encoding).Fields(), nil)
	if err != nil {
		t.Fatalf("the state before, member by member: %v", err)
	}
	o, err := cardjson.NewObject(now.Fields(), base)
	if err != nil {
		t.Fatalf("the state member by member: %v", err)
	}
	if got, _ := o.AppendJSON(nil); string(got) != want {
		t.Fatalf("the state's Fields encode as\n%s\nits JSON is\n%s", got, want)
	}
	codes, values, ok := o.AppendPatch(nil, nil, base)
	if !ok {
		return // members left out of one of the two
	}
	got, err := cardjson.ApplyPatch([]byte(mustJSON(t, before)), codes, append(append([]byte{'['}, values...), ']'))
	if err != nil || string(got) != want {
		t.Fatalf("the patch %s of the state before gives\n%s (%v)\nwant\n%s", codes, got, err, want)
	}
}

// checkJSON checks that options, sampled states, their legal moves and
// every view encode to JSON and back without loss, that a decoded state
// plays on exactly as the original, and that a state's Fields encode
// member by member as its JSON, also as a patch of the state before.
func checkJSON[O any, S cards.State, M cards.Move, V cards.View[M]](t *rapid.T, g Game[O, S, M, V]) {
	rec := play(t, g)
	if !rec.begin.handBuilt {
		roundTrip(t, "options", rec.begin.opts)
	}
	for _, i := range rec.sampled(t) {
		s := rec.states[i]
		checkObject(t, s, rec.states[max(0, i-1)])
		back := roundTrip(t, "state", s)
		if err := back.Check(); err != nil {
			t.Fatalf("the decoded state breaks the rules: %v", err)
		}
		legal := g.Rules.AppendLegalMoves(nil, back)
		if !slices.Equal(legal, rec.legal[i]) {
			t.Fatalf("the decoded state lists other moves:\nbefore: %v\nafter:  %v", rec.legal[i], legal)
		}
		for _, m := range legal {
			if got := roundTrip(t, "move", m); got != m {
				t.Fatalf("a move decodes from its JSON as %q\n%s", got, moveCase(g.Rules, s, m))
			}
		}
		if i < len(rec.moves) {
			want := mustJSON(t, rec.states[i+1])
			next := mustApply(t, g.Rules, back, rec.moves[i])
			if got := mustJSON(t, next); got != want {
				t.Fatalf("the decoded state plays on differently:\noriginal: %s\ndecoded:  %s", want, got)
			}
			n := s.Log().Len()
			if got, want := next.Log().Since(n), rec.states[i+1].Log().Since(n); !slices.Equal(got, want) {
				t.Fatalf("the decoded state's move produced other events:\noriginal: %v\ndecoded:  %v", want, got)
			}
		}
		for _, p := range viewers(s) {
			roundTrip(t, fmt.Sprintf("%v's view", p), g.Rules.View(s, p))
		}
	}
}
