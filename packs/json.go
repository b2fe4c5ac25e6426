package packs

// The JSON of the game's types is declared with the types, and written by
// jsongen into json_gen.go; the TypeScript of the same declarations is the
// bundle's types/packs.d.ts.
//go:generate go run ../cards/jsongen -title "Packs Kingdoms" -ts ../wasm/js/types/packs.d.ts

// stateVersion is the version of the state's JSON encoding.
const stateVersion = 1
