//go:build !js

package gameserver

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/cardrules/games/cards/server"
)

// metrics records what the handler measures in Prometheus's collectors
// (it implements server.Metrics), beside the Go runtime's and the
// process's.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	botTime  *prometheus.HistogramVec
	created  *prometheus.CounterVec
	expired  prometheus.Counter
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "games_http_requests_total", Help: "Requests answered by the API, by route and status.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "games_http_request_duration_seconds", Help: "Time to answer a request of the API, by route.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5},
		}, []string{"route"}),
		botTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "games_bot_move_seconds", Help: "Time a bot thought over a move, by game and bot.",
			Buckets: []float64{.0001, .001, .01, .05, .1, .2, .5, 1, 2, 5, 10},
		}, []string{"game", "bot"}),
		created: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "games_created_total", Help: "Games created, by game.",
		}, []string{"game"}),
		expired: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "games_expired_total", Help: "Games deleted once expired.",
		}),
	}
	m.registry.MustRegister(m.requests, m.latency, m.botTime, m.created, m.expired,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) Request(route string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

func (m *metrics) BotMove(game, bot string, d time.Duration) {
	m.botTime.WithLabelValues(game, bot).Observe(d.Seconds())
}

func (m *metrics) GameCreated(game string) { m.created.WithLabelValues(game).Inc() }

func (m *metrics) GamesExpired(n int) { m.expired.Add(float64(n)) }

// watch adds gauges of the games the handler's database holds and
// counters of its store's writes, counted once a scrape.
func (m *metrics) watch(h *server.Handler, log *slog.Logger) {
	m.registry.MustRegister(&roomCollector{h: h, log: log})
}

// roomCollector collects the figures of a handler's Stats, asked for once
// a scrape: they take a query of the database.
type roomCollector struct {
	h   *server.Handler
	log *slog.Logger
}

var (
	gamesOpen = prometheus.NewDesc("games_open", "Games not over.", nil, nil)
	gamesDue  = prometheus.NewDesc("games_due", "Games whose bots must move.", nil, nil)
	writes    = prometheus.NewDesc("games_store_writes_total", "Writes the store grouped in transactions (SQLite's group commit).", nil, nil)
	commits   = prometheus.NewDesc("games_store_transactions_total", "Transactions the store's grouped writes took, each one sync of the disk.", nil, nil)
)

func (c *roomCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{gamesOpen, gamesDue, writes, commits} {
		ch <- d
	}
}

func (c *roomCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	s, err := c.h.Stats(ctx)
	if err != nil {
		c.log.Warn("counting the games for the metrics", "err", err)
	}
	ch <- prometheus.MustNewConstMetric(gamesOpen, prometheus.GaugeValue, float64(s.Open))
	ch <- prometheus.MustNewConstMetric(gamesDue, prometheus.GaugeValue, float64(s.Due))
	ch <- prometheus.MustNewConstMetric(writes, prometheus.CounterValue, float64(s.Writes))
	ch <- prometheus.MustNewConstMetric(commits, prometheus.CounterValue, float64(s.Transactions))
}

// handler serves the metrics in Prometheus's text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

var _ server.Metrics = (*metrics)(nil)
