module github.com/cardrules/games

go 1.26

require (
	github.com/google/go-cmp v0.7.0
	pgregory.net/rapid v1.3.0
)

require github.com/go-json-experiment/json v1.27.2 // indirect
