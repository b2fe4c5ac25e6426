package bot

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/cardrules/games/cards"
)

// ISMCTS is a bot that searches: information-set Monte Carlo tree search,
// single-observer, with a determinization per iteration (Cowling, Powley
// and Whitehouse, 2012).
//
// One tree holds the bot's information set: its root is the view, and an
// edge is a move, whoever makes it. Each iteration deals a world
// consistent with the view (Rules.Determinize), walks down the tree along
// moves legal in that world — choosing by UCB1 among the children the
// world allows, counted by how often each was allowed — adds one node,
// plays on with the rollout policy, and credits every node on the path
// with what the end is worth to the player who made its move. The bot
// plays the move tried most.
//
// Every player decides in the tree as the bot would in their place, each
// maximising their own reward, so the search serves 2 to 10 players, and
// decisions out of turn — a decree in answer, paying an attack, a Kingdom
// 7 counter — are nodes of the player who must make them. Chance happens
// inside Apply, from the world's own random source.
//
// # Simultaneous choices
//
// When several players must act at once (State.ToAct holds more than one,
// as in Nine Kingdoms' choice of pairs), the tree takes their moves one
// after another, the bot's first, but no one chooses knowing another's
// choice: from the node where the choice begins until each of them has
// moved, each player chooses by statistics of their own moves kept at
// that node, shared by every order and every choice of the others
// (decoupled UCT). The tree below records the choices made, as the world
// reveals them afterwards.
//
// # Rewards
//
// A playout ends when the game is over, or after Depth moves once a
// score has moved since the root (up to four times Depth while none has:
// a round of a long game is played out to its end). What it is worth to a
// player, from 0 to 1, is a blend: three quarters from the win
// — the player's share of the winners, or, in a game not over, of the
// players leading on score — and a quarter from the score — the player's
// margin over the best other player, scaled by the least and greatest
// margins the search has met. The score keeps the bot playing well once
// the winner is decided: a round won still counts.
//
// # Playouts that learn
//
// With Learn above 0, the playouts learn from one another (the
// Move-Average Sampling Technique of Finnsson and Björnsson): every move
// made in an iteration, in the tree or in its playout, is credited with
// what the end was worth to the player who made it, and a playout plays,
// with probability Learn, the legal move whose credit is best so far (a
// move never made counting as the best), and otherwise one at random. In
// games where a good move is good in most positions (Nine Kingdoms' claims
// of a kingdom), the playouts then play more as players do, and the search
// judges its moves better.
//
// # Against an automaton
//
// Where every other seat is an automaton, its seats play in the playouts
// by the game's own rules, as well as in the game, and the bot's by the
// rollout policy: a long playout then tells little of the move tried, for
// the automaton wins most of them whatever it was. AutomatonDepth judges
// those playouts by the score sooner.
//
// # Cost
//
// Choose allocates the tree once, sized by Iterations (up to 16384 of
// them; a longer search grows it as it goes, so that a search a context
// cuts short neither waits for nor holds memory it would not use); the
// iterations themselves allocate nothing but what the game's Determinize
// and Apply do. A search is deterministic for a given random source and
// Iterations when Time is zero and its context, if any, has no deadline.
//
// ChooseContext stops at a context's deadline as at Time, and when the
// context is cancelled, within a few hundred moves of a playout or steps
// down the tree (see ContextBot). An iteration cut short counts for
// nothing.
type ISMCTS[O any, S cards.State, M cards.Move, V cards.View[M]] struct {
	Rules cards.Rules[O, S, M, V]
	// Iterations is the number of iterations a move; 0 means 1000, or no
	// bound if Time is set.
	Iterations int
	// Time bounds the time a move takes; 0 means no bound. With both
	// bounds the search stops at the first one reached, and at a
	// context's deadline if that comes first.
	Time time.Duration
	// Exploration is the exploration constant of UCB1; 0 means 0.7.
	Exploration float64
	// Rollout chooses the moves of the playouts; nil plays uniformly at
	// random.
	Rollout Policy[S, M]
	// Depth is the number of moves after which a playout is judged by
	// the score, once the score has moved since the root; a playout in
	// which it has not goes on to four times Depth. 0 means 100.
	Depth int
	// AutomatonDepth, if not 0, is the Depth of the playouts when every
	// other player is an automaton, a seat the game plays itself
	// (Result.Automata): the automaton plays its seat in the playouts as
	// well as in the game, while the bot's own seat plays by the rollout
	// policy, so that a long playout is lost whatever the move tried, and
	// a short one, judged by the score, tells the moves apart.
	AutomatonDepth int
	// Learn, from 0 to 1, has the playouts learn from one another (the
	// Move-Average Sampling Technique): a playout's move is, with
	// probability Learn, the legal move whose iterations have so far
	// been worth most to its player, and otherwise a move the rollout
	// policy chooses. 0 learns nothing.
	Learn float64
}

// NewISMCTS returns the ISMCTS bot of a game with the defaults, its type
// arguments taken from the game's rules: bot.NewISMCTS(crown.Rules{}) is
// bot.ISMCTS[crown.Options, crown.State, crown.Move, crown.View]{Rules:
// crown.Rules{}}. Set its fields for more (b.Iterations = 3000).
func NewISMCTS[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V]) ISMCTS[O, S, M, V] {
	return ISMCTS[O, S, M, V]{Rules: rules}
}

// A Policy chooses a playout's next move in s: it returns an index into
// moves, which lists every move legal in s (for every player who must
// act), drawing any randomness it needs from r.
type Policy[S cards.State, M cards.Move] func(s S, moves []M, r *cards.Rand) int

// The defaults of ISMCTS.
const (
	DefaultIterations  = 1000
	DefaultExploration = 0.7
	DefaultDepth       = 100
)

// presized is the most iterations a tree is allocated for at once.
const presized = 1 << 14

// winWeight is the part of the reward that comes from the win; the rest
// comes from the score.
const winWeight = 0.75

// Choose searches from view v and returns the move tried most. It is
// ChooseContext under a context never done.
func (b ISMCTS[O, S, M, V]) Choose(v V, r *cards.Rand) (M, error) {
	return b.ChooseContext(never{}, v, r)
}

// ChooseContext searches from view v until a bound is reached or ctx is
// done, and returns the move tried most; past ctx's deadline, the move
// tried most so far, and if ctx is cancelled, an error wrapping ctx.Err()
// (see ContextBot).
func (b ISMCTS[O, S, M, V]) ChooseContext(ctx Context, v V, r *cards.Rand) (M, error) {
	base := v.Base()
	var zero M
	if len(base.Moves) == 0 {
		return zero, noMove(base)
	}
	lim := newLimit(ctx, b.Time)
	if lim.reached() {
		return stoppedEarly(&lim, base.Moves, r)
	}
	if len(base.Moves) == 1 {
		return base.Moves[0], nil
	}
	t := newTree(b, base)
	t.lim = lim
	if err := t.run(v, r); err != nil {
		return zero, err
	}
	if t.lim.err != nil || t.nodes[0].visits == 0 {
		return stoppedEarly(&t.lim, base.Moves, r)
	}
	return t.best(), nil
}

// A node is a move in the tree, or, under the node where a simultaneous
// choice begins, an arm: one player's move with that player's statistics
// for the choice.
type node[M any] struct {
	move    M
	player  cards.Player // who makes move
	child   int32        // first child, or none
	sibling int32        // next sibling, or none
	arm     int32        // first arm, or none
	visits  int32        // iterations through this node
	avail   int32        // iterations in which move was legal here
	reward  float64      // total reward to player
}

const none = -1

// A tree is one search: its nodes and every buffer the iterations reuse.
type tree[O any, S cards.State, M cards.Move, V cards.View[M]] struct {
	b        ISMCTS[O, S, M, V]
	observer cards.Player
	players  int
	nodes    []node[M]
	legal    []M     // every move legal in the world
	own      []M     // the mover's moves
	path     []int32 // nodes and arms to credit
	reward   []float64
	root     []int   // the scores at the root
	lo, hi   float64 // least and greatest score margins met
	c        float64
	depth    int
	lim      limit // when to stop, Iterations aside
	// learned holds, when the search learns, what each move made in an
	// iteration was worth to its player, summed, and how many times;
	// made lists the moves of the iteration under way.
	learned map[M]*average
	made    []M
}

// average sums what a move was worth to its player.
type average struct {
	sum float64
	n   float64
}

func newTree[O any, S cards.State, M cards.Move, V cards.View[M]](b ISMCTS[O, S, M, V], base cards.ViewBase[M]) *tree[O, S, M, V] {
	size := b.Iterations
	if size <= 0 {
		size = DefaultIterations
	}
	size = min(size, presized)
	t := &tree[O, S, M, V]{
		b:        b,
		observer: base.Viewer,
		players:  base.Players,
		nodes:    make([]node[M], 0, 2*size+1),
		reward:   make([]float64, base.Players),
		root:     base.Result.Scores,
		lo:       math.Inf(1),
		hi:       math.Inf(-1),
		c:        cmp.Or(b.Exploration, DefaultExploration),
		depth:    cmp.Or(b.Depth, DefaultDepth),
		lim:      newLimit(never{}, b.Time),
	}
	if others := cards.AllPlayers(base.Players).Without(base.Viewer); b.AutomatonDepth > 0 && others != 0 && others&^base.Result.Automata == 0 {
		t.depth = b.AutomatonDepth
	}
	if b.Learn > 0 {
		t.learned = map[M]*average{}
	}
	t.add(none, *new(M), cards.Spectator)
	return t
}

// add appends a node under parent (none for the root) and returns it.
func (t *tree[O, S, M, V]) add(parent int32, m M, p cards.Player) int32 {
	i := int32(len(t.nodes))
	t.nodes = append(t.nodes, node[M]{move: m, player: p, child: none, sibling: none, arm: none, avail: 1})
	if parent != none {
		t.nodes[i].sibling, t.nodes[parent].child = t.nodes[parent].child, i
	}
	return i
}

// addArm appends an arm at node at and returns it.
func (t *tree[O, S, M, V]) addArm(at int32, m M, p cards.Player) int32 {
	i := int32(len(t.nodes))
	t.nodes = append(t.nodes, node[M]{move: m, player: p, child: none, sibling: t.nodes[at].arm, arm: none, avail: 1})
	t.nodes[at].arm = i
	return i
}

// run iterates until Iterations are done or t.lim is reached (which
// Time, if set, bounds).
func (t *tree[O, S, M, V]) run(v V, r *cards.Rand) error {
	iterations := t.b.Iterations
	if iterations <= 0 && t.b.Time <= 0 {
		iterations = DefaultIterations
	}
	for i := 0; iterations <= 0 || i < iterations; i++ {
		if t.lim.reached() {
			break
		}
		world, err := t.b.Rules.Determinize(v, r.Uint64())
		if err != nil {
			return err
		}
		if err := t.iterate(world, r); err != nil {
			return err
		}
	}
	return nil
}

// iterate walks down the tree in world, adds a node, plays out and
// credits the path. Stopped by t.lim on the way, it credits nothing.
func (t *tree[O, S, M, V]) iterate(world S, r *cards.Rand) error {
	t.path, t.made = t.path[:0], t.made[:0]
	at := int32(0)
	step, left := int32(none), cards.PlayerSet(0) // where a simultaneous choice began; who has yet to choose
	for n := 0; !world.Over(); n++ {
		if t.lim.poll(n) {
			return nil
		}
		toAct := world.ToAct()
		switch {
		case step != none && toAct&^left == 0:
		case toAct.Len() > 1:
			step, left = at, toAct
		default:
			step = none
		}
		mover := toAct.First()
		if toAct.Has(t.observer) {
			mover = t.observer
		}
		t.legal = t.b.Rules.AppendLegalMoves(t.legal[:0], world)
		t.own = t.own[:0]
		for _, m := range t.legal {
			if m.Player() == mover {
				t.own = append(t.own, m)
			}
		}
		if len(t.own) == 0 {
			break // a game that breaks its contract: judge it as it stands
		}
		var m M
		var expanded bool
		if step != none {
			left = left.Without(mover)
			arm, isNew := t.selectAmong(step, true, mover)
			t.path = append(t.path, arm)
			m = t.nodes[arm].move
			next := t.childFor(at, m)
			if next == none {
				next = t.add(at, m, mover)
				isNew = true
			}
			at, expanded = next, isNew
		} else {
			at, expanded = t.selectAmong(at, false, mover)
			m = t.nodes[at].move
		}
		t.path = append(t.path, at)
		if t.learned != nil {
			t.made = append(t.made, m)
		}
		next, err := t.b.Rules.Apply(world, m)
		if err != nil {
			return err
		}
		world = next
		if expanded {
			break
		}
	}
	world, ok := t.playout(world, r)
	if ok {
		t.credit(world)
	}
	return nil
}

// selectAmong chooses, among the children of node at (or its arms), the
// one for a move of t.own: the first move not yet tried, added as a new
// node, or else the best by UCB1 among those t.own allows, each counted
// as available. It reports whether the node is new.
//
// Children are listed newest first and moves are tried in t.own's order,
// so t.own is matched from its end, each search starting where the last
// one stopped.
func (t *tree[O, S, M, V]) selectAmong(at int32, arms bool, mover cards.Player) (int32, bool) {
	first := t.nodes[at].child
	if arms {
		first = t.nodes[at].arm
	}
	best, bestValue := int32(none), math.Inf(-1)
	untried := -1
	cursor := first
	for i := len(t.own) - 1; i >= 0; i-- {
		k := t.find(first, cursor, t.own[i])
		if k == none {
			untried = i
			continue
		}
		cursor = t.nodes[k].sibling
		n := &t.nodes[k]
		n.avail++
		if value := t.ucb(n); value > bestValue {
			best, bestValue = k, value
		}
	}
	if untried >= 0 {
		if arms {
			return t.addArm(at, t.own[untried], mover), true
		}
		return t.add(at, t.own[untried], mover), true
	}
	return best, false
}

// ucb returns the UCB1 value of node n, counting its availability in
// place of its parent's visits.
func (t *tree[O, S, M, V]) ucb(n *node[M]) float64 {
	if n.visits == 0 {
		return math.Inf(1)
	}
	visits := float64(n.visits)
	return n.reward/visits + t.c*math.Sqrt(math.Log(float64(n.avail))/visits)
}

// find returns the node for move m in the sibling list that starts at
// first, looking from cursor on and then from first; none if absent.
func (t *tree[O, S, M, V]) find(first, cursor int32, m M) int32 {
	for k := cursor; k != none; k = t.nodes[k].sibling {
		if t.nodes[k].move == m {
			return k
		}
	}
	for k := first; k != cursor; k = t.nodes[k].sibling {
		if t.nodes[k].move == m {
			return k
		}
	}
	return none
}

// childFor returns the child of at for move m, or none.
func (t *tree[O, S, M, V]) childFor(at int32, m M) int32 {
	first := t.nodes[at].child
	return t.find(first, first, m)
}

// playout plays world on with the rollout policy until the game is over,
// or for Depth moves if the scores have moved since the root, checking
// again every quarter of Depth, up to four times Depth. It reports false
// if t.lim stopped it first.
func (t *tree[O, S, M, V]) playout(world S, r *cards.Rand) (S, bool) {
	every := max(t.depth/4, 1)
	for n := 0; n < 4*t.depth; n++ {
		if t.lim.poll(n) {
			return world, false
		}
		if world.Over() || n >= t.depth && n%every == 0 && !slices.Equal(world.Result().Scores, t.root) {
			break
		}
		t.legal = t.b.Rules.AppendLegalMoves(t.legal[:0], world)
		if len(t.legal) == 0 {
			break
		}
		i := 0
		switch {
		case t.learned != nil && float64(r.Uint64()>>11)/(1<<53) < t.b.Learn:
			i = t.bestLearned(r)
		case t.b.Rollout != nil:
			i = t.b.Rollout(world, t.legal, r)
		default:
			i = r.IntN(len(t.legal))
		}
		if i < 0 || i >= len(t.legal) {
			break
		}
		if t.learned != nil {
			t.made = append(t.made, t.legal[i])
		}
		next, err := t.b.Rules.Apply(world, t.legal[i])
		if err != nil {
			break
		}
		world = next
	}
	return world, true
}

// bestLearned returns the index in t.legal of the move whose iterations
// have been worth most to its player, a move never made counting as the
// best worth; ties go to one drawn from r.
func (t *tree[O, S, M, V]) bestLearned(r *cards.Rand) int {
	best, bestValue, ties := 0, math.Inf(-1), 0
	for i, m := range t.legal {
		value := 1.0
		if a := t.learned[m]; a != nil {
			value = a.sum / a.n
		}
		switch {
		case value > bestValue:
			best, bestValue, ties = i, value, 1
		case value == bestValue:
			ties++
			if r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}

// credit adds what world is worth to each player to the nodes and arms of
// the path, each for the player who made its move, and, when the search
// learns, to the averages of the moves of the iteration.
func (t *tree[O, S, M, V]) credit(world S) {
	t.rewards(world)
	for _, m := range t.made {
		p := m.Player()
		if !p.Valid(t.players) {
			continue
		}
		a := t.learned[m]
		if a == nil {
			a = &average{}
			t.learned[m] = a
		}
		a.sum += t.reward[p]
		a.n++
	}
	t.nodes[0].visits++
	for _, k := range t.path {
		n := &t.nodes[k]
		n.visits++
		if n.player.Valid(t.players) {
			n.reward += t.reward[n.player]
		}
	}
}

// rewards fills t.reward with what world is worth to each player (see
// the type's documentation).
func (t *tree[O, S, M, V]) rewards(world S) {
	res := world.Result()
	winners := res.Winners
	scores := res.Scores
	if len(scores) != t.players {
		scores = nil
	}
	if !world.Over() {
		winners = leaders(scores)
	}
	for q := range t.reward {
		win := 0.0
		if winners.Has(cards.Player(q)) {
			win = 1 / float64(winners.Len())
		}
		t.reward[q] = winWeight * win
	}
	if scores == nil {
		return
	}
	for q := range scores {
		m := margin(scores, q)
		t.lo, t.hi = min(t.lo, m), max(t.hi, m)
	}
	for q := range scores {
		share := 0.5
		if t.hi > t.lo {
			share = (margin(scores, q) - t.lo) / (t.hi - t.lo)
		}
		t.reward[q] += (1 - winWeight) * share
	}
}

// margin returns player q's score less the best score of the others.
func margin(scores []int, q int) float64 {
	best := math.MinInt
	for r, s := range scores {
		if r != q {
			best = max(best, s)
		}
	}
	if best == math.MinInt {
		return 0
	}
	return float64(scores[q]) - float64(best)
}

// leaders returns the players of the best score.
func leaders(scores []int) cards.PlayerSet {
	var set cards.PlayerSet
	best := math.MinInt
	for q, s := range scores {
		switch {
		case s > best:
			best, set = s, cards.PlayersOf(cards.Player(q))
		case s == best:
			set = set.With(cards.Player(q))
		}
	}
	return set
}

// best returns the observer's move tried most at the root, the better
// reward breaking a tie.
func (t *tree[O, S, M, V]) best() M {
	best := t.nodes[0].child
	for k := best; k != none; k = t.nodes[k].sibling {
		n, b := &t.nodes[k], &t.nodes[best]
		if n.visits > b.visits || n.visits == b.visits && n.reward > b.reward {
			best = k
		}
	}
	return t.nodes[best].move
}
