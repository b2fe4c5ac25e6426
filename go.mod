module github.com/cardrules/games

go 1.26
