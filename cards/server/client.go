package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// ErrNotModified is returned by Client.View when the game is still at the
// version the caller knows.
var ErrNotModified = errors.New("the game has not changed")

// A Client speaks to a server's API: a program that plays, a bot that
// sits at a table, a test. A refusal of the server is returned as an
// *Error with its status and code.
type Client struct {
	// URL is the API's root, as mounted: "http://127.0.0.1:8080/api".
	URL string
	// HTTP sends the requests; nil means http.DefaultClient.
	HTTP *http.Client
}

// Catalog lists the games the server serves.
func (c *Client) Catalog(ctx context.Context) (Catalog, error) {
	var cat Catalog
	err := c.do(ctx, http.MethodGet, "/catalog", "", nil, nil, &cat)
	return cat, err
}

// Health reports whether the server's database answers: nil, or the
// server's refusal (503) or the failure to reach it.
func (c *Client) Health(ctx context.Context) error {
	var h Health
	return c.do(ctx, http.MethodGet, "/health", "", nil, nil, &h)
}

// Create creates a game.
func (c *Client) Create(ctx context.Context, req CreateRequest) (Created, error) {
	var created Created
	err := c.do(ctx, http.MethodPost, "/games", "", nil, req, &created)
	return created, err
}

// View reads the view of the seat whose token is given, with the events
// after the since-th (as many as one answer holds: the view's More tells
// whether more follow). If known is the game's version, it returns
// ErrNotModified instead; 0 knows none.
func (c *Client) View(ctx context.Context, id, token string, since int, known int64) (SeatView, error) {
	var v SeatView
	h := http.Header{}
	if known > 0 {
		h.Set("If-None-Match", etag(known))
	}
	err := c.do(ctx, http.MethodGet, "/games/"+url.PathEscape(id)+"?since="+strconv.Itoa(since), token, h, nil, &v)
	return v, err
}

// Move makes a move for the seat whose token is given, on the version of
// the game it was chosen on, and returns the seat's view after it, with
// the events after the since-th (after the version's, if since is
// negative). The bots play after the move: read the view again to see
// their moves.
func (c *Client) Move(ctx context.Context, id, token string, version int64, move json.RawMessage, since int) (SeatView, error) {
	var v SeatView
	path := "/games/" + url.PathEscape(id) + "/moves"
	if since >= 0 {
		path += "?since=" + strconv.Itoa(since)
	}
	err := c.do(ctx, http.MethodPost, path, token, nil, MoveRequest{Version: version, Move: move}, &v)
	return v, err
}

// do sends a request and decodes its answer into out.
func (c *Client) do(ctx context.Context, method, path, token string, header http.Header, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(c.URL, "/")+path, body)
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	switch {
	case resp.StatusCode == http.StatusNotModified:
		return ErrNotModified
	case resp.StatusCode >= 300:
		return refusalOf(resp, b, method, path)
	case out == nil:
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s %s: the answer: %w", method, path, err)
	}
	return nil
}

// Claim claims an open seat of a game with a name, with the game's
// invitation key ("" for a public game); seat is the seat claimed, or nil
// for the first open one.
func (c *Client) Claim(ctx context.Context, id, invite, name string, seat *int) (SeatToken, error) {
	var st SeatToken
	err := c.do(ctx, http.MethodPost, "/games/"+url.PathEscape(id)+"/seats", invite, nil, ClaimRequest{Name: name, Seat: seat}, &st)
	return st, err
}

// Leave frees the seat whose token is given, before the game starts; or,
// given the host's key, sends away the player of the seat.
func (c *Client) Leave(ctx context.Context, id, token string, seat int) error {
	return c.do(ctx, http.MethodDelete, "/games/"+url.PathEscape(id)+"/seats/"+strconv.Itoa(seat), token, nil, nil, nil)
}

// GiveToBot gives a seat to the bot of spec ("" for the random bot), with
// the host's key: a seat that keeps the others waiting (see
// Limits.TurnTime). It returns the game's version.
func (c *Client) GiveToBot(ctx context.Context, id, host string, seat int, bot string) (int64, error) {
	var v struct {
		Version int64 `json:"version"`
	}
	err := c.do(ctx, http.MethodPost, "/games/"+url.PathEscape(id)+"/seats/"+strconv.Itoa(seat)+"/bot", host, nil, StartRequest{Bot: bot}, &v)
	return v.Version, err
}

// Start gives the open seats of a game to the bot of spec, if not "", and
// starts the game, with the host's key; it returns the game's version.
func (c *Client) Start(ctx context.Context, id, host, bot string) (int64, error) {
	var v struct {
		Version int64 `json:"version"`
	}
	err := c.do(ctx, http.MethodPost, "/games/"+url.PathEscape(id)+"/start", host, nil, StartRequest{Bot: bot}, &v)
	return v.Version, err
}

// Lobby lists the public games that wait for players, of the named game
// ("" for every game), from the cursor after ("" for the newest), at most
// limit of them (0 for the server's page).
func (c *Client) Lobby(ctx context.Context, game, after string, limit int) (Lobby, error) {
	q := url.Values{}
	if game != "" {
		q.Set("game", game)
	}
	if after != "" {
		q.Set("after", after)
	}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	var l Lobby
	path := "/lobby"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	err := c.do(ctx, http.MethodGet, path, "", nil, nil, &l)
	return l, err
}

// Rematch proposes or accepts the rematch of a game over, for the seat
// whose token is given, or leaves it; it returns the rematch and the
// seat's place in it.
func (c *Client) Rematch(ctx context.Context, id, token string, leave bool) (Rematch, error) {
	var m Rematch
	err := c.do(ctx, http.MethodPost, "/games/"+url.PathEscape(id)+"/rematch", token, nil, RematchRequest{Leave: leave}, &m)
	return m, err
}

// History returns the newest games of the table of game id, and each
// player's wins, as the seat or spectator whose token is given reads
// them; HistoryPage reads the older ones.
func (c *Client) History(ctx context.Context, id, token string) (History, error) {
	return c.HistoryPage(ctx, id, token, "", 0)
}

// HistoryPage returns a page of the table's games, from the cursor before
// ("" for the newest; a page's Next for the page after it), at most limit
// of them (0 for the server's page), and each player's wins.
func (c *Client) HistoryPage(ctx context.Context, id, token, before string, limit int) (History, error) {
	q := url.Values{}
	if before != "" {
		q.Set("before", before)
	}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	path := "/games/" + url.PathEscape(id) + "/history"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	var h History
	err := c.do(ctx, http.MethodGet, path, token, nil, nil, &h)
	return h, err
}

// Follow reads a game's stream of versions, as the seat or spectator
// whose token is given ("" where anyone may watch), and calls each with
// every message, in order: first the game as it stands with the events
// after the since-th, then each new version with its events. When the
// stream breaks or ends, Follow opens it again from the last version it
// read, so that no version is lost or given twice; it waits as a refusal
// asks (Retry-After), or a moment. It returns when ctx is done, with
// ctx's error, or with the error of each, or with a refusal that no
// waiting mends.
func (c *Client) Follow(ctx context.Context, id, token string, since int, each func(SeatView) error) error {
	last := int64(-1)
	for failures := 0; ; failures++ {
		before := last
		err := c.followOnce(ctx, id, token, since, &last, &since, each)
		if last != before { // it read something: the next break is a first one
			failures = 0
		}
		var e *Error
		var stop *stopped
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.As(err, &stop):
			return stop.err
		case errors.As(err, &e) && e.RetryAfter > 0:
			sleep(ctx, e.RetryAfter)
		case errors.As(err, &e):
			return err
		case failures > 0: // open again at once after a break, then more slowly
			sleep(ctx, min(time.Duration(failures)*100*time.Millisecond, 5*time.Second))
		}
	}
}

// stopped wraps the error of Follow's each, which ends it.
type stopped struct{ err error }

func (s *stopped) Error() string { return s.err.Error() }

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// followOnce reads one connection of a stream, noting the last version
// and event it gave.
func (c *Client) followOnce(ctx context.Context, id, token string, since int, last *int64, read *int, each func(SeatView) error) error {
	path := "/games/" + url.PathEscape(id) + "/stream?since=" + strconv.Itoa(since)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(c.URL, "/")+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if *last >= 0 {
		req.Header.Set("Last-Event-ID", strconv.FormatInt(*last, 10))
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	if hc.Timeout != 0 { // a stream lasts longer than a request
		copied := *hc
		copied.Timeout = 0
		hc = &copied
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errorOf(resp, http.MethodGet, path)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	var data []byte
	event := ""
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case len(line) == 0 && event != "": // another kind of message (the count of watchers)
			data, event = data[:0], ""
		case len(line) == 0 && len(data) > 0:
			var v SeatView
			if err := json.Unmarshal(data, &v); err != nil {
				return fmt.Errorf("a message of the stream: %w", err)
			}
			data = data[:0]
			if err := each(v); err != nil {
				return &stopped{err}
			}
			*last = v.Version
			for _, e := range v.Events {
				*read = e.Seq
			}
		case bytes.HasPrefix(line, []byte("data: ")):
			data = append(data, line[len("data: "):]...)
		case bytes.HasPrefix(line, []byte("event: ")):
			event = string(line[len("event: "):])
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return io.ErrUnexpectedEOF
}

// errorOf reads a refusal's answer.
func errorOf(resp *http.Response, method, path string) error {
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return err
	}
	return refusalOf(resp, b, method, path)
}

// refusalOf returns the refusal of an answer and its body.
func refusalOf(resp *http.Response, b []byte, method, path string) error {
	e := &Error{Status: resp.StatusCode}
	if json.Unmarshal(b, e) != nil || e.Code == "" {
		e.Message = fmt.Sprintf("%s %s: %s: %.200s", method, path, resp.Status, b)
	}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		e.RetryAfter = time.Duration(s) * time.Second
	}
	return e
}
