package anygame

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
	"github.com/cardrules/games/cards/cardjson"
)

// The bots every game offers, by name.
const (
	RandomBot     = "random"
	MonteCarloBot = "montecarlo"
	ISMCTSBot     = "ismcts"
	// ExpertBot is the strongest: the ISMCTS bot whose playouts learn
	// from one another (ExpertLearn), and are judged sooner
	// (ExpertAutomatonDepth) where every other seat is the game's own,
	// an automaton. It takes the ISMCTS bot's options.
	ExpertBot = "expert"
)

// The settings by which the expert bot differs from the ISMCTS bot, each
// the default of one of its options.
const (
	// ExpertLearn is its learn (bot.ISMCTS.Learn): half the moves of a
	// playout are the ones its playouts found best so far.
	ExpertLearn = 0.5
	// ExpertAutomatonDepth is its automatonDepth
	// (bot.ISMCTS.AutomatonDepth): the depth of its playouts when every
	// other seat is an automaton.
	ExpertAutomatonDepth = 10
)

// Strengths of the ISMCTS bot, given as ismcts:strength=N. Each strength
// is a number of iterations a move:
//
//	strength    1    2     3     4      5
//	iterations  50   200   1000  3000   10000
//
// Strength 3 is the default: about 100 ms a move on one core of a
// desktop computer, the slowest game included; each step up plays
// markedly better and takes about three times as long.
const (
	MinStrength     = 1
	MaxStrength     = 5
	DefaultStrength = 3
)

// strengthIterations maps a strength to its iterations a move.
var strengthIterations = [MaxStrength + 1]int{1: 50, 2: 200, 3: 1000, 4: 3000, 5: 10000}

// ErrUnknownBot is wrapped by the error for a bot name no game knows.
var ErrUnknownBot = errors.New("unknown bot")

// BotInfo describes a bot: its name, what it does, and the options a bot
// spec may give it.
//
// A bot spec, as BotMove, BotMoveContext and Simulate take it, is a bot's
// name alone ("ismcts") or followed by a colon and options as key=value
// pairs separated by commas ("ismcts:strength=4", "ismcts:iterations=200,
// exploration=1.2", "montecarlo:samples=50,time=1s"). Options a spec does
// not give keep their defaults.
type BotInfo struct {
	// Name is the bot's name in a spec.
	Name string `json:"name"`
	// Summary tells in a line how the bot plays.
	Summary string `json:"summary"`
	// Options describes the bot's options.
	Options []BotOption `json:"options"`
}

// BotOption describes an option of a bot.
type BotOption struct {
	// Name is the option's key in a spec.
	Name string `json:"name"`
	// Type is "int" (a whole number), "number" (a decimal number) or
	// "duration" (a number and a unit: "250ms", "2s").
	Type string `json:"type"`
	// Default is the value the option has when a spec leaves it out, as
	// a spec writes it; "" if it has none.
	Default string `json:"default"`
	// Min and Max bound the value; for a duration, in seconds.
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// Description tells in a line what the option does.
	Description string `json:"description"`
}

// Fields lists the members of the bot info's JSON, in order.
func (b *BotInfo) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "name", Ptr: &b.Name}, {Name: "summary", Ptr: &b.Summary}, {Name: "options", Ptr: (*cardjson.List[BotOption])(&b.Options)}}
}

// AppendJSON appends the bot info's JSON to b.
func (b BotInfo) AppendJSON(buf []byte) ([]byte, error) {
	return cardjson.AppendFields(buf, b.Fields())
}

// MarshalJSON encodes the bot info as AppendJSON does.
func (b BotInfo) MarshalJSON() ([]byte, error) { return b.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (b *BotInfo) UnmarshalJSON(v []byte) error {
	_, err := cardjson.DecodeFields(v, "a bot's description", b.Fields())
	return err
}

// Fields lists the members of the bot option's JSON, in order.
func (o *BotOption) Fields() []cardjson.Field {
	return []cardjson.Field{
		{Name: "name", Ptr: &o.Name}, {Name: "type", Ptr: &o.Type}, {Name: "default", Ptr: &o.Default},
		{Name: "min", Ptr: &o.Min}, {Name: "max", Ptr: &o.Max}, {Name: "description", Ptr: &o.Description},
	}
}

// AppendJSON appends the bot option's JSON to b.
func (o BotOption) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, o.Fields()) }

// MarshalJSON encodes the bot option as AppendJSON does.
func (o BotOption) MarshalJSON() ([]byte, error) { return o.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (o *BotOption) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a bot's option", o.Fields())
	return err
}

var botInfos = []BotInfo{
	{
		Name:    RandomBot,
		Summary: "chooses uniformly at random among its legal moves",
		Options: []BotOption{},
	},
	{
		Name: MonteCarloBot,
		Summary: "flat Monte Carlo: tries each legal move in worlds dealt from what it may know, " +
			"plays on at random, and chooses the move whose worlds turn out best",
		Options: []BotOption{
			{Name: "samples", Type: "int", Default: strconv.Itoa(bot.MonteCarloSamples), Min: 1, Max: 10000,
				Description: "worlds dealt for each legal move; with a time alone, as many as the time allows"},
			{Name: "depth", Type: "int", Default: strconv.Itoa(bot.MonteCarloDepth), Min: 1, Max: 100000, Description: "random moves played on in each world"},
			{Name: "time", Type: "duration", Default: "", Min: 0.001, Max: 60,
				Description: "time a move at most; alone, the bot deals worlds for that time"},
		},
	},
	{
		Name: ISMCTSBot,
		Summary: "information-set Monte Carlo tree search: searches a tree of moves over worlds dealt " +
			"from what it may know, each player choosing for their own ends",
		Options: ismctsOptions(),
	},
	expertInfo(),
}

// ismctsOptions are the ISMCTS bot's options.
func ismctsOptions() []BotOption {
	return []BotOption{
		{Name: "strength", Type: "int", Default: strconv.Itoa(DefaultStrength), Min: MinStrength, Max: MaxStrength,
			Description: "1 to 5: 50, 200, 1000, 3000 or 10000 iterations a move"},
		{Name: "iterations", Type: "int", Default: "", Min: 1, Max: 100000,
			Description: "iterations a move, in place of a strength"},
		{Name: "time", Type: "duration", Default: "", Min: 0.001, Max: 60,
			Description: "time a move at most; alone, the search runs for that time"},
		{Name: "exploration", Type: "number", Default: strconv.FormatFloat(bot.DefaultExploration, 'g', -1, 64), Min: 0.01, Max: 10,
			Description: "the exploration constant of UCB1: higher tries more moves, lower deepens the best"},
		{Name: "depth", Type: "int", Default: strconv.Itoa(bot.DefaultDepth), Min: 1, Max: 100000,
			Description: "moves of a playout before it is judged by the score"},
		{Name: "learn", Type: "number", Default: "0", Min: 0, Max: 1,
			Description: "how often a playout plays the move its earlier playouts found worth most to its player, rather than one at random (0 to 1)"},
		{Name: "automatonDepth", Type: "int", Default: "0", Min: 0, Max: 100000,
			Description: "the depth of the playouts when every other seat is the game's own; 0: the depth"},
	}
}

// expertInfo describes the expert bot: the ISMCTS bot's options, with
// its own defaults of learn and automatonDepth.
func expertInfo() BotInfo {
	options := ismctsOptions()
	for i, o := range options {
		switch o.Name {
		case "learn":
			options[i].Default = strconv.FormatFloat(ExpertLearn, 'g', -1, 64)
		case "automatonDepth":
			options[i].Default = strconv.Itoa(ExpertAutomatonDepth)
		}
	}
	return BotInfo{
		Name: ExpertBot,
		Summary: "the strongest: the ISMCTS bot whose playouts learn from one another which moves are worth most, " +
			"and are judged after a few moves where every other seat is one the game plays itself",
		Options: options,
	}
}

func botNames() []string {
	var names []string
	for _, b := range botInfos {
		names = append(names, b.Name)
	}
	return names
}

// BotInfos returns the bots every game offers, with their options.
func BotInfos() []BotInfo {
	infos := slices.Clone(botInfos)
	for i := range infos {
		infos[i].Options = slices.Clone(infos[i].Options)
	}
	return infos
}

// CheckBot reports whether a bot spec names a bot and gives it options it
// has, each within its range. An unknown bot is an error wrapping
// ErrUnknownBot; a bad option, cards.ErrBadInput.
func CheckBot(spec string) error {
	_, err := settingsOf(spec)
	return err
}

// BotWork is the most work a bot spec asks of a move, for a program that
// serves bots to compare with its own bounds before it accepts a spec. A
// field is 0 where the spec sets no bound of its kind: Iterations and
// Samples for a bot that counts no such thing and for a search that only
// Time bounds (at most a minute, as the option's range has it), Time for
// a spec that gives none.
//
// The ISMCTS bot plays a move in Iterations playouts, the Monte Carlo bot
// in Samples playouts for each legal move; a playout is Depth moves long
// at most, or for ISMCTS four times Depth; and either bot stops at Time
// if it comes first.
type BotWork struct {
	// Iterations is the ISMCTS bot's iterations a move, as the spec gives
	// them or its strength does; 0 if only Time bounds them, and for the
	// other bots.
	Iterations int
	// Samples is the Monte Carlo bot's worlds dealt for each legal move;
	// 0 if only Time bounds them, and for the other bots.
	Samples int
	// Depth is the depth option of a search bot, its default if the spec
	// gives none; 0 for the random bot. A Monte Carlo playout makes up to
	// Depth random moves. An ISMCTS playout is judged by the score after
	// Depth moves once a score has moved, and one in which none has goes
	// on to four times Depth: its longest playout is 4*Depth moves.
	Depth int
	// Time bounds the time of a move, as the spec gives it; 0 if it gives
	// none.
	Time time.Duration
}

// BotWorkOf returns the most work a bot spec asks of a move. It refuses
// what CheckBot refuses, with the same error.
func BotWorkOf(spec string) (BotWork, error) {
	s, err := settingsOf(spec)
	if err != nil {
		return BotWork{}, err
	}
	return BotWork{Iterations: s.iterations, Samples: s.samples, Depth: max(s.depth, s.automatonDepth), Time: s.time}, nil
}

// A botSpec is a parsed bot spec: the bot's name and the options it
// gives, each as a number (a duration in nanoseconds).
type botSpec struct {
	name   string
	values map[string]float64
}

// parseBotSpec parses and checks a bot spec.
func parseBotSpec(spec string) (botSpec, error) {
	name, rest, hasOptions := strings.Cut(spec, ":")
	i := slices.IndexFunc(botInfos, func(b BotInfo) bool { return b.Name == name })
	if i < 0 {
		return botSpec{}, fmt.Errorf("%w %q: the bots are %s", ErrUnknownBot, name, strings.Join(botNames(), ", "))
	}
	info := botInfos[i]
	bs := botSpec{name: name, values: map[string]float64{}}
	if !hasOptions {
		return bs, nil
	}
	for pair := range strings.SplitSeq(rest, ",") {
		key, text, ok := strings.Cut(pair, "=")
		if !ok {
			return bs, cards.BadInput("bot %s: write an option as key=value, not %q", name, pair)
		}
		j := slices.IndexFunc(info.Options, func(o BotOption) bool { return o.Name == key })
		if j < 0 {
			var keys []string
			for _, o := range info.Options {
				keys = append(keys, o.Name)
			}
			if len(keys) == 0 {
				return bs, cards.BadInput("bot %s takes no options", name)
			}
			return bs, cards.BadInput("bot %s has no option %q (its options are %s)", name, key, strings.Join(keys, ", "))
		}
		if _, seen := bs.values[key]; seen {
			return bs, cards.BadInput("bot %s: option %s is given twice", name, key)
		}
		x, err := info.Options[j].parse(text)
		if err != nil {
			return bs, fmt.Errorf("bot %s: %w", name, err)
		}
		bs.values[key] = x
	}
	return bs, nil
}

// parse reads a value of the option and checks its range.
func (o BotOption) parse(text string) (float64, error) {
	var x float64
	var err error
	switch o.Type {
	case "int":
		var n int64
		n, err = strconv.ParseInt(text, 10, 64)
		x = float64(n)
	case "number":
		x, err = strconv.ParseFloat(text, 64)
	case "duration":
		var d time.Duration
		d, err = time.ParseDuration(text)
		x = d.Seconds()
	}
	if err != nil || math.IsNaN(x) || x < o.Min || x > o.Max {
		return 0, cards.BadInput("option %s is %s from %v to %v, not %q", o.Name, o.Type, o.Min, o.Max, text)
	}
	if o.Type == "duration" {
		x *= float64(time.Second)
	}
	return x, nil
}

// get returns an option's value, or def if the spec does not give it.
func (bs botSpec) get(key string, def float64) float64 {
	if x, ok := bs.values[key]; ok {
		return x
	}
	return def
}

// botFor returns the bot a spec describes, for a game.
func botFor[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], spec string) (bot.ContextBot[M, V], error) {
	s, err := settingsOf(spec)
	if err != nil {
		return nil, err
	}
	switch s.name {
	case MonteCarloBot:
		return bot.MonteCarlo[O, S, M, V]{Rules: rules, Samples: s.samples, Depth: s.depth, Time: s.time}, nil
	case ISMCTSBot, ExpertBot:
		return bot.ISMCTS[O, S, M, V]{
			Rules:          rules,
			Iterations:     s.iterations,
			Time:           s.time,
			Exploration:    s.exploration,
			Depth:          s.depth,
			AutomatonDepth: s.automatonDepth,
			Learn:          s.learn,
		}, nil
	}
	return bot.Random[M, V]{}, nil
}

// choose returns b's move from v, drawing its randomness from seed: under
// ctx, or as Choose does if ctx is nil (a program that never makes a
// context then carries none).
func choose[M cards.Move, V cards.View[M]](ctx bot.Context, b bot.ContextBot[M, V], v V, seed uint64) (M, error) {
	r := cards.NewRand(seed)
	if ctx == nil {
		return b.Choose(v, &r)
	}
	return b.ChooseContext(ctx, v, &r)
}

// botSettings are the settings of a bot, from its spec, each option the
// spec leaves out at its default; BotWork and the bot itself are made of
// them.
type botSettings struct {
	name           string
	iterations     int // ISMCTS; 0 for no bound but the time
	samples        int // Monte Carlo; 0 for no bound but the time
	depth          int
	time           time.Duration
	exploration    float64 // ISMCTS
	automatonDepth int     // ISMCTS
	learn          float64 // ISMCTS
}

// settingsOf parses and checks a bot spec and returns its settings.
func settingsOf(spec string) (botSettings, error) {
	bs, err := parseBotSpec(spec)
	if err != nil {
		return botSettings{}, err
	}
	s := botSettings{name: bs.name, time: time.Duration(bs.get("time", 0))}
	_, timed := bs.values["time"]
	switch bs.name {
	case MonteCarloBot:
		if samples, given := bs.values["samples"]; given {
			s.samples = int(samples)
		} else if !timed {
			s.samples = bot.MonteCarloSamples
		}
		s.depth = int(bs.get("depth", bot.MonteCarloDepth))
	case ISMCTSBot, ExpertBot:
		_, strength := bs.values["strength"]
		iterations, given := bs.values["iterations"]
		switch {
		case strength && given:
			return botSettings{}, cards.BadInput("bot %s: give a strength or a number of iterations, not both", bs.name)
		case !given && (strength || !timed):
			iterations = float64(strengthIterations[int(bs.get("strength", DefaultStrength))])
		}
		s.iterations = int(iterations)
		s.exploration = bs.get("exploration", bot.DefaultExploration)
		s.depth = int(bs.get("depth", bot.DefaultDepth))
		learn, automatonDepth := 0.0, 0
		if bs.name == ExpertBot {
			learn, automatonDepth = ExpertLearn, ExpertAutomatonDepth
		}
		s.learn = bs.get("learn", learn)
		s.automatonDepth = int(bs.get("automatonDepth", float64(automatonDepth)))
	}
	return s, nil
}
