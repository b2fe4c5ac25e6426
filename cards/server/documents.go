package server

import (
	"context"
	"database/sql"

	"github.com/cardrules/games/cards/server/cardroom"
	"github.com/cardrules/games/cards/server/sqlstore"
)

// The API's documents are the card room's values (package cardroom): what
// a room is asked and answers is what the handler reads and writes.
type (
	Catalog        = cardroom.Catalog
	Health         = cardroom.Health
	GameInfo       = cardroom.GameInfo
	CreateRequest  = cardroom.CreateRequest
	Created        = cardroom.Created
	Key            = cardroom.Key
	SeatToken      = cardroom.SeatToken
	ClaimRequest   = cardroom.ClaimRequest
	StartRequest   = cardroom.StartRequest
	RematchRequest = cardroom.RematchRequest
	Rematch        = cardroom.Rematch
	Lobby          = cardroom.Lobby
	LobbyGame      = cardroom.LobbyGame
	History        = cardroom.History
	Played         = cardroom.Played
	NameWins       = cardroom.NameWins
	SeatView       = cardroom.SeatView
	MoveRequest    = cardroom.MoveRequest
	Limits         = cardroom.Limits
	SweepReport    = cardroom.SweepReport
	Snapshot       = cardroom.Snapshot
	Stats          = cardroom.Stats
)

// The kinds of seat of CreateRequest.Seats, beside bot specs.
const (
	Human = cardroom.Human
	Open  = cardroom.Open
)

// MaxName is the most characters of a player's name.
const MaxName = cardroom.MaxName

// DefaultLimits returns the limits of a handler whose Config sets none:
// limits fit for a public server on a small host (2 cores).
func DefaultLimits() Limits { return cardroom.DefaultLimits() }

// ErrUnavailable is wrapped by the errors of a database that failed or
// did not answer in time: the handler answers them 503 Service
// Unavailable, with Retry-After. ErrDamaged is wrapped by the error for a
// game whose stored row does not match its checksum.
var (
	ErrUnavailable = cardroom.ErrUnavailable
	ErrDamaged     = cardroom.ErrDamaged
)

// A Dialect is the SQL of a kind of database the handler's store runs on
// (see package sqlstore).
type Dialect = sqlstore.Dialect

// The dialects: SQLite (the zero Dialect), Cloudflare D1, PostgreSQL.
const (
	SQLite     = sqlstore.SQLite
	D1         = sqlstore.D1
	PostgreSQL = sqlstore.PostgreSQL
)

// Migrations holds the schema's migrations (see package sqlstore).
var Migrations = sqlstore.Migrations

// Migrate applies to an SQLite database every migration it lacks.
func Migrate(ctx context.Context, db *sql.DB) ([]string, error) { return sqlstore.Migrate(ctx, db) }
