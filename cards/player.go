package cards

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards/internal/strict"
)

// A Player is a seat at the table, numbered from 0 in turn order; the
// player to the left of p is p+1 (modulo the number of players). People
// read player 0 as P1.
type Player int8

// Spectator is the viewer who is no player: View(s, Spectator) shows what
// everyone at the table may know.
const Spectator Player = -1

// MaxPlayers is the most players any game of the library seats.
const MaxPlayers = 16

// String returns "P1" for player 0, "P2" for player 1, and so on, and
// "spectator" for Spectator.
func (p Player) String() string {
	switch {
	case p == Spectator:
		return "spectator"
	case p >= 0 && p < MaxPlayers:
		return playerNames[p]
	}
	return fmt.Sprintf("Player(%d)", int8(p))
}

// playerNames holds the names of the players, "P1" to "P16", so that
// naming one, as most events do, allocates nothing. It is computed once
// and never changed.
var playerNames = func() (names [MaxPlayers]string) {
	for i := range names {
		names[i] = "P" + strconv.Itoa(i+1)
	}
	return names
}()

// Next returns the player to the left of p at a table of n players.
func (p Player) Next(n int) Player {
	if n <= 0 {
		return p
	}
	return Player((int(p) + 1) % n)
}

// Valid reports whether p is a seat at a table of n players.
func (p Player) Valid(n int) bool { return p >= 0 && int(p) < n }

// A PlayerSet is a set of players, held as a bitset. The zero PlayerSet is
// empty. In JSON it is an array of player numbers.
type PlayerSet uint16

// PlayersOf returns the set holding the given players.
func PlayersOf(ps ...Player) PlayerSet {
	var s PlayerSet
	for _, p := range ps {
		s = s.With(p)
	}
	return s
}

// AllPlayers returns the set of players 0 to n-1.
func AllPlayers(n int) PlayerSet {
	if n <= 0 {
		return 0
	}
	return PlayerSet(1<<min(n, MaxPlayers) - 1)
}

// With returns s with p added.
func (s PlayerSet) With(p Player) PlayerSet {
	if p < 0 || p >= MaxPlayers {
		return s
	}
	return s | 1<<p
}

// Without returns s with p removed.
func (s PlayerSet) Without(p Player) PlayerSet {
	if p < 0 || p >= MaxPlayers {
		return s
	}
	return s &^ (1 << p)
}

// Has reports whether p is in s.
func (s PlayerSet) Has(p Player) bool { return p >= 0 && p < MaxPlayers && s&(1<<p) != 0 }

// Len returns the number of players in s.
func (s PlayerSet) Len() int { return bits.OnesCount16(uint16(s)) }

// First returns the lowest-numbered player of s, or Spectator if s is empty.
func (s PlayerSet) First() Player {
	if s == 0 {
		return Spectator
	}
	return Player(bits.TrailingZeros16(uint16(s)))
}

// All iterates over the players of s in order.
func (s PlayerSet) All() iter.Seq[Player] {
	return func(yield func(Player) bool) {
		for w := uint16(s); w != 0; w &= w - 1 {
			if !yield(Player(bits.TrailingZeros16(w))) {
				return
			}
		}
	}
}

// String lists the players, such as "P1 P3".
func (s PlayerSet) String() string {
	var b strings.Builder
	for p := range s.All() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// Names lists the players for people, as events write them: "P1", "P1
// and P3", "P1, P2 and P3"; "" for the empty set.
func (s PlayerSet) Names() string {
	names := make([]string, 0, s.Len())
	for p := range s.All() {
		names = append(names, p.String())
	}
	return Series(names, "and")
}

// AppendJSON appends the set's JSON to b: an array of player numbers.
func (s PlayerSet) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '[')
	for p := range s.All() {
		if p != s.First() {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(p), 10)
	}
	return append(b, ']'), nil
}

// MarshalJSON encodes the set as AppendJSON does.
func (s PlayerSet) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil) }

// UnmarshalJSON decodes an array of player numbers, each named once.
func (s *PlayerSet) UnmarshalJSON(v []byte) error {
	var t PlayerSet
	err := strict.EachElement(v, "a set of players", func(e []byte) error {
		var p Player
		if err := p.UnmarshalJSON(e); err != nil {
			return err
		}
		if p == Spectator || t.Has(p) {
			return BadInput("a set of players names each player once, and no spectator")
		}
		t = t.With(p)
		return nil
	})
	if err != nil {
		return err
	}
	*s = t
	return nil
}

// AppendJSON appends the player's number to b: 0 for P1, -1 for the
// spectator.
func (p Player) AppendJSON(b []byte) ([]byte, error) { return strconv.AppendInt(b, int64(p), 10), nil }

// MarshalJSON encodes the player as AppendJSON does.
func (p Player) MarshalJSON() ([]byte, error) { return p.AppendJSON(nil) }

// UnmarshalJSON decodes a player number: a whole number from -1 (the
// spectator) to MaxPlayers-1. Whether the player sits at a game's table is
// for the game to check.
func (p *Player) UnmarshalJSON(v []byte) error {
	n, err := strict.ParseInt(v)
	if err != nil || n < -1 || n >= MaxPlayers {
		return BadInput("%s is not a player number (0 for P1, -1 for the spectator)", v)
	}
	*p = Player(n)
	return nil
}

// PerPlayer is a number for each player of a table (points, coins), as a
// comparable value: a member of an event's data. Its JSON is an array of
// one number a player.
type PerPlayer struct {
	n uint8
	v [MaxPlayers]int32
}

// PerPlayerOf returns the numbers of the players, in order; those past
// MaxPlayers are left out, and each is held in 32 bits.
func PerPlayerOf(ns ...int) PerPlayer {
	var p PerPlayer
	p.n = uint8(min(len(ns), MaxPlayers))
	for i := range p.n {
		p.v[i] = int32(ns[i])
	}
	return p
}

// Len returns the number of players.
func (p PerPlayer) Len() int { return int(p.n) }

// Equal reports whether p and q hold the same numbers, as == does (for
// comparers such as go-cmp's, which do not look into unexported fields).
func (p PerPlayer) Equal(q PerPlayer) bool { return p == q }

// At returns player q's number, or 0 for no player of the table.
func (p PerPlayer) At(q Player) int {
	if !q.Valid(int(p.n)) {
		return 0
	}
	return int(p.v[q])
}

// AppendJSON appends the numbers to b as a JSON array.
func (p PerPlayer) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '[')
	for i, v := range p.v[:min(int(p.n), MaxPlayers)] {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, ']'), nil
}

// MarshalJSON encodes the numbers as AppendJSON does.
func (p PerPlayer) MarshalJSON() ([]byte, error) { return p.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends: at most MaxPlayers
// numbers of 32 bits.
func (p *PerPlayer) UnmarshalJSON(v []byte) error {
	var ns []int
	if err := strict.DecodeValue(v, &ns); err != nil {
		return err
	}
	if len(ns) > MaxPlayers {
		return BadInput("%d numbers, one a player, are more than %d players", len(ns), MaxPlayers)
	}
	q := PerPlayerOf(ns...)
	for i, n := range ns {
		if int(q.v[i]) != n {
			return BadInput("%d is out of range", n)
		}
	}
	*p = q
	return nil
}
