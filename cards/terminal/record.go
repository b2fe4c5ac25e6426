package terminal

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/cardjson"
)

// errCannotResume is wrapped by the refusal of a file -resume cannot play
// on from.
var errCannotResume = errors.New("cannot resume")

// resumeTable plays on the game of the record in cfg.resume, as q saves
// one: it replays the record and seats the player as -seat says. A file
// that cannot be read, that is no record, or whose moves are not the
// game's, is an error wrapping errCannotResume that says why; so is a
// -game that names another game.
func resumeTable(cfg config, out io.Writer) (*table, error) {
	fail := func(err error) (*table, error) {
		return nil, fmt.Errorf("%w %s: %w", errCannotResume, cfg.resume, err)
	}
	data, err := readRecord(cfg.resume)
	if err != nil {
		return fail(err)
	}
	var rec anygame.Record
	if err := cardjson.UnmarshalLimit(data, &rec, "a game's record", anygame.MaxRecordInput); err != nil {
		return fail(err)
	}
	g, err := anygame.Lookup(cfg.prog.Games, rec.Game)
	if err != nil {
		return fail(err)
	}
	if cfg.gameGiven && cfg.game != rec.Game {
		return fail(cards.BadOptions("it is a record of %s, not of -game %s", rec.Game, cfg.game))
	}
	if err := anygame.CheckBot(cfg.bot); err != nil {
		return nil, err
	}
	pos, _, err := g.Replay(data)
	if err != nil {
		return fail(err)
	}
	state, err := pos.State()
	if err != nil {
		return nil, err
	}
	cfg.game, cfg.seed = rec.Game, seedOf(rec.Options)
	return seatTable(&table{
		game: g, state: state, cfg: cfg,
		out: &wrapper{w: out, width: cfg.width}, raw: out,
		bots:    cards.NewRand(cfg.seed + 1 + uint64(len(rec.Moves))),
		record:  rec,
		resumed: len(rec.Moves),
	})
}

// readRecord reads the file at path, up to anygame.MaxRecordInput bytes.
func readRecord(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, anygame.MaxRecordInput+1))
	if err == nil && len(data) > anygame.MaxRecordInput {
		err = cards.BadInput("a record holds at most %d bytes", anygame.MaxRecordInput)
	}
	return data, err
}

// seedOf returns the seed options name, or 0.
func seedOf(options json.RawMessage) uint64 {
	var o struct {
		Seed cards.Seed `json:"seed"`
	}
	if json.Unmarshal(options, &o) != nil {
		return 0
	}
	return uint64(o.Seed)
}

// printResumed tells the file the game was resumed from, if any.
func (t *table) printResumed() {
	if t.cfg.resume != "" {
		fmt.Fprintf(t.out, "Resumed from %s after %s.\n", t.cfg.resume, cards.Plural(t.resumed, "move"))
	}
}

// SaveFolder is the folder, in the working folder, where q saves a game
// that was not resumed from a file.
const SaveFolder = "saves"

// savePath returns the file q saves the game to: the one it was resumed
// from, or a file of SaveFolder named after the game and its seed
// ("saves/bastards-42.json"), numbered on if that name is taken
// ("saves/bastards-42-2.json"), so that a save never overwrites another
// game's.
func (t *table) savePath() string {
	if t.cfg.resume != "" {
		return t.cfg.resume
	}
	base := filepath.Join(SaveFolder, fmt.Sprintf("%s-%d", t.game.Info().Name, t.cfg.seed))
	path := base + ".json"
	for n := 2; exists(path); n++ {
		path = fmt.Sprintf("%s-%d.json", base, n)
	}
	return path
}

// exists reports whether a file is at path.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// save writes the game's record to path: the file it was resumed from,
// or a new file, which it refuses to overwrite.
func (t *table) save(path string) error {
	b, err := cardjson.Marshal(t.record)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if path == t.cfg.resume {
		return os.WriteFile(path, b, 0o644)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// quit asks the player to confirm, and saves the game's record before it
// reports quit. An answer other than yes plays on; the end of the input
// quits without saving.
func (t *table) quit(in *bufio.Scanner) (bool, error) {
	path := t.savePath()
	t.prompt("Quit, saving the game to %s to play on later? (y to quit, n to play on): ", path)
	if !in.Scan() {
		fmt.Fprintln(t.out, "\nThe game was not saved. Goodbye.")
		return true, in.Err()
	}
	switch strings.ToLower(strings.TrimSpace(in.Text())) {
	case "y", "yes":
	default:
		fmt.Fprintln(t.out, "Playing on.")
		return false, nil
	}
	if err := t.save(path); err != nil {
		return true, fmt.Errorf("saving the game: %w", err)
	}
	fmt.Fprintf(t.out, "Saved the game to %s; %s -resume %s%s plays on. Goodbye.\n", path, t.cfg.prog.Command, path, t.resumeFlags())
	return true, nil
}

// resumeFlags returns the flags beside -resume that seat the player again
// as now: -seat, and -bot for a bot other than the default.
func (t *table) resumeFlags() string {
	var flags string
	if t.cfg.seat != 1 {
		flags += fmt.Sprintf(" -seat %d", t.cfg.seat)
	}
	if t.cfg.bot != anygame.ISMCTSBot {
		flags += " -bot " + t.cfg.bot
	}
	return flags
}
