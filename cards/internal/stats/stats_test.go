package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilsonOfKnownRates(t *testing.T) {
	// 25 of 40 (62.5%): 47.0%–75.8%; 7 of 40: 8.7%–31.8%.
	for _, c := range []struct {
		p      float64
		n      int
		lo, hi float64
	}{{0.625, 40, 0.470, 0.758}, {0.175, 40, 0.087, 0.320}, {0, 10, 0, 0.278}} {
		lo, hi := Wilson(c.p, c.n)
		if !near(lo, c.lo, 0.001) || !near(hi, c.hi, 0.001) {
			t.Errorf("Wilson(%v, %d) = %.3f–%.3f, want %.3f–%.3f", c.p, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

func TestRatesTellASignificantDifference(t *testing.T) {
	d := Rates(0.5, 1000, 0.56, 1000)
	if !near(d.Diff, 0.06, 1e-9) || !d.Significant() || d.Lo <= 0 || d.Hi <= d.Diff {
		t.Errorf("50%% vs 56%% of 1000: %+v", d)
	}
	if d := Rates(0.5, 100, 0.52, 100); d.Significant() || d.Lo >= 0 {
		t.Errorf("50%% vs 52%% of 100 is not significant: %+v", d)
	}
}

func TestMeansWelch(t *testing.T) {
	var a, b Sample
	for i := range 200 {
		a.Add(float64(i % 10))
		b.Add(float64(i%10) + 1)
	}
	d := Means(a, b)
	if !near(d.Diff, 1, 1e-9) || !d.Significant() {
		t.Errorf("means 4.5 and 5.5: %+v", d)
	}
}

func TestPercentileByNearestRank(t *testing.T) {
	v := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for q, want := range map[float64]int{0.5: 5, 0.9: 9, 0.99: 10, 1: 10, 0: 1} {
		if got := Percentile(v, q); got != want {
			t.Errorf("Percentile(%v) = %d, want %d", q, got, want)
		}
	}
}

func TestRatingsOrderPlayers(t *testing.T) {
	// B beats A 3 times in 4, C beats B 3 times in 4: C > B > A, each
	// step near 191 Elo (400 log10 3).
	wins := [][]float64{{0, 25, 10}, {75, 0, 25}, {90, 75, 0}}
	r := Ratings(wins)
	if r[0] != 0 || !(r[1] > 100 && r[2] > r[1]+100) {
		t.Errorf("ratings %v", r)
	}
	if all := Ratings([][]float64{{0, 10}, {0, 0}}); math.IsInf(all[1], 0) || all[1] >= 0 {
		t.Errorf("a player who never won: %v", all)
	}
}
