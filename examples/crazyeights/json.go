package crazyeights

// The JSON of the game's options, moves, states and views is declared on
// the types themselves (their //cards:json directives and cards tags), and
// jsongen writes the codec from those declarations into json_gen.go:
//
//go:generate go run github.com/cardrules/games/cards/jsongen -title "Crazy Eights"
