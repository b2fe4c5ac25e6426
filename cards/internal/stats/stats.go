// Package stats holds the statistics the tournament and the balance lab
// report: intervals of rates and differences at 95% confidence, tests of
// a difference, percentiles, and ratings from games between players.
package stats

import (
	"math"
	"slices"
)

// z is the normal quantile of a two-sided 95% interval.
const z = 1.959964

// Wilson returns the 95% Wilson score interval of a rate p observed over
// n trials; (0, 1) when there are none.
func Wilson(p float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	nf := float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(max(p*(1-p), 0)/nf+z*z/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

// A Difference is an estimate of b less a, with its 95% interval and the
// two-sided p-value of a test that they are equal.
type Difference struct {
	Diff, Lo, Hi float64
	P            float64
}

// Significant reports a difference whose p-value is under 5%.
func (d Difference) Significant() bool { return d.P < 0.05 }

// Rates returns the difference of two rates, pb over nb trials less pa
// over na: Newcombe's interval, made of each rate's Wilson interval, and
// the p-value of the pooled two-proportion z-test.
func Rates(pa float64, na int, pb float64, nb int) Difference {
	d := Difference{Diff: pb - pa, P: 1}
	if na == 0 || nb == 0 {
		d.Lo, d.Hi = -1, 1
		return d
	}
	la, ha := Wilson(pa, na)
	lb, hb := Wilson(pb, nb)
	d.Lo = d.Diff - math.Sqrt((pb-lb)*(pb-lb)+(ha-pa)*(ha-pa))
	d.Hi = d.Diff + math.Sqrt((hb-pb)*(hb-pb)+(pa-la)*(pa-la))
	pool := (pa*float64(na) + pb*float64(nb)) / float64(na+nb)
	if se := math.Sqrt(pool * (1 - pool) * (1/float64(na) + 1/float64(nb))); se > 0 {
		d.P = twoSided(d.Diff / se)
	} else if d.Diff != 0 {
		d.P = 0
	}
	return d
}

// A Sample sums observations for their mean and variance.
type Sample struct {
	N          int
	Sum, SumSq float64
}

// Add adds an observation.
func (s *Sample) Add(x float64) {
	s.N++
	s.Sum += x
	s.SumSq += x * x
}

// Mean returns the mean, 0 of no observation.
func (s Sample) Mean() float64 {
	if s.N == 0 {
		return 0
	}
	return s.Sum / float64(s.N)
}

// Var returns the sample's variance (with n-1), 0 under two
// observations.
func (s Sample) Var() float64 {
	if s.N < 2 {
		return 0
	}
	m := s.Mean()
	return max(0, (s.SumSq-float64(s.N)*m*m)/float64(s.N-1))
}

// Interval returns the 95% interval of the mean, by the normal
// approximation.
func (s Sample) Interval() (lo, hi float64) {
	if s.N == 0 {
		return 0, 0
	}
	half := z * math.Sqrt(s.Var()/float64(s.N))
	return s.Mean() - half, s.Mean() + half
}

// Means returns the difference of the means of b and a, with Welch's
// interval and p-value by the normal approximation (the samples the lab
// compares hold hundreds of games).
func Means(a, b Sample) Difference {
	d := Difference{Diff: b.Mean() - a.Mean(), P: 1}
	if a.N == 0 || b.N == 0 {
		return d
	}
	se := math.Sqrt(a.Var()/float64(a.N) + b.Var()/float64(b.N))
	d.Lo, d.Hi = d.Diff-z*se, d.Diff+z*se
	if se > 0 {
		d.P = twoSided(d.Diff / se)
	} else if d.Diff != 0 {
		d.P = 0
	}
	return d
}

// twoSided returns the two-sided p-value of a standard normal statistic.
func twoSided(x float64) float64 { return math.Erfc(math.Abs(x) / math.Sqrt2) }

// Percentile returns the q-th quantile (0 to 1) of sorted values, by the
// nearest rank: the least value at or above which a share q of them lie.
// It returns 0 of no value.
func Percentile(sorted []int, q float64) int {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(q * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// Ratings returns the Elo ratings that best explain wins, where wins[i][j]
// is what player i scored against j (a win 1, a shared win a share) over
// the games between them, by the Bradley–Terry model fitted by Hunter's
// MM algorithm; the first player is rated 0. A player who never lost or
// never won gets a half game of each against every opponent it met, so
// that every rating is finite.
func Ratings(wins [][]float64) []float64 {
	n := len(wins)
	w := make([][]float64, n)
	for i := range w {
		w[i] = slices.Clone(wins[i])
	}
	for i := range n {
		for j := range n {
			if i != j && w[i][j]+w[j][i] > 0 {
				w[i][j] += 0.5
			}
		}
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for range 1000 {
		moved := 0.0
		next := make([]float64, n)
		for i := range n {
			won, denom := 0.0, 0.0
			for j := range n {
				if i == j {
					continue
				}
				won += w[i][j]
				if games := w[i][j] + w[j][i]; games > 0 {
					denom += games / (gamma[i] + gamma[j])
				}
			}
			next[i] = gamma[i]
			if denom > 0 && won > 0 {
				next[i] = won / denom
			}
		}
		for i := range n {
			next[i] /= next[0]
			moved = max(moved, math.Abs(math.Log(next[i]/gamma[i])))
		}
		gamma = next
		if moved < 1e-9 {
			break
		}
	}
	elo := make([]float64, n)
	for i := range elo {
		elo[i] = 400 * math.Log10(gamma[i])
	}
	return elo
}
