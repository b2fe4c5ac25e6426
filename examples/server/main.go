//go:build !js

// Server serves the games of this module to players over HTTP: the API of
// package server at /api/, on an embedded SQLite file (or PostgreSQL),
// and the web page at /.
//
//	go run ./examples/server [flags]
//
// -h lists the flags and the limits; the README shows a whole game, and
// how to operate the server. Try it with curl:
//
//	curl -s localhost:8080/api/catalog
//	curl -s -X POST localhost:8080/api/games -H 'Content-Type: application/json' -d '{"game":"ninekingdoms","seats":["human","montecarlo"]}'
//
// Its work is package gameserver's, which serves any games: a program of
// these few lines, given a designer's games, serves them too.
package main

import "github.com/cardrules/games/cards/gameserver"

func main() { gameserver.Program{Command: "go run ./examples/server"}.Main() }
