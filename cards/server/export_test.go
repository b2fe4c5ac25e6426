package server

import "time"

// SetClock makes the handler's room tell the time by now: tests of
// expiry move it on.
func SetClock(h *Handler, now func() time.Time) { h.room.SetClock(now) }

// SetBotTurn sets how long a game's bots play before they yield.
func SetBotTurn(h *Handler, d time.Duration) { h.room.SetBotTurn(d) }

// Rebind rewrites a test's statement, written with ?, for the dialect.
func Rebind(d Dialect, query string) string { return d.Rebind(query) }

// SetStreamWriteTime sets how long a write of a stream may take.
func SetStreamWriteTime(h *Handler, d time.Duration) { h.writeTime = d }
