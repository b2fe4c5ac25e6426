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

// watch adds gauges of the games the handler's database holds, counted
// when scraped.
func (m *metrics) watch(h *server.Handler, log *slog.Logger) {
	stats := func() server.Stats {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		s, err := h.Stats(ctx)
		if err != nil {
			log.Warn("counting the games for the metrics", "err", err)
		}
		return s
	}
	m.registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "games_open", Help: "Games not over."},
			func() float64 { return float64(stats().Open) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "games_due", Help: "Games whose bots must move."},
			func() float64 { return float64(stats().Due) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "games_store_writes_total", Help: "Writes the store grouped in transactions (SQLite's group commit)."},
			func() float64 { return float64(stats().Writes) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "games_store_transactions_total", Help: "Transactions the store's grouped writes took, each one sync of the disk."},
			func() float64 { return float64(stats().Transactions) }))
}

// handler serves the metrics in Prometheus's text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

var _ server.Metrics = (*metrics)(nil)
