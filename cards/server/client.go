package server

import (
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
		e := &Error{Status: resp.StatusCode}
		if json.Unmarshal(b, e) != nil || e.Code == "" {
			e.Message = fmt.Sprintf("%s %s: %s: %.200s", method, path, resp.Status, b)
		}
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
			e.RetryAfter = time.Duration(s) * time.Second
		}
		return e
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s %s: the answer: %w", method, path, err)
	}
	return nil
}
