package bastards

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
)

// View is what one player — or a spectator — may know of a game: their own
// hand, everyone's hand size, the table, the standing and what the
// exchange taught them.
//
//cards:json view "a Kings & Bastards view"
type View struct {
	cards.ViewBase[Move]

	// Decks is the number of decks (2 from 7 players on); Jokers the
	// jokers in each; Rounds the round limit (0 for none).
	Decks  int
	Jokers int
	Rounds int

	// Round is the current round, from 1; Phase its stage; Dealer who
	// dealt it.
	Round  int
	Phase  Phase
	Dealer cards.Player

	// Hand is the viewer's hand (empty for a spectator); HandSizes the
	// number of cards each player holds.
	Hand      cards.Set
	HandSizes []int

	// Plays are the plays of the current trick in the order they were
	// made, Top the last of them, the play to beat (no cards and By
	// Spectator when a trick is to be led), Pile the cards of the tricks
	// already won this round.
	Plays []TablePlay
	Top   TablePlay
	Pile  cards.Set

	// Passed holds who passed since the last play; Out who went out this
	// round, in order (the first is this round's King).
	Passed cards.PlayerSet
	Out    []cards.Player

	// King and Bastard are those of the last finished round (Spectator
	// before the first ends); Kings and Bastards count each player's
	// rounds as King (also the scores of Result) and as Bastard.
	King     cards.Player
	Bastard  cards.Player
	Kings    []int
	Bastards []int

	// Gave and Received are the cards the viewer gave and received in this
	// round's exchange, if the viewer is the King or the Bastard.
	Gave     cards.Set
	Received cards.Set
}

// A TablePlay is cards on the table: the cards, their rank (for a lone joker,
// the declared rank) and who played them. An empty TablePlay has no cards, no
// rank and By Spectator.
//
//cards:json object "a play"
type TablePlay struct {
	Cards cards.Set
	Rank  cards.Rank
	By    cards.Player
}

// noPlay is the TablePlay of an empty table.
var noPlay = TablePlay{Rank: cards.NoRank, By: cards.Spectator}

// tablePlays returns the plays of the current trick, in order.
func (s *State) tablePlays() []TablePlay {
	t := s.trick()
	ps := make([]TablePlay, len(t))
	for i, pl := range t {
		ps[i] = TablePlay{Cards: pl.set(), Rank: pl.rank, By: pl.by}
	}
	return ps
}

// ViewOf returns what player p, or cards.Spectator, may know of s. (It is
// the contract's View function, named apart from the View type; Rules.View
// calls it.)
func ViewOf(s State, p cards.Player) View {
	n := s.Players()
	base := cards.BaseOf(s, p, AppendLegalMoves, s.log)
	p = base.Viewer
	v := View{
		ViewBase: base,
		Decks:    int(s.cfg.decks), Jokers: int(s.cfg.jokers), Rounds: int(s.cfg.rounds),
		Round: int(s.round), Phase: s.phase, Dealer: s.dealer,
		HandSizes: make([]int, n),
		Plays:     s.tablePlays(),
		Top:       noPlay,
		Pile:      s.pile,
		Passed:    s.passed,
		Out:       s.outOrder(),
		King:      s.king, Bastard: s.bastard,
		Kings: make([]int, n), Bastards: make([]int, n),
	}
	if len(v.Plays) > 0 {
		v.Top = v.Plays[len(v.Plays)-1]
	}
	for i := range n {
		v.HandSizes[i] = s.hands[i].Len()
		v.Kings[i] = int(s.kings[i])
		v.Bastards[i] = int(s.bastards[i])
	}
	if p != cards.Spectator {
		v.Hand = s.hands[p]
		v.Gave, v.Received = s.exchangeKnowledge(p)
	}
	return v
}

// exchangeKnowledge returns the cards p gave and received in this round's
// exchange.
func (s State) exchangeKnowledge(p cards.Player) (gave, received cards.Set) {
	if s.round < 2 || s.kingGave.Empty() {
		return
	}
	switch p {
	case s.king:
		return s.kingGave, s.bastardGave
	case s.bastard:
		return s.bastardGave, s.kingGave
	}
	return
}

// String renders the table for a person at a terminal: the round, every
// seat, the play to beat, the viewer's hand. Tools show the log and the
// moves from the view's base.
func (v View) String() string {
	var b strings.Builder
	limit := ""
	if v.Rounds > 0 {
		limit = fmt.Sprintf(" of %d", v.Rounds)
	}
	fmt.Fprintf(&b, "Kings & Bastards, round %d%s (%s), seen by %s\n", v.Round, limit, v.Phase, v.Viewer)
	if v.King != cards.Spectator {
		fmt.Fprintf(&b, "last round: King %s, Bastard %s\n", v.King, v.Bastard)
	}
	for i := range v.Players {
		p := cards.Player(i)
		fmt.Fprintf(&b, "%-3s %-8s  King %d, Bastard %d", p, handSize(cards.At(v.HandSizes, i)), cards.At(v.Kings, i), cards.At(v.Bastards, i))
		b.WriteString(v.seatNote(p))
		b.WriteByte('\n')
	}
	switch {
	case !v.Top.Cards.Empty():
		fmt.Fprintf(&b, "to beat: %s, a %s of %s, by %s\n", v.Top.describe(), sizeName(v.Top.Cards.Len()), v.Top.Rank, v.Top.By)
	case v.Phase == PhasePlay:
		b.WriteString("to beat: nothing, a trick is to be led\n")
	}
	if len(v.Plays) > 0 {
		b.WriteString("trick: ")
		for i, pl := range v.Plays {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %s", pl.By, pl.describe())
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "played earlier this round: %s\n", cards.Plural(v.Pile.Len(), "card"))
	if v.Viewer != cards.Spectator {
		fmt.Fprintf(&b, "your hand: %s\n", handString(v.Hand))
	}
	if !v.Gave.Empty() {
		fmt.Fprintf(&b, "exchange: you gave %s and received %s\n", handString(v.Gave), handString(v.Received))
	}
	if v.Over {
		fmt.Fprintf(&b, "game over: winners %s\n", v.Result.Winners)
	}
	return b.String()
}

// seatNote tells whether player p acts, passed or is out.
func (v View) seatNote(p cards.Player) string {
	var notes []string
	if v.ToAct.Has(p) {
		notes = append(notes, "to act")
	}
	if v.Passed.Has(p) {
		notes = append(notes, "passed")
	}
	for i, q := range v.Out {
		if q == p {
			notes = append(notes, fmt.Sprintf("out %s", ordinal(i+1)))
		}
	}
	if p == v.Viewer {
		notes = append(notes, "you")
	}
	if len(notes) == 0 {
		return ""
	}
	return "  (" + strings.Join(notes, ", ") + ")"
}

func (pl TablePlay) describe() string { return newPlay(pl.Cards, pl.Rank, pl.By).describe() }

// handSize writes a hand's size for a column: " 1 card", "14 cards".
func handSize(n int) string {
	if n >= 0 && n < 10 {
		return " " + cards.Plural(n, "card")
	}
	return cards.Plural(n, "card")
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}
