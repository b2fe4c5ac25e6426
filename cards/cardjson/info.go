package cardjson

import "github.com/cardrules/games/cards"

// InfoFields lists the members of a game's description, as
// cards.GameInfo encodes itself, for the JSON of a type that extends a
// description with members of its own (a server's entry of its catalog):
//
//	func (g *GameInfo) Fields() []cardjson.Field {
//		return append(cardjson.InfoFields(&g.GameInfo), cardjson.Field{Name: "bots", Ptr: &g.Bots})
//	}
func InfoFields(info *cards.GameInfo) []Field {
	return []Field{
		{Name: "name", Ptr: &info.Name}, {Name: "title", Ptr: &info.Title}, {Name: "summary", Ptr: &info.Summary},
		{Name: "minPlayers", Ptr: &info.MinPlayers}, {Name: "maxPlayers", Ptr: &info.MaxPlayers},
		{Name: "options", Ptr: (*Slice[cards.OptionInfo])(&info.Options)}, {Name: "rankOrder", Ptr: (*Slice[cards.Rank])(&info.RankOrder), OmitZero: true},
		{Name: "howToPlay", Ptr: (*Slice[cards.Section])(&info.HowToPlay), OmitZero: true}, {Name: "glossary", Ptr: (*Slice[cards.Term])(&info.Glossary), OmitZero: true},
		{Name: "legend", Ptr: (*Slice[cards.Term])(&info.Legend), OmitZero: true},
	}
}
