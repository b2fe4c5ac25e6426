package ninekingdoms

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards"
)

// View is what one player — or a spectator — may know of a game. Slices
// indexed by player hold one entry a player.
//
//cards:json view "a Nine Kingdoms view"
type View struct {
	cards.ViewBase[Move]
	// Match reports whether this is a match rather than a single game.
	Match bool
	// Game is the number of the game in the match, from 1.
	Game int
	// Round is the round, 1 to 6; First its first player.
	Round int
	First cards.Player
	// Phase is what the game waits for.
	Phase Phase
	// Turn is the player whose turn it is (the first player while pairs
	// are chosen).
	Turn cards.Player
	// Decision says whose decision it is and what it is, in words.
	Decision string
	// Hand is the viewer's hand, and Chosen the pair they have chosen
	// until it is revealed.
	Hand   Counts
	Chosen Counts
	// HasChosen is who has chosen their pair this round (while pairs are
	// chosen), and HandSizes the size of every hand.
	HasChosen cards.PlayerSet
	HandSizes []int
	// Revealed is the pair revealed this turn, Combination what it makes
	// ("Bribe", "Siege" …) and Stage what is left of it.
	Revealed    []Card
	Combination string `ts:"\"\" | \"no combination\" | \"Bury\" | \"Bribe\" | \"Siege\" | \"Flank\""`
	Stage       Stage
	// Reactor is the Kingdom 7 holder answering an attack, or -1;
	// Reacted reports that this turn's attack has had its answer.
	Reactor cards.Player
	Reacted bool
	// Stashed reports that Kingdom 8 has been used this turn.
	Stashed bool
	// Tableaus holds every player's tableau; Kingdoms the holder of
	// Kingdoms 1 to 9 (-1 for the centre).
	Tableaus []Counts
	Kingdoms []cards.Player
	// PileSizes is the size of every scoring pile; Pile the contents of
	// the viewer's own.
	PileSizes []int
	Pile      Counts
	// Deck and Discards are the sizes of the deck and the discard pile.
	// Of the discard pile, since the deck was last made from it, Seen is
	// what was discarded in sight of all, FaceDown the number of cards
	// each player discarded face down, and YourDiscards the viewer's own.
	Deck         int
	Discards     int
	Seen         Counts
	FaceDown     []int
	YourDiscards Counts
	// Points is every player's points in this game so far; Totals the
	// match totals of the games finished.
	Points []int
	Totals []int
}

// ViewOf returns what player p — or cards.Spectator — may know of s: their
// own hand, chosen pair, scoring pile and face-down discards, and
// everything public; never the deck's order or anyone else's secrets.
func ViewOf(s State, p cards.Player) View {
	n := s.np()
	base := cards.BaseOf(s, p, AppendLegalMoves, s.log)
	p = base.Viewer
	v := View{
		ViewBase: base,
		Match:    s.match, Game: int(s.game), Round: int(s.round), First: s.first,
		Phase: s.phase, Turn: s.turn, Decision: s.decision(),
		Revealed: []Card{}, Stage: s.stage, Reactor: s.reactor,
		Reacted: s.reacted, Stashed: s.stashed, Kingdoms: append([]cards.Player(nil), s.owner[1:]...),
		Deck: int(s.deckLen), Discards: s.discards().Len(), Seen: s.seen,
		HandSizes: make([]int, n), Tableaus: make([]Counts, n), PileSizes: make([]int, n),
		FaceDown: make([]int, n), Points: make([]int, n), Totals: make([]int, n),
	}
	if s.phase == PhaseTurn || s.phase == PhaseReact {
		v.Revealed = []Card{s.shown[0], s.shown[1]}
		kind, _ := s.combo()
		v.Combination = kind.String()
	}
	for q := range cards.Player(n) {
		if s.phase == PhaseChoose && s.pair[q].Len() > 0 {
			v.HasChosen = v.HasChosen.With(q)
		}
		v.HandSizes[q] = s.hand[q].Len()
		v.Tableaus[q] = s.tableau[q]
		v.PileSizes[q] = s.pile[q].Len()
		v.FaceDown[q] = s.hidden[q].Len()
		v.Points[q] = s.Points(q)
		v.Totals[q] = int(s.totals[q])
	}
	if s.valid(p) {
		v.Hand, v.Pile, v.YourDiscards = s.hand[p], s.pile[p], s.hidden[p]
		if !s.revealed(p) {
			v.Chosen = s.pair[p]
		}
	}
	return v
}

// decision says whose decision it is and what it is.
func (s *State) decision() string {
	kind, x := s.combo()
	switch s.phase {
	case PhaseChoose:
		return fmt.Sprintf("%v: choose two cards to play this round", s.ToAct())
	case PhaseReact:
		return fmt.Sprintf("%v: answer %v's %v with Kingdom 7 (discard %s from %v's tableau) or decline",
			s.reactor, s.turn, kind, describe(s.attackCards()&s.holds(s.turn)), s.turn)
	case PhaseOver:
		if s.match {
			return "the match is over"
		}
		return "the game is over"
	case PhaseTurn:
		switch s.stage {
		case StageUse:
			return fmt.Sprintf("%v: use the %v (%s from another tableau) or decline; claims may come first", s.turn, kind, verb(kind, reach(kind, x)))
		case StageSecond:
			return fmt.Sprintf("%v: discard a second card with the Flank (Kingdom 3) or decline", s.turn)
		}
		return fmt.Sprintf("%v: claim kingdoms, use Kingdom 8 if held, or end the turn", s.turn)
	}
	return "no game"
}

// String renders the table for a person at a terminal, in several lines:
// the kingdoms with their holders and powers, every tableau and scoring
// pile, the deck and discards, the viewer's own cards, what each pair
// the viewer may choose or has chosen makes, the pair revealed this turn,
// and the decision at hand. The log and the moves are left to the tools
// that show the view's Base.
func (v View) String() string { return v.text(true) }

// Brief renders the view as String does, without the kingdoms' powers
// (Info's legend): the kingdoms in a line, who holds which and which are
// in the centre.
func (v View) Brief() string { return v.text(false) }

// text renders the view, with the kingdoms' powers if legend.
func (v View) text(legend bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Nine Kingdoms, round %d of %d, %v first", v.Round, Rounds, v.First)
	if v.Match {
		fmt.Fprintf(&b, " (a match to %d, game %d; totals %s)", MatchTarget, v.Game, standing(v.Totals, ""))
	}
	if legend {
		b.WriteString("\nKingdoms, each scoring its number to its holder:\n")
		for i, o := range v.Kingdoms {
			holder := "centre"
			if o != cards.Spectator {
				holder = o.String()
			}
			fmt.Fprintf(&b, "  Kingdom %d (%s): %s\n", i+1, holder, powers[(i+1)%Values])
		}
	} else {
		fmt.Fprintf(&b, "\n%s\n", v.holders())
	}
	for q, t := range v.Tableaus {
		p := cards.Player(q)
		you := ""
		if p == v.Viewer {
			you = " (you)"
		}
		fmt.Fprintf(&b, "%v%s: tableau %v; scoring pile of %s; %s", p, you, t,
			cards.Plural(cards.At(v.PileSizes, q), "card"), cards.Plural(cards.At(v.Points, q), "point"))
		if v.HasChosen.Has(p) {
			b.WriteString("; has chosen")
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "Deck of %s; discard pile of %s (seen by all: %v)\n",
		cards.Plural(v.Deck, "card"), cards.Plural(v.Discards, "card"), v.Seen)
	if v.Viewer != cards.Spectator {
		fmt.Fprintf(&b, "Your hand: %v; your scoring pile: %v; your face-down discards: %v\n", v.Hand, v.Pile, v.YourDiscards)
	}
	v.writePairs(&b)
	fmt.Fprintf(&b, "Decision: %s\n", v.Decision)
	return b.String()
}

// holders tells in a line who holds which kingdoms: "Kingdoms: P1 holds
// 5 6, P2 holds 8; in the centre 1 2 3 4 7 9".
func (v View) holders() string {
	var held []string
	for q := range cards.Player(len(v.Tableaus)) {
		var ks []string
		for i, o := range v.Kingdoms {
			if o == q {
				ks = append(ks, strconv.Itoa(i+1))
			}
		}
		if len(ks) > 0 {
			held = append(held, fmt.Sprintf("%v holds %s", q, strings.Join(ks, " ")))
		}
	}
	var centre []string
	for i, o := range v.Kingdoms {
		if o == cards.Spectator {
			centre = append(centre, strconv.Itoa(i+1))
		}
	}
	text := "Kingdoms: " + strings.Join(held, ", ")
	switch {
	case len(held) == 0:
		text += "all in the centre"
	case len(centre) > 0:
		text += "; in the centre " + strings.Join(centre, " ")
	}
	return text
}

// writePairs writes what pairs make: while pairs are chosen, every pair
// of the viewer's hand; the viewer's pair until it is revealed; the pair
// revealed this turn.
func (v View) writePairs(b *strings.Builder) {
	switch {
	case v.Hand.Len() >= 2:
		b.WriteString("Your pairs:\n")
		for _, m := range appendChoices(nil, v.Viewer, v.Hand) {
			fmt.Fprintf(b, "  %s\n", pairText(m.Pair[0], m.Pair[1]))
		}
	case v.Chosen.Len() == 2:
		cs := v.Chosen.Cards()
		fmt.Fprintf(b, "Your pair: %s\n", pairText(cs[0], cs[1]))
	}
	if len(v.Revealed) == 2 {
		fmt.Fprintf(b, "%v revealed %s%s\n", v.Turn, pairText(v.Revealed[0], v.Revealed[1]), v.stageText())
	}
}

// stageText tells what is left of the combination revealed this turn:
// " (to use or decline)", " (a second discard may follow)", " (spent)"
// once a Bribe, Siege or Flank is over, or nothing.
func (v View) stageText() string {
	switch {
	case v.Stage == StageUse:
		return " (to use or decline)"
	case v.Stage == StageSecond:
		return " (a second discard may follow, with Kingdom 3)"
	case v.Combination == comboBribe.String(), v.Combination == comboSiege.String(), v.Combination == comboFlank.String():
		return " (spent)"
	}
	return ""
}
