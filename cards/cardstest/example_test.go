package cardstest_test

import (
	"fmt"
	"strings"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardjson"
	"github.com/cardrules/games/cards/cardstest"
)

// Duel is a fifth game, written over the contract to show what a game needs
// for the harness: two players are dealt three cards each from A–6 of ♠ and
// ♥; in each of three tricks the leader plays a card and the other answers;
// the higher rank wins the trick (the leader wins a tie) and leads next.
// More tricks wins.
type Duel struct{}

var _ cards.Rules[DuelOptions, DuelState, DuelMove, DuelView] = Duel{}

// DuelOptions are the options of a duel.
type DuelOptions struct {
	Seed cards.Seed `json:"seed"`
}

// Fields lists the members of the options' JSON; the options, like every
// value of a game's JSON face, encode and decode themselves through them.
func (o *DuelOptions) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "seed", Ptr: &o.Seed}}
}

func (o DuelOptions) AppendJSON(b []byte) ([]byte, error) {
	return cardjson.AppendFields(b, o.Fields())
}

// UnmarshalJSON decodes options from the defaults, as the contract asks:
// a member left out takes its default.
func (o *DuelOptions) UnmarshalJSON(b []byte) error {
	d := Duel{}.DefaultOptions()
	if _, err := cardjson.DecodeFields(b, "a duel's options", d.Fields()); err != nil {
		return err
	}
	*o = d
	return nil
}

// DuelState is a duel in progress. Its fields are exported to keep the
// example short; UnmarshalJSON checks them.
type DuelState struct {
	Hands  [2]cards.Set `json:"hands"`
	Stock  cards.Set    `json:"stock"`
	Played cards.Set    `json:"played"`
	Led    cards.Card   `json:"led"`
	Turn   cards.Player `json:"turn"`
	Tricks [2]int       `json:"tricks"`
	Rand   cards.Rand   `json:"rand"`
	log    cards.Log
}

// duelJSON is a state's JSON: the header every state's JSON opens with,
// then the state's fields.
type duelJSON struct {
	cardjson.Header
	duelFields
}

type duelFields DuelState

// Fields lists the members of the state's JSON.
func (j *duelJSON) Fields() []cardjson.Field {
	return append(j.Header.AppendFields(nil),
		cardjson.Field{Name: "hands", Ptr: (*pair[cards.Set])(&j.Hands)}, cardjson.Field{Name: "stock", Ptr: &j.Stock},
		cardjson.Field{Name: "played", Ptr: &j.Played}, cardjson.Field{Name: "led", Ptr: &j.Led},
		cardjson.Field{Name: "turn", Ptr: &j.Turn}, cardjson.Field{Name: "tricks", Ptr: (*pair[int])(&j.Tricks)},
		cardjson.Field{Name: "rand", Ptr: &j.Rand})
}

// A pair is the JSON of an array of two: an array of its two elements.
type pair[T any] [2]T

func (p *pair[T]) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendList(b, p[:]) }

func (p *pair[T]) UnmarshalJSON(b []byte) error {
	var l cardjson.Slice[T]
	if err := l.UnmarshalJSON(b); err != nil {
		return err
	}
	if len(l) != len(p) {
		return cards.BadInput("an array of %d elements, not %d", len(p), len(l))
	}
	copy(p[:], l)
	return nil
}

// DuelMove plays a card.
type DuelMove struct {
	By   cards.Player `json:"player"`
	Card cards.Card   `json:"card"`
}

func (m *DuelMove) Fields() []cardjson.Field {
	return []cardjson.Field{{Name: "player", Ptr: &m.By}, {Name: "card", Ptr: &m.Card}}
}

func (m DuelMove) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, m.Fields()) }

func (m *DuelMove) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a duel's move", m.Fields())
	return err
}

// DuelView is what one player may know.
type DuelView struct {
	cards.ViewBase[DuelMove]
	Hand      cards.Set  `json:"hand"`
	HandSizes [2]int     `json:"handSizes"`
	Played    cards.Set  `json:"played"`
	Led       cards.Card `json:"led"`
	Tricks    [2]int     `json:"tricks"`
	StockSize int        `json:"stock"`
}

func (v *DuelView) Fields() []cardjson.Field {
	return append(cardjson.ViewFields(&v.ViewBase),
		cardjson.Field{Name: "hand", Ptr: &v.Hand}, cardjson.Field{Name: "handSizes", Ptr: (*pair[int])(&v.HandSizes)},
		cardjson.Field{Name: "played", Ptr: &v.Played}, cardjson.Field{Name: "led", Ptr: &v.Led},
		cardjson.Field{Name: "tricks", Ptr: (*pair[int])(&v.Tricks)}, cardjson.Field{Name: "stock", Ptr: &v.StockSize})
}

func (v DuelView) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, v.Fields()) }

func (v *DuelView) UnmarshalJSON(b []byte) error {
	_, err := cardjson.DecodeFields(b, "a duel's view", v.Fields())
	return err
}

var duelDeck = cards.OfRanks(cards.Ace, cards.Two, cards.Three, cards.Four, cards.Five, cards.Six).
	Intersect(cards.OfSuit(cards.Spades).Union(cards.OfSuit(cards.Hearts)))

func (m DuelMove) Player() cards.Player { return m.By }
func (m DuelMove) String() string       { return "play " + m.Card.String() }

func (s DuelState) Players() int { return 2 }
func (s DuelState) Over() bool   { return s.Tricks[0]+s.Tricks[1] == 3 }
func (s DuelState) ToAct() cards.PlayerSet {
	if s.Over() {
		return 0
	}
	return cards.PlayersOf(s.Turn)
}
func (s DuelState) Result() cards.Result {
	r := cards.Result{Scores: s.Tricks[:]}
	if s.Over() {
		r.Winners = cards.PlayersOf(0)
		if s.Tricks[1] > s.Tricks[0] {
			r.Winners = cards.PlayersOf(1)
		}
	}
	return r
}

// Check reports whether every card of the deck is in exactly one place and
// the counts agree.
func (s DuelState) Check() error {
	all := []cards.Set{s.Hands[0], s.Hands[1], s.Stock, s.Played}
	var seen cards.Set
	n := 0
	for _, z := range all {
		seen, n = seen.Union(z), n+z.Len()
	}
	switch {
	case seen != duelDeck || n != duelDeck.Len():
		return cards.BadInput("the cards in play are not the deck, once each")
	case s.Turn != 0 && s.Turn != 1, s.Tricks[0] < 0, s.Tricks[1] < 0, s.Tricks[0]+s.Tricks[1] > 3:
		return cards.BadInput("turn or tricks out of range")
	case s.Played.Len() != 2*(s.Tricks[0]+s.Tricks[1])+s.Played.Intersect(cards.SetOf(s.Led)).Len(),
		s.Hands[0].Len()+s.Hands[1].Len() != 6-s.Played.Len():
		return cards.BadInput("hand sizes do not match the tricks played")
	case s.Led != cards.NoCard && !s.Played.Has(s.Led):
		return cards.BadInput("the led card is not among the played cards")
	}
	return nil
}

func (s DuelState) Log() cards.Log { return s.log }

func (s DuelState) MarshalJSON() ([]byte, error) { return cardjson.AppendFields(nil, s.Fields()) }

func (s DuelState) Fields() []cardjson.Field { return s.encoding().Fields() }

func (s DuelState) encoding() *duelJSON {
	return &duelJSON{cardjson.HeaderOf("duel", 1, s.log), duelFields(s)}
}

func (s *DuelState) UnmarshalJSON(b []byte) error {
	return cardjson.DecodeState(s, b, "duel", 1, func(j duelJSON) (DuelState, error) {
		s := DuelState(j.duelFields)
		s.log = j.Header.Log()
		return s, nil
	})
}

func (Duel) Info() cards.GameInfo {
	return cards.GameInfo{
		Name: "duel", Title: "Duel", Summary: "three tricks of one card each, A–6 of two suits",
		MinPlayers: 2, MaxPlayers: 2, Options: []cards.OptionInfo{cards.SeedOpt()},
	}
}

func (Duel) DefaultOptions() DuelOptions { return DuelOptions{} }

func (Duel) NewGame(o DuelOptions) (DuelState, error) {
	s := DuelState{Rand: cards.NewRand(uint64(o.Seed)), Stock: duelDeck}
	for i := range 6 {
		c := s.Rand.Pick(s.Stock)
		s.Stock.Remove(c)
		s.Hands[i%2].Add(c)
	}
	s.log = s.log.Add(cards.Public("the dealer dealt three cards to each player"))
	return s, nil
}

func (Duel) AppendLegalMoves(dst []DuelMove, s DuelState) []DuelMove {
	if s.Over() {
		return dst
	}
	for c := range s.Hands[s.Turn].All() {
		dst = append(dst, DuelMove{s.Turn, c})
	}
	return dst
}

func (Duel) Apply(s DuelState, m DuelMove) (DuelState, error) {
	switch {
	case s.Over():
		return s, fmt.Errorf("%w", cards.ErrGameOver)
	case m.By != s.Turn:
		return s, fmt.Errorf("%w: it is %v's turn", cards.ErrNotYourTurn, s.Turn)
	case !s.Hands[m.By].Has(m.Card):
		return s, cards.Illegal("%v does not hold %v", m.By, m.Card)
	}
	s.Hands[m.By].Remove(m.Card)
	s.Played.Add(m.Card)
	if s.log.On() {
		s.log = s.log.Add(cards.Public("%v played %v", m.By, m.Card))
	}
	if s.Led == cards.NoCard {
		s.Led, s.Turn = m.Card, 1-m.By
		return s, nil
	}
	if m.Card.Rank() > s.Led.Rank() {
		s.Turn = m.By
	} else {
		s.Turn = 1 - m.By
	}
	s.Tricks[s.Turn]++
	s.Led = cards.NoCard
	if s.log.On() {
		s.log = s.log.Add(cards.Public("%v won the trick", s.Turn))
	}
	return s, nil
}

func (Duel) View(s DuelState, p cards.Player) DuelView {
	v := DuelView{
		ViewBase:  cards.BaseOf(s, p, Duel{}.AppendLegalMoves, s.log),
		HandSizes: [2]int{s.Hands[0].Len(), s.Hands[1].Len()},
		Played:    s.Played, Led: s.Led, Tricks: s.Tricks, StockSize: s.Stock.Len(),
	}
	if p == 0 || p == 1 {
		v.Hand = s.Hands[p]
	}
	return v
}

// Determinize deals the cards the viewer cannot see — the other hand and
// the stock — at random.
func (Duel) Determinize(v DuelView, seed uint64) (DuelState, error) {
	s := DuelState{Played: v.Played, Led: v.Led, Tricks: v.Tricks, Rand: cards.NewRand(seed)}
	s.Turn = v.ToAct.First()
	if v.Over {
		s.Turn = 0
	}
	s.log = cards.OffFrom(v.Events)
	unseen := duelDeck.Minus(v.Played).Minus(v.Hand)
	for p := range cards.Player(2) {
		if p == v.Viewer {
			s.Hands[p] = v.Hand
			continue
		}
		for range v.HandSizes[p] {
			c := s.Rand.Pick(unseen)
			unseen.Remove(c)
			s.Hands[p].Add(c)
		}
	}
	s.Stock = unseen
	return s, s.Check()
}

func (v DuelView) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "hand: %v  hand sizes: %d, %d\n", v.Hand, v.HandSizes[0], v.HandSizes[1])
	fmt.Fprintf(&b, "led: %v  tricks: %d–%d\n", v.Led, v.Tricks[0], v.Tricks[1])
	return b.String()
}

// This example states a property of one's own with the harness's
// generators: in any reachable state of the duel, playing any legal move
// takes that card out of the player's hand. cardstest.States draws
// reachable states and cardstest.LegalMove their legal moves; .Example
// draws one value outside a test, where rapid.Check would draw hundreds.
// (TestDuel in this package runs the whole harness on the duel with
// cardstest.Run.)
func Example() {
	g := cardstest.Game[DuelOptions, DuelState, DuelMove, DuelView]{
		Rules: Duel{},
		Options: rapid.Custom(func(t *rapid.T) DuelOptions {
			return DuelOptions{Seed: cards.Seed(rapid.Uint64().Draw(t, "seed"))}
		}),
	}
	playTakesTheCard := func(t *rapid.T) bool {
		s := cardstest.States(g).Filter(func(s DuelState) bool { return !s.Over() }).Draw(t, "state")
		m := cardstest.LegalMove(g.Rules, s).Draw(t, "move")
		next, err := g.Rules.Apply(s, m)
		return err == nil && s.Hands[m.By].Has(m.Card) && !next.Hands[m.By].Has(m.Card)
	}
	for seed := range 3 {
		fmt.Println(rapid.Custom(playTakesTheCard).Example(seed))
	}
	// Output:
	// true
	// true
	// true
}
