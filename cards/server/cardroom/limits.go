package cardroom

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits bound what requests can cause: the work of bots, the length of
// games and of answers, the requests and games of each client, and how
// long games are kept. In a Config, a field left zero takes its value in
// DefaultLimits, and a negative one lifts that limit.
type Limits struct {
	// BotTime is the longest a bot thinks over one move; a search bot
	// stopped there plays the best move it has found.
	BotTime time.Duration `json:"botTime"`
	// BotIterations, BotSamples and BotDepth are the most iterations a
	// move (ISMCTS), worlds a legal move (Monte Carlo) and moves a
	// playout a bot spec may ask for; a seat asking for more is refused.
	BotIterations int `json:"botIterations"`
	BotSamples    int `json:"botSamples"`
	BotDepth      int `json:"botDepth"`
	// BotsAtOnce is the most games whose bots a handler plays at once;
	// the others wait their turn, at most BotsWaiting of them, and at
	// most BotGamesPerClient games of one client playing or waiting. A
	// move that leaves bots to act beyond those is refused, 503 or 429,
	// and is to be made again later.
	BotsAtOnce        int `json:"botsAtOnce"`
	BotsWaiting       int `json:"botsWaiting"`
	BotGamesPerClient int `json:"botGamesPerClient"`

	// MovesPerGame is the most moves a game may have: the server closes
	// a game there, and refuses its moves.
	MovesPerGame int `json:"movesPerGame"`
	// EventsPerAnswer is the most events one answer holds; a client
	// reads the rest with another request.
	EventsPerAnswer int `json:"eventsPerAnswer"`

	// RequestRate is the requests a second a client may make, on
	// average, and RequestBurst how many it may make at once.
	RequestRate  float64 `json:"requestRate"`
	RequestBurst int     `json:"requestBurst"`
	// CreateRate is the games a minute a client may create, on average,
	// and CreateBurst how many it may create at once.
	CreateRate  float64 `json:"createRate"`
	CreateBurst int     `json:"createBurst"`
	// RefusalDelay is how long the refusal of a request over its
	// client's rate waits before it is sent. A flood that waits for its
	// answers then sends at most one request a connection for each
	// RefusalDelay, and the connections a client may hold bound it
	// (examples/server's -client-conns). Lift it where a waiting request
	// holds something scarce, as a Cloudflare Worker's instance.
	RefusalDelay time.Duration `json:"refusalDelay"`
	// OpenGames is the most games not over the server holds, and
	// OpenGamesPerClient the most of them that one client created (or
	// proposed, a rematch).
	OpenGames          int `json:"openGames"`
	OpenGamesPerClient int `json:"openGamesPerClient"`
	// WaitingGames is the most games waiting for players the server
	// holds, fewer than OpenGames so that games that play at once are
	// still made when strangers fill the lobby; WaitingGamesPerClient is
	// the most of them that one client created.
	WaitingGames          int `json:"waitingGames"`
	WaitingGamesPerClient int `json:"waitingGamesPerClient"`

	// Streams is the most live streams a handler serves at once (keep it
	// well under the connections the server accepts, so that a crowd of
	// streams leaves room for other requests), StreamsPerClient the most
	// of them one client opens, and StreamsPerGame the most that follow
	// one game.
	Streams          int `json:"streams"`
	StreamsPerClient int `json:"streamsPerClient"`
	StreamsPerGame   int `json:"streamsPerGame"`

	// TurnTime is how long a person may keep the others waiting: once a
	// seat has had to act for that long without a move, or a seat kept
	// for its player in a rematch has waited that long for their answer,
	// the host may give it to a bot.
	TurnTime time.Duration `json:"turnTime"`

	// KeepFinished is how long a game is kept once it is over (or
	// closed), KeepIdle how long a game nobody moves in is kept, and
	// KeepWaiting how long a game that waits for players is kept.
	KeepFinished time.Duration `json:"keepFinished"`
	KeepIdle     time.Duration `json:"keepIdle"`
	KeepWaiting  time.Duration `json:"keepWaiting"`
}

// limitsJSON is Limits as JSON encodes it: durations as text ("1s").
// Its fields of that name hide those of plainLimits, which has no
// methods of its own.
type limitsJSON struct {
	plainLimits
	BotTime      string `json:"botTime"`
	RefusalDelay string `json:"refusalDelay"`
	TurnTime     string `json:"turnTime"`
	KeepFinished string `json:"keepFinished"`
	KeepIdle     string `json:"keepIdle"`
	KeepWaiting  string `json:"keepWaiting"`
}

type plainLimits Limits

// MarshalJSON encodes the limits as a JSON object of their fields, by the
// names of their tags, with durations as text ("1s", "48h0m0s").
func (l Limits) MarshalJSON() ([]byte, error) {
	return json.Marshal(limitsJSON{plainLimits(l), l.BotTime.String(), l.RefusalDelay.String(), l.TurnTime.String(), l.KeepFinished.String(), l.KeepIdle.String(), l.KeepWaiting.String()})
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (l *Limits) UnmarshalJSON(b []byte) error {
	var v limitsJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*l = Limits(v.plainLimits)
	for _, d := range []struct {
		text string
		to   *time.Duration
	}{{v.BotTime, &l.BotTime}, {v.RefusalDelay, &l.RefusalDelay}, {v.TurnTime, &l.TurnTime}, {v.KeepFinished, &l.KeepFinished}, {v.KeepIdle, &l.KeepIdle}, {v.KeepWaiting, &l.KeepWaiting}} {
		var err error
		if *d.to, err = time.ParseDuration(d.text); err != nil {
			return fmt.Errorf("limits: %w", err)
		}
	}
	return nil
}

// DefaultLimits returns the limits of a handler whose Config sets none:
// limits fit for a public server on a small host (2 cores).
func DefaultLimits() Limits {
	return Limits{
		BotTime:               500 * time.Millisecond,
		BotIterations:         10_000,
		BotSamples:            200,
		BotDepth:              1_000,
		BotsAtOnce:            max(1, runtime.GOMAXPROCS(0)/2),
		BotsWaiting:           8,
		BotGamesPerClient:     3,
		MovesPerGame:          5_000,
		EventsPerAnswer:       500,
		RequestRate:           10,
		RequestBurst:          50,
		CreateRate:            10,
		CreateBurst:           10,
		RefusalDelay:          time.Second,
		OpenGames:             10_000,
		OpenGamesPerClient:    50,
		WaitingGames:          2_000,
		WaitingGamesPerClient: 4,
		Streams:               2_000,
		StreamsPerClient:      16,
		StreamsPerGame:        1_000,
		TurnTime:              2 * time.Minute,
		KeepFinished:          2 * 24 * time.Hour,
		KeepIdle:              7 * 24 * time.Hour,
		KeepWaiting:           time.Hour,
	}
}

// withDefaults returns l with its zero fields set from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	or := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	orDuration := func(v *time.Duration, def time.Duration) {
		if *v == 0 {
			*v = def
		}
	}
	orFloat := func(v *float64, def float64) {
		if *v == 0 {
			*v = def
		}
	}
	orDuration(&l.BotTime, d.BotTime)
	or(&l.BotIterations, d.BotIterations)
	or(&l.BotSamples, d.BotSamples)
	or(&l.BotDepth, d.BotDepth)
	or(&l.BotsAtOnce, d.BotsAtOnce)
	or(&l.BotsWaiting, d.BotsWaiting)
	or(&l.BotGamesPerClient, d.BotGamesPerClient)
	or(&l.MovesPerGame, d.MovesPerGame)
	or(&l.EventsPerAnswer, d.EventsPerAnswer)
	orFloat(&l.RequestRate, d.RequestRate)
	or(&l.RequestBurst, d.RequestBurst)
	orFloat(&l.CreateRate, d.CreateRate)
	or(&l.CreateBurst, d.CreateBurst)
	orDuration(&l.RefusalDelay, d.RefusalDelay)
	or(&l.OpenGames, d.OpenGames)
	or(&l.OpenGamesPerClient, d.OpenGamesPerClient)
	or(&l.WaitingGames, d.WaitingGames)
	or(&l.WaitingGamesPerClient, d.WaitingGamesPerClient)
	or(&l.Streams, d.Streams)
	or(&l.StreamsPerClient, d.StreamsPerClient)
	or(&l.StreamsPerGame, d.StreamsPerGame)
	orDuration(&l.TurnTime, d.TurnTime)
	orDuration(&l.KeepFinished, d.KeepFinished)
	orDuration(&l.KeepIdle, d.KeepIdle)
	orDuration(&l.KeepWaiting, d.KeepWaiting)
	return l
}

// within reports whether n is within a limit that is lifted when
// negative.
func within[T int | float64 | time.Duration](n, limit T) bool {
	return limit < 0 || n <= limit
}

// clientLimits are the rate limits of one client.
type clientLimits struct {
	requests, creates *rate.Limiter
}

// clients holds the rate limits of the clients seen lately, in two
// generations: a client not seen for a generation is forgotten (its
// limiters would have refilled by then), and a generation holds at most
// maxClients, so that memory stays bounded whatever the number of
// addresses that send requests.
type clients struct {
	limits   Limits
	now      func() time.Time
	mu       sync.Mutex
	cur, old map[string]*clientLimits
	since    time.Time // when cur began
}

// maxClients is the most clients a generation holds, and clientsEvery
// how long a generation lasts at most.
const (
	maxClients   = 10_000
	clientsEvery = 10 * time.Minute
)

func newClients(l Limits, now func() time.Time) *clients {
	return &clients{limits: l, now: now, cur: map[string]*clientLimits{}, old: map[string]*clientLimits{}, since: now()}
}

// of returns the limits of the client whose key is given.
func (c *clients) of(key string) *clientLimits {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cl, ok := c.cur[key]; ok {
		return cl
	}
	if now := c.now(); len(c.cur) >= maxClients || now.Sub(c.since) > clientsEvery {
		c.old, c.cur, c.since = c.cur, make(map[string]*clientLimits, len(c.cur)), now
	}
	cl, ok := c.old[key]
	if !ok {
		cl = &clientLimits{requests: limiter(c.limits.RequestRate, c.limits.RequestBurst), creates: limiter(c.limits.CreateRate/60, c.limits.CreateBurst)}
	}
	c.cur[key] = cl
	return cl
}

// limiter returns a limiter of the rate and burst, or one that allows
// everything if the rate is lifted.
func limiter(r float64, burst int) *rate.Limiter {
	if r < 0 || burst < 0 {
		return rate.NewLimiter(rate.Inf, 0)
	}
	return rate.NewLimiter(rate.Limit(r), burst)
}

// wait returns how long the client must wait before the limiter allows
// one more event, or 0 if it allows it now, in which case the event is
// taken.
func wait(l *rate.Limiter, now time.Time) time.Duration {
	res := l.ReserveN(now, 1)
	if !res.OK() {
		return time.Minute
	}
	d := res.DelayFrom(now)
	if d > 0 {
		res.CancelAt(now)
	}
	return d
}
