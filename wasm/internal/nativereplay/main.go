// Command nativereplay replays game records with the native engines, for
// the bundle's tests to compare with the games they play in JavaScript. It
// reads records from standard input, one a line, and writes for each a
// line: the final state's JSON, or "error: " and why.
//
//	go run ./wasm/internal/nativereplay < records.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/cardrules/games/cards/anygame"
	"github.com/cardrules/games/cards/catalog"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, anygame.MaxRecordInput)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		state, err := replay(in.Bytes())
		if err != nil {
			fmt.Fprintln(out, "error:", err)
			continue
		}
		fmt.Fprintf(out, "%s\n", state)
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "nativereplay:", err)
		os.Exit(1)
	}
}

func replay(record []byte) (json.RawMessage, error) {
	var r anygame.Record
	if err := json.Unmarshal(record, &r); err != nil {
		return nil, err
	}
	g, err := catalog.Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	p, _, err := g.Replay(record)
	if err != nil {
		return nil, err
	}
	return p.State()
}
