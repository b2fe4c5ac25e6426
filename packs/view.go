package packs

import (
	"fmt"
	"strings"

	"github.com/cardrules/games/cards"
)

// View is what one player — or a spectator — may know of a game: their own
// hand, and everything public. It never holds the deck's order, another
// player's hand, the faces of the coins or the random source. Slices
// indexed by player hold one entry a seat.
//
//cards:json view "a Packs Kingdoms view"
type View struct {
	cards.ViewBase[Move]

	// Solo reports the solo game, in which P2 is the automaton, dealt a
	// head start of HeadStart cards.
	Solo      bool
	HeadStart int
	// Phase is what the game waits for; Turn whose turn it is, who has
	// taken Actions actions (the automaton: bought Actions cards).
	Phase   Phase
	Turn    cards.Player
	Actions int
	// Round is the round being played, from 1; Turns the turns played by
	// all; the game is called after TurnLimit turns each.
	Round     int
	Turns     int
	TurnLimit int
	// Decision says whose decision it is and what it is, in words.
	Decision string
	// Hand is the viewer's hand.
	Hand cards.Set
	// HandSizes, HandLimits, Coins, Kingdoms and Runs give every seat's
	// hand size and limit, coins, kingdom and runs.
	HandSizes  []int
	HandLimits []int
	Coins      []int
	Kingdoms   []cards.Set
	Runs       []int
	// Market is the market by row and column (NoCard for an empty
	// position), Under the coins under each card and Loose the coins
	// lying loose in each column. Column 0 costs 5, column 5 costs 0.
	Market [Rows][Columns]cards.Card
	Under  [Rows][Columns]int
	Loose  [Columns]int
	// Deck is the size of the deck; DeckKnown the cards of the deck that
	// everyone knows are in it, what is left of the discard pile it was
	// made from; Discards the discard pile.
	Deck      int
	DeckKnown cards.Set
	Discards  cards.Set
	// Coined holds the market cards the turn player put a coin under
	// this turn: they cannot buy them this turn.
	Coined cards.Set
	// Payer is who pays a ♠ attack now (or -1), Owed what the payer still
	// owes or the income coins still to take.
	Payer cards.Player
	Owed  int
	// Received holds, for the attacker only, the cards received in this
	// attack; ReceivedCount their number, for everyone.
	Received      cards.Set
	ReceivedCount int
	// Instruction is the automaton's last instruction, Instructions the
	// size of its instruction deck, UsedInstructions the instructions
	// turned over since that deck was made.
	Instruction      cards.Card
	Instructions     int
	UsedInstructions cards.Set
	// Winner is who completed three runs (-1 if nobody did); Drawn
	// reports a called game that ended in a draw.
	Winner cards.Player
	Drawn  bool
}

// ViewOf returns what player p — or cards.Spectator — may know of s.
func ViewOf(s State, p cards.Player) View {
	n := s.np()
	base := cards.BaseOf(s, p, AppendLegalMoves, s.log)
	p = base.Viewer
	v := View{
		ViewBase: base,
		Solo:     s.solo, HeadStart: int(s.headStart), Phase: s.phase, Turn: s.turn, Actions: int(s.actions),
		Round: s.Round(), Turns: int(s.turns), TurnLimit: int(s.limit), Decision: s.decision(),
		Market: s.market, Deck: s.deck.Len(), DeckKnown: s.known, Discards: s.discards, Coined: s.coined,
		Payer: s.payer, Owed: int(s.owed), ReceivedCount: s.received.Len(),
		Instruction: s.order, Instructions: s.orders().Len(), UsedInstructions: s.used,
		Winner: s.winner, Drawn: base.Result.Drawn,
	}
	for r := range Rows {
		for c := range Columns {
			v.Under[r][c] = int(s.under[r][c])
		}
	}
	for c := range Columns {
		v.Loose[c] = int(s.loose[c])
	}
	for q := range cards.Player(n) {
		v.HandSizes = append(v.HandSizes, s.hands[q].Len())
		v.HandLimits = append(v.HandLimits, s.handLimit(q))
		v.Coins = append(v.Coins, int(s.coins[q]))
		v.Kingdoms = append(v.Kingdoms, s.kingdoms[q])
		v.Runs = append(v.Runs, runs(s.kingdoms[q]))
	}
	if p != cards.Spectator {
		v.Hand = s.hands[p]
		if p == s.turn {
			v.Received = s.received
		}
	}
	return v
}

// decision says whose decision it is and what it is.
func (s *State) decision() string {
	p := s.turn
	switch s.phase {
	case PhaseAction:
		if s.IsAutomaton(p) {
			return fmt.Sprintf("%v (the automaton) is playing its turn", p)
		}
		var buf [32]Move
		if m := s.appendActions(buf[:0], p); len(m) > 0 && m[0].Kind == KindPass {
			return fmt.Sprintf("%v: you can take no action; pass", p)
		}
		return fmt.Sprintf("%v: take action %d of 2 — buy, play or discard", p, s.actions+1)
	case PhaseIncome:
		return fmt.Sprintf("%v: take %s of ♦ income from the market, one at a time", p, coinsText(int(s.owed)))
	case PhasePay:
		return fmt.Sprintf("%v: pay %v's ♠ attack, %d more — a coin or a card at a time", s.payer, p, s.owed)
	case PhaseDiscard:
		over := s.hands[p].Len() - s.handLimit(p)
		return fmt.Sprintf("%v: discard %d of the cards received, down to your hand limit of %d", p, over, s.handLimit(p))
	case PhaseOver:
		return s.outcome()
	}
	return "no game"
}

// outcome says how the game ended.
func (s *State) outcome() string {
	if s.valid(s.winner) {
		if s.IsAutomaton(s.winner) {
			return fmt.Sprintf("the game is over: %v (the automaton) won with three runs", s.winner)
		}
		return fmt.Sprintf("the game is over: %v won with three runs", s.winner)
	}
	ws := s.leaders()
	if ws.Len() > 1 {
		return fmt.Sprintf("the game was called after %d turns each: %s drew", s.limit, names(ws))
	}
	return fmt.Sprintf("the game was called after %d turns each: %v won", s.limit, ws)
}

// names lists players for people: "P1", "P1 and P3", "P1, P2 and P3".
func names(ps cards.PlayerSet) string {
	var ns []string
	for p := range ps.All() {
		ns = append(ns, p.String())
	}
	if len(ns) < 2 {
		return strings.Join(ns, "")
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// String renders the table for a person at a terminal, in several lines:
// the round, the market with its coins, the deck and discard pile, every
// seat's coins, hand and kingdom, the automaton's instructions and the
// decision at hand. The log and the moves are left to the tools that show
// them.
func (v View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Packs Kingdoms, round %d of %d, %v's turn\n", v.Round, v.TurnLimit, v.Turn)
	b.WriteString("Market (price)   5      4      3      2      1      0\n")
	for r, row := range [Rows]string{"top", "bottom"} {
		fmt.Fprintf(&b, "  %-14s", row)
		for c := range Columns {
			fmt.Fprintf(&b, " %-6s", marketText(v.Market[r][c], v.Under[r][c]))
		}
		b.WriteByte('\n')
	}
	if v.Loose != ([Columns]int{}) {
		b.WriteString("  loose coins   ")
		for c := range Columns {
			fmt.Fprintf(&b, " %-6d", v.Loose[c])
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "Deck: %d cards; discard pile: %s\n", v.Deck, setText(v.Discards))
	for q := range v.Kingdoms {
		b.WriteString(v.seatText(cards.Player(q)))
	}
	if v.Solo {
		fmt.Fprintf(&b, "Automaton: last instruction %v; %d instructions in its deck; used %s\n", v.Instruction, v.Instructions, setText(v.UsedInstructions))
	}
	if !v.Coined.Empty() {
		fmt.Fprintf(&b, "Coins put this turn under %v: not for sale to %v this turn\n", v.Coined, v.Turn)
	}
	fmt.Fprintf(&b, "Decision: %s\n", v.Decision)
	return b.String()
}

// seatText renders seat q's line.
func (v View) seatText(q cards.Player) string {
	who := q.String()
	switch {
	case v.Solo && q == Automaton:
		who += " (automaton)"
	case q == v.Viewer:
		who += " (you)"
	}
	hand := cardsText(cards.At(v.HandSizes, int(q))) + " in hand"
	if q == v.Viewer {
		hand = "hand " + setText(v.Hand)
	}
	if v.Solo && q == Automaton {
		hand = "no hand"
	} else {
		hand += fmt.Sprintf(" (limit %d)", cards.At(v.HandLimits, int(q)))
	}
	return fmt.Sprintf("%s: %s; %s; kingdom %s; %s\n", who, coinsText(cards.At(v.Coins, int(q))), hand, kingdomText(cards.At(v.Kingdoms, int(q))), cards.Plural(cards.At(v.Runs, int(q)), "run"))
}

// marketText renders a market position: "7♦", "7♦+2" with 2 coins under
// it, "—" when empty.
func marketText(c cards.Card, coins int) string {
	if c == cards.NoCard {
		return "—"
	}
	if coins > 0 {
		return fmt.Sprintf("%v+%d", c, coins)
	}
	return c.String()
}

// kingdomText renders a kingdom suit by suit: "♣ 5♣ 6♣ · ♦ J♦".
func kingdomText(k cards.Set) string {
	var parts []string
	for _, su := range cards.Suits {
		if cs := k.Intersect(cards.OfSuit(su)); !cs.Empty() {
			parts = append(parts, cs.String())
		}
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, " · ")
}

// setText renders a set, or "none".
func setText(s cards.Set) string {
	if s.Empty() {
		return "none"
	}
	return s.String()
}
