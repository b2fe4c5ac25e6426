package server_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/server"
)

// TestStreamOnce: a stream asked with ?once=1 answers the versions after
// the one it names, each once with its events, and ends, for a service
// that holds a game's streams itself; a version to come is refused.
func TestStreamOnce(t *testing.T) {
	_, url := serve(t)
	cl := &server.Client{URL: url}
	ctx := t.Context()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	seats := []*seat{newSeat(cl, created, 0), newSeat(cl, created, 1)}
	for moved := 0; moved < 6; {
		for _, s := range seats {
			if err := s.sync(ctx); err != nil {
				t.Fatal(err)
			}
			if len(s.head().Moves) > 0 && moved < 6 {
				if err := s.play(ctx, 0); err != nil {
					t.Fatal(err)
				}
				moved++
			}
		}
	}
	if err := seats[0].sync(ctx); err != nil {
		t.Fatal(err)
	}
	last := seats[0].view.Version
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/games/"+created.ID+"/stream?once=1&since=0", nil)
	req.Header.Set("Authorization", "Bearer "+created.Seats[0].Token)
	req.Header.Set("Last-Event-ID", "3")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var versions []int64
	read := 0
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if id, ok := strings.CutPrefix(line, "id: "); ok {
			n, _ := strconv.ParseInt(id, 10, 64)
			versions = append(versions, n)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var v server.SeatView
			if err := json.Unmarshal([]byte(data), &v); err != nil {
				t.Fatal(err)
			}
			for _, e := range v.Events {
				if e.Seq != read+1 {
					t.Errorf("event %d after %d", e.Seq, read)
				}
				read = e.Seq
			}
		}
	}
	if len(versions) != int(last-3) || versions[0] != 4 || versions[len(versions)-1] != last {
		t.Errorf("the versions after 3: %v, want 4 to %d", versions, last)
	}
	if read != seats[0].read {
		t.Errorf("%d events read, want %d", read, seats[0].read)
	}
	req.Header.Set("Last-Event-ID", strconv.FormatInt(last+1, 10))
	resp2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp2.Body.Close()
	if resp2.StatusCode != http.StatusConflict {
		t.Errorf("a version to come: %d, want 409", resp2.StatusCode)
	}
}
