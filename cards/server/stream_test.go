package server_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

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

// TestUnreadStream: a stream whose client reads nothing, its connection's
// buffers full, ends once a write has waited the stream's time to write,
// and gives its place back.
func TestUnreadStream(t *testing.T) {
	h, url := serve(t)
	server.SetStreamWriteTime(h, 100*time.Millisecond)
	cl := &server.Client{URL: url}
	created, err := cl.Create(t.Context(), server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/games/"+created.ID+"/stream", nil)
	req.SetPathValue("id", created.ID)
	req.Header.Set("Authorization", "Bearer "+created.Seats[0].Token)
	w := &stuckWriter{ResponseRecorder: httptest.NewRecorder()}
	done := make(chan struct{})
	begin := time.Now()
	go func() {
		h.ServeHTTP(w, req)
		close(done)
	}()
	select {
	case <-done:
		t.Logf("a stream nobody reads ended after %v", time.Since(begin).Round(time.Millisecond))
	case <-time.After(10 * time.Second):
		t.Fatal("a stream nobody reads goes on, its write stuck")
	}
}

// A stuckWriter is the answer of a client that reads nothing: its writes
// wait until the write deadline passes, then fail.
type stuckWriter struct {
	*httptest.ResponseRecorder
	deadline time.Time
}

func (w *stuckWriter) SetWriteDeadline(t time.Time) error { w.deadline = t; return nil }

func (w *stuckWriter) Write(b []byte) (int, error) {
	if w.deadline.IsZero() {
		select {} // no deadline: stuck for good
	}
	time.Sleep(time.Until(w.deadline))
	return 0, os.ErrDeadlineExceeded
}

func (w *stuckWriter) FlushError() error { return nil }

// TestStreamOpensAtOnce: a stream opened again at the game's version, with
// nothing to tell, answers at once (its client knows that it follows
// the game), and tells the next version when it comes.
func TestStreamOpensAtOnce(t *testing.T) {
	_, url := serve(t)
	cl := &server.Client{URL: url}
	ctx := t.Context()
	created, err := cl.Create(ctx, server.CreateRequest{Game: "crown", Seats: []string{server.Human, server.Human}})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/games/"+created.ID+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+created.Seats[0].Token)
	req.Header.Set("Last-Event-ID", strconv.FormatInt(created.Version, 10))
	answered := make(chan *http.Response, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			close(answered)
			return
		}
		answered <- resp
	}()
	select {
	case resp := <-answered:
		if resp != nil {
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("the stream: %s", resp.Status)
			}
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a stream with nothing to tell yet did not answer")
	}
}
