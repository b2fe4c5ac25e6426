package crown

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
)

// View is what one player — or a spectator — may know of a game: their own
// hand, the size of every hand, both courts, both discard piles in order,
// the size of the draw pile, the card in play and the decree exchange
// over it, and, while the viewer chooses the card of a Bribe, the
// opponent's hand. Slices indexed by player hold one entry a player.
//
//cards:json view "a Claim the Crown view"
type View struct {
	cards.ViewBase[Move]

	// RoyalBloc, UnitedHouse and LineOfSuccession tell which variant win
	// conditions count; MaxTurns is the turn limit (0 for none).
	RoyalBloc        bool
	UnitedHouse      bool
	LineOfSuccession bool
	MaxTurns         int

	// Turn is the number of the turn, from 1; Mover the player whose turn
	// it is; Phase what the game waits for.
	Turn  int
	Mover cards.Player
	Phase Phase

	// Hand is the viewer's hand (empty for a spectator); HandSizes the
	// number of cards in each hand.
	Hand      cards.Set
	HandSizes []int
	// Courts holds each player's court; Piles each player's discard pile
	// from the bottom up (the last card is the top); DrawSize the number
	// of cards in the draw pile.
	Courts   []cards.Set
	Piles    [][]cards.Card
	DrawSize int

	// Played is the mover's card in play this turn (in their court), or
	// NoCard; Decrees the decrees issued against it so far, in order;
	// Answering whose answer it is in the exchange (else Spectator).
	Played    cards.Card
	Decrees   []Decreed
	Answering cards.Player
	// Pending is the ability that waits for the mover's choice, or 0.
	Pending Ability
	// Revealed is the opponent's hand, shown to the mover while they
	// choose the card of a Bribe; otherwise empty.
	Revealed cards.Set

	// Winner is the player who won (else Spectator) and WonWith the
	// condition they completed; Drawn reports a game called a draw at its
	// turn limit.
	Winner  cards.Player
	WonWith Condition
	Drawn   bool
}

// Decreed is one decree of an exchange: who issued it, and its Face card
// on top of its other card.
//
//cards:json object "a decree"
type Decreed struct {
	By    cards.Player
	Face  cards.Card
	Other cards.Card
}

// ViewOf returns what player p, or cards.Spectator, may know of s.
func ViewOf(s State, p cards.Player) View {
	base := cards.BaseOf(s, p, AppendLegalMoves, s.log)
	p = base.Viewer
	o := s.cfg.options()
	v := View{
		ViewBase:  base,
		RoyalBloc: o.RoyalBloc, UnitedHouse: o.UnitedHouse, LineOfSuccession: o.LineOfSuccession, MaxTurns: o.MaxTurns,
		Turn: int(s.turn), Mover: s.mover, Phase: s.phase,
		HandSizes: []int{s.hands[0].Len(), s.hands[1].Len()},
		Courts:    []cards.Set{s.courts[0], s.courts[1]},
		Piles:     [][]cards.Card{s.piles[0].list(), s.piles[1].list()},
		DrawSize:  s.draw.Len(),
		Played:    s.played,
		Decrees:   s.decreeList(),
		Answering: cards.Spectator,
		Pending:   s.ability,
		Winner:    s.Winner(), WonWith: s.WonWith(), Drawn: s.Drawn(),
	}
	if s.phase == PhaseDecree {
		v.Answering = s.answerer()
	}
	if p.Valid(Players) {
		v.Hand = s.hands[p]
		if s.phase == PhaseAbility && s.ability == AbilityBribe && p == s.mover {
			v.Revealed = s.hands[other(p)]
		}
	}
	return v
}

// decreeList returns the decrees of the exchange under way, in order,
// read from the top of their issuers' discard piles.
func (s *State) decreeList() []Decreed {
	ds := []Decreed{}
	if s.phase != PhaseDecree || !s.mover.Valid(Players) {
		return ds
	}
	var made [Players]int
	for i := range int(s.decrees) {
		made[decreeIssuer(s.mover, i)]++
	}
	var seen [Players]int
	for i := range int(s.decrees) {
		by := decreeIssuer(s.mover, i)
		pl := &s.piles[by]
		// The issuer's decrees lie on top of their pile, the latest
		// highest; this one is made[by]−seen[by] from the top.
		at := int(pl.n) - 2*(made[by]-seen[by])
		seen[by]++
		if at < 0 || at+1 >= pileCap {
			continue
		}
		ds = append(ds, Decreed{By: by, Face: pl.cards[at+1], Other: pl.cards[at]})
	}
	return ds
}

// String renders the table for a person at a terminal: the win conditions,
// each player's hand size, court and discard pile, the draw pile, the
// viewer's hand with each card's ability, the card in play and its decree
// exchange, and what the player to act must decide. Tools show the log and
// the moves from the view's base.
func (v View) String() string { return v.text(true) }

// Brief renders the view as String does, without the abilities' legend
// (Info's legend).
func (v View) Brief() string { return v.text(false) }

// text renders the view, with the abilities' legend if legend.
func (v View) text(legend bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Claim the Crown, turn %d, %v's turn, seen by %v\n", v.Turn, v.Mover, v.Viewer)
	fmt.Fprintf(&b, "win with: %s\n", strings.Join(v.conditionNames(), ", "))
	for i := range Players {
		p := cards.Player(i)
		note := ""
		if p == v.Viewer {
			note = " (you)"
		}
		fmt.Fprintf(&b, "%v%s: %s in hand\n", p, note, countCards(cards.At(v.HandSizes, i)))
		court := cards.At(v.Courts, i)
		fmt.Fprintf(&b, "  court: %s%s\n", orNone(court.String()), v.nearest(court))
		fmt.Fprintf(&b, "  discard pile: %s\n", pileString(cards.At(v.Piles, i)))
	}
	fmt.Fprintf(&b, "draw pile: %s\n", countCards(v.DrawSize))
	if v.Viewer.Valid(Players) {
		fmt.Fprintf(&b, "your hand: %s\n", handWithAbilities(v.Hand))
	}
	if !v.Revealed.Empty() {
		fmt.Fprintf(&b, "%v's hand, shown for your Bribe: %s\n", other(v.Mover), v.Revealed)
	}
	if v.Played != cards.NoCard {
		fmt.Fprintf(&b, "in play: %v's %v (%v)\n", v.Mover, v.Played, AbilityOf(v.Played))
	}
	for _, d := range v.Decrees {
		fmt.Fprintf(&b, "  %v decreed with %v and %v\n", d.By, d.Face, d.Other)
	}
	b.WriteString(v.decision(legend))
	b.WriteByte('\n')
	return b.String()
}

// conditionNames names the win conditions that count.
func (v View) conditionNames() []string {
	names := []string{RoyalCouncil.String(), FactionSupremacy.String()}
	for _, c := range [...]struct {
		on   bool
		cond Condition
	}{{v.RoyalBloc, RoyalBloc}, {v.UnitedHouse, UnitedHouse}, {v.LineOfSuccession, LineOfSuccession}} {
		if c.on {
			names = append(names, c.cond.String())
		}
	}
	if v.MaxTurns > 0 {
		names[len(names)-1] += "; a draw after " + cards.Plural(v.MaxTurns, "turn")
	}
	return names
}

// conditions returns the win conditions that count in the viewed game.
func (v View) conditions() Conditions {
	cs := RoyalCouncil.Set() | FactionSupremacy.Set()
	if v.RoyalBloc {
		cs |= RoyalBloc.Set()
	}
	if v.UnitedHouse {
		cs |= UnitedHouse.Set()
	}
	if v.LineOfSuccession {
		cs |= LineOfSuccession.Set()
	}
	return cs
}

// nearest tells how near a court is to a win.
func (v View) nearest(court cards.Set) string {
	c, n := v.conditions().Nearest(court)
	switch {
	case court.Empty() || c == 0:
		return ""
	case n == 0:
		return fmt.Sprintf("  (completes %v)", c)
	}
	return fmt.Sprintf("  (%s short of %v)", countCards(n), c)
}

// decision says what the game waits for: who must decide and what their
// choice will do, and with legend, to the player about to play a card,
// what each ability does.
func (v View) decision(legend bool) string {
	p, q := v.Mover, other(v.Mover)
	switch {
	case v.Drawn:
		return "game over: a draw after " + cards.Plural(v.Turn, "turn")
	case v.Over:
		return fmt.Sprintf("game over: %v won with %v", v.Winner, v.WonWith)
	}
	switch v.Phase {
	case PhasePlay:
		text := fmt.Sprintf("%v to play a card into their court; then %v may decree against it", p, q)
		if legend && v.Viewer == p {
			text += "\n" + abilityLegend
		}
		return text
	case PhaseDecree:
		target := fmt.Sprintf("%v's %v", p, v.Played)
		if n := len(v.Decrees); n > 0 {
			target = fmt.Sprintf("%v's decree", v.Decrees[n-1].By)
		}
		fate := "stands and its ability acts"
		if len(v.Decrees)%2 == 1 {
			fate = "is canceled"
		}
		return fmt.Sprintf("%v to answer: decree against %s (discard a Face card and one other card from hand), or decline (then %v's %v %s)",
			v.Answering, target, p, v.Played, fate)
	case PhaseAbility:
		return fmt.Sprintf("%v's %v: %s", p, v.Pending, abilityAsks(v.Pending, q))
	}
	return ""
}

// abilityAsks says what ability a asks of the mover, whose opponent is q.
func abilityAsks(a Ability, q cards.Player) string {
	switch a {
	case AbilityClub:
		return fmt.Sprintf("choose a card of %v's court to go to their discard pile", q)
	case AbilityBribe:
		return fmt.Sprintf("look at %v's hand and choose a card of it to go to their discard pile", q)
	case AbilityDig:
		return "take the top card of either discard pile into your hand"
	case AbilityInspire:
		return "choose another card of your court, not a ♥ Number card, and use its ability (a Face card gives Recruit)"
	case AbilityRecruit:
		return "draw a card, if the draw pile has one"
	}
	return "nothing"
}

// handWithAbilities lists a hand with each card's ability.
func handWithAbilities(h cards.Set) string {
	if h.Empty() {
		return "no cards"
	}
	var parts []string
	for c := range h.All() {
		parts = append(parts, fmt.Sprintf("%v (%v)", c, AbilityOf(c)))
	}
	return strings.Join(parts, " ")
}

// pileString lists a discard pile from the bottom up, naming its top.
func pileString(pile []cards.Card) string {
	if len(pile) == 0 {
		return "empty"
	}
	parts := make([]string, len(pile))
	for i, c := range pile {
		parts[i] = c.String()
	}
	return fmt.Sprintf("%s (top %v)", strings.Join(parts, " "), pile[len(pile)-1])
}

// countCards counts cards for people: "1 card", "5 cards".
func countCards(n int) string { return cards.Plural(n, "card") }

func orNone(s string) string {
	if s == "" {
		return "empty"
	}
	return s
}
