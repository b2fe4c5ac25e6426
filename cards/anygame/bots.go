package anygame

import (
	"errors"
	"fmt"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/bot"
)

// The bots every game offers.
const (
	RandomBot     = "random"
	MonteCarloBot = "montecarlo"
)

// ErrUnknownBot is wrapped by the error for a bot name no game knows.
var ErrUnknownBot = errors.New("unknown bot")

func botNames() []string { return []string{RandomBot, MonteCarloBot} }

// botFor returns the bot of the given name for a game.
func botFor[O any, S cards.State, M cards.Move, V cards.View[M]](rules cards.Rules[O, S, M, V], name string) (bot.Bot[M, V], error) {
	switch name {
	case RandomBot:
		return bot.Random[M, V]{}, nil
	case MonteCarloBot:
		return bot.MonteCarlo[O, S, M, V]{Rules: rules}, nil
	}
	return nil, fmt.Errorf("%w %q: the bots are %v", ErrUnknownBot, name, botNames())
}
