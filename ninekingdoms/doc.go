// Package ninekingdoms plays Nine Kingdoms, a card game for 2 to 4 players
// in which players claim nine kingdoms by playing Influence cards.
package ninekingdoms
