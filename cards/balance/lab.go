package balance

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/internal/parallel"
)

// A Lab is what a report measures: the game and its options, the bots,
// the variants, how many games and from which seed. Its zero values ask
// for the defaults (see the fields); Run plays its games and returns the
// report.
type Lab struct {
	// Game is the game to study.
	Game anygame.Game
	// Options are the game's options, as members of its options' JSON
	// object, over its defaults; not "seed", which comes from Seed, nor
	// "players", which comes from Players.
	Options map[string]any
	// Players are the numbers of players to measure the seats of; none
	// is the game's default number.
	Players []int
	// Bot is the bot of every seat of the games that measure the seats,
	// the length, what happens and the decisions; "" is DefaultBot.
	Bot string
	// Games is the number of those games for each number of players and
	// each variant; 0 plays as many as make about Moves moves.
	Games int
	// Moves is the number of moves the games of each number of players
	// and each variant make, about, when Games is 0; 0 is DefaultMoves.
	Moves int
	// Variants are the options to compare with the game of Options, each
	// at each of its values, the rest as Options has them.
	Variants []Variant
	// Ladder are the bots to rank by games between each two of them;
	// none for no ladder.
	Ladder []string
	// LadderGames is the number of games of each two bots of the ladder;
	// 0 plays as many as make about Moves/5 moves.
	LadderGames int
	// Opponent, when true, looks for a designed opponent — a seat the
	// game plays itself, as Packs Kingdoms' solo automaton — among the
	// game's options, and measures each bot of the ladder (or Bot)
	// against it at each value of the game's small options (a head
	// start).
	Opponent bool
	// OpponentGames is the number of games of each bot against the
	// opponent at each value; 0 plays as many as make about Moves/20
	// moves.
	OpponentGames int
	// Seed makes the report reproducible: the same lab and seed play the
	// same games, whatever the number of workers.
	Seed uint64
	// Workers is the number of games played at once; 0 is the number of
	// cores.
	Workers int
	// Progress, if set, shows the games' progress.
	Progress io.Writer
}

// A Variant is an option of the game and the values to compare.
type Variant struct {
	Option string
	Values []any
}

// The defaults of a Lab.
const (
	// DefaultBot is the bot of every seat of the games that measure the
	// seats: a search, so that the figures are those of players who
	// play to win, at the cost of a few milliseconds a move.
	DefaultBot = "ismcts:strength=1"
	// DefaultMoves is the moves the games of each number of players and
	// of each variant make, about, unless the number of games is given.
	DefaultMoves = 40000
)

// Bounds on the number of games the lab chooses itself.
const (
	minGames, maxGames             = 100, 2000
	minLadderGames, maxLadderGames = 20, 400
	minOppGames, maxOppGames       = 40, 200
	pilotGames                     = 8
)

// A run is a set of games of one kind: the games of a number of players,
// of a variant's value, of two bots of the ladder, of a bot against the
// opponent.
type run struct {
	options map[string]any
	players int
	lineup  []string // the bots of the seats, before rotation
	rotate  bool     // each deal played once a seat, the lineup moved on a seat each time
	games   int
	id      uint64 // tells the bots' seeds of the run from the others'
	budget  int    // the moves the run's games should make, about, if games is 0
	lo, hi  int    // bounds on the games the run chooses itself
	results []*played
}

// optionsJSON returns the options of deal d, seed included.
func (r *run) optionsJSON(seed uint64, d int) ([]byte, error) {
	opts := maps.Clone(r.options)
	opts["players"] = r.players
	opts["seed"] = cards.Seed(mix(seed, 0, uint64(d)))
	opts["noLog"] = false
	return json.Marshal(opts)
}

// seats returns the bots of game i's seats: the lineup, moved on a seat
// for each game of a deal when the run rotates.
func (r *run) seats(i int) []string {
	specs := make([]string, r.players)
	for p := range specs {
		k := p
		if r.rotate {
			k += i % r.players
		}
		specs[p] = r.lineup[k%len(r.lineup)]
	}
	return specs
}

// deal returns the number of game i's deal: every game of a rotating run
// plays each deal once a seat.
func (r *run) deal(i int) int {
	if r.rotate {
		return i / r.players
	}
	return i
}

// play plays game i of the run.
func (r *run) play(g anygame.Game, seed uint64, i int) (*played, error) {
	b, err := r.optionsJSON(seed, r.deal(i))
	if err != nil {
		return nil, err
	}
	return playGame(g, b, r.seats(i), mix(seed, r.id, uint64(i)))
}

// mix mixes a seed with the numbers that name a game, so that every
// game draws from a stream of its own (SplitMix64's finalizer).
func mix(seed uint64, parts ...uint64) uint64 {
	x := seed
	for _, p := range parts {
		x ^= p + 0x9e3779b97f4a7c15 + x<<6 + x>>2
		x ^= x >> 30
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 27
		x *= 0x94d049bb133111eb
		x ^= x >> 31
	}
	return x
}

// Run plays the lab's games on its workers and returns the report.
func (l Lab) Run() (*Report, error) {
	start := time.Now()
	p, err := l.plan()
	if err != nil {
		return nil, err
	}
	if err := p.size(l); err != nil {
		return nil, err
	}
	type job struct{ run, game int }
	var jobs []job
	for k, r := range p.runs {
		for i := range r.games {
			jobs = append(jobs, job{k, i})
		}
	}
	var bar *parallel.Bar
	if l.Progress != nil {
		bar = parallel.NewBar(l.Progress, len(jobs), "games")
	}
	workers := l.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	results, err := parallel.Map(len(jobs), workers, func(i int) (*played, error) {
		j := jobs[i]
		return p.runs[j.run].play(l.Game, l.Seed, j.game)
	}, bar)
	if err != nil {
		return nil, err
	}
	for i, j := range jobs {
		p.runs[j.run].results = append(p.runs[j.run].results, results[i])
	}
	rep := p.report(l)
	rep.Elapsed = time.Since(start)
	rep.Workers = workers
	return rep, nil
}

// size sets the number of games of each run: as given, or as many as
// make about the run's budget of moves by the length of a few games of
// random bots.
func (p *plan) size(l Lab) error {
	for _, r := range p.runs {
		if r.games > 0 {
			continue
		}
		pilot := &run{options: r.options, players: r.players, lineup: []string{anygame.RandomBot}, id: ^r.id}
		moves := 0
		for i := range pilotGames {
			pg, err := pilot.play(l.Game, l.Seed, i)
			if err != nil {
				return err
			}
			moves += pg.moves
		}
		n := r.budget * pilotGames / max(moves, 1)
		n = min(max(n, r.lo), r.hi)
		if r.rotate {
			n = (n + r.players - 1) / r.players * r.players
		}
		r.games = n
	}
	return nil
}

// A plan is the runs of a report and what each is for.
type plan struct {
	base     map[string]any // the options of the lab, with defaults of the game
	players  []int
	counts   []*run // the games of each number of players
	baseRun  *run   // the run variants compare with
	variants []variantPlan
	ladder   []string
	pairs    [][]*run // pairs[i][j], i < j: bot i against bot j
	opponent *opponentPlan
	runs     []*run   // every run, in order
	refused  []string // variants the game refused, and why
}

type variantPlan struct {
	option string
	values []any
	runs   []*run // runs[k] plays values[k]; the base run for the base value
}

type opponentPlan struct {
	options map[string]any // what makes the opponent: an option set
	option  string         // the option swept, or ""
	values  []any
	bots    []string
	runs    [][]*run // runs[b][k]: bot b at values[k]
}

func (p *plan) add(r *run) *run {
	r.id = uint64(len(p.runs) + 1)
	p.runs = append(p.runs, r)
	return r
}

// plan works out the runs of the report, checking the lab against the
// game.
func (l Lab) plan() (*plan, error) {
	if l.Game == nil {
		return nil, cards.BadInput("a lab needs a game")
	}
	info := l.Game.Info()
	for _, name := range []string{"seed", "players"} {
		if _, ok := l.Options[name]; ok {
			return nil, cards.BadOptions("the option %s of a report comes from its own setting, not from its options", name)
		}
	}
	bot := l.Bot
	if bot == "" {
		bot = DefaultBot
	}
	for _, spec := range append([]string{bot}, l.Ladder...) {
		if err := anygame.CheckBot(spec); err != nil {
			return nil, err
		}
	}
	budget := l.Moves
	if budget <= 0 {
		budget = DefaultMoves
	}
	def, err := defaults(l.Game)
	if err != nil {
		return nil, err
	}
	p := &plan{base: maps.Clone(l.Options), players: slices.Clone(l.Players), ladder: l.Ladder}
	if p.base == nil {
		p.base = map[string]any{}
	}
	defPlayers := def.players
	if len(p.players) == 0 {
		p.players = []int{defPlayers}
	}
	for _, n := range p.players {
		if n < info.MinPlayers || n > info.MaxPlayers {
			return nil, cards.BadOptions("%s is for %d to %d players, not %d", info.Title, info.MinPlayers, info.MaxPlayers, n)
		}
	}
	baseN := p.players[0]
	if slices.Contains(p.players, defPlayers) {
		baseN = defPlayers
	}
	main := func(opts map[string]any, n int) *run {
		return &run{options: opts, players: n, lineup: []string{bot}, games: l.Games, budget: budget, lo: minGames, hi: maxGames}
	}
	for _, n := range p.players {
		r := p.add(main(p.base, n))
		if err := p.check(l.Game, r); err != nil {
			return nil, err
		}
		p.counts = append(p.counts, r)
		if n == baseN {
			p.baseRun = r
		}
	}
	for _, v := range l.Variants {
		vp, err := p.variant(l, v, main(nil, baseN))
		if err != nil {
			return nil, err
		}
		if vp != nil {
			p.variants = append(p.variants, *vp)
		}
	}
	if len(l.Ladder) > 1 {
		p.pairs = make([][]*run, len(l.Ladder))
		for i := range l.Ladder {
			p.pairs[i] = make([]*run, len(l.Ladder))
			for j := i + 1; j < len(l.Ladder); j++ {
				p.pairs[i][j] = p.add(&run{
					options: p.base, players: baseN, lineup: []string{l.Ladder[i], l.Ladder[j]}, rotate: true,
					games: l.LadderGames, budget: budget / 5, lo: minLadderGames, hi: maxLadderGames,
				})
			}
		}
	}
	if l.Opponent {
		bots := l.Ladder
		if len(bots) == 0 {
			bots = []string{bot}
		}
		p.opponent = findOpponent(l.Game, p.base, baseN)
		if op := p.opponent; op != nil {
			op.bots = bots
			for _, b := range bots {
				var row []*run
				for _, v := range op.values {
					opts := maps.Clone(op.options)
					if op.option != "" {
						opts[op.option] = v
					}
					row = append(row, p.add(&run{
						options: opts, players: baseN, lineup: []string{b}, games: l.OpponentGames,
						budget: budget / 20, lo: minOppGames, hi: maxOppGames,
					}))
				}
				op.runs = append(op.runs, row)
			}
		}
	}
	return p, nil
}

// variant plans the runs of a variant: one for each value but the base
// one, which the base run plays. A value the game refuses with the
// lab's options leaves the variant out, told in the report.
func (p *plan) variant(l Lab, v Variant, proto *run) (*variantPlan, error) {
	vp := &variantPlan{option: v.Option}
	baseValue, err := optionValue(l.Game, p.base, v.Option)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(v.Values, func(x any) bool { return fmt.Sprint(x) == fmt.Sprint(baseValue) }) {
		vp.values = append(vp.values, baseValue)
		vp.runs = append(vp.runs, p.baseRun)
	}
	for _, x := range v.Values {
		if fmt.Sprint(x) == fmt.Sprint(baseValue) {
			vp.values = append(vp.values, x)
			vp.runs = append(vp.runs, p.baseRun)
			continue
		}
		r := *proto
		r.options = maps.Clone(p.base)
		r.options[v.Option] = x
		if err := p.check(l.Game, &r); err != nil {
			p.refused = append(p.refused, fmt.Sprintf("%s=%v: %v", v.Option, x, err))
			continue
		}
		vp.values = append(vp.values, x)
		vp.runs = append(vp.runs, p.add(&r))
	}
	if len(vp.values) < 2 {
		return nil, nil
	}
	return vp, nil
}

// check deals a game of r's options, so that options the game refuses
// are found before any game is played.
func (p *plan) check(g anygame.Game, r *run) error {
	b, err := r.optionsJSON(0, 0)
	if err != nil {
		return err
	}
	_, _, err = g.Deal(b)
	return err
}
