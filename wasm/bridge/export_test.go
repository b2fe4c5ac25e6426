package bridge

// SetMaxMoves sets the number of moves b's tables hold before they are
// emptied.
func SetMaxMoves(b *Bridge, n int) { b.maxMoves = n }
