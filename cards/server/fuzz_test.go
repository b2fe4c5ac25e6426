package server_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/games/cards/server"
)

// FuzzRequests sends the handler any body, to create a game or as a move
// of a game's human seat: whatever it is, the answer is a success or a
// refusal with a code, never a fault of the server.
//
//	go test -run '^$' -fuzz FuzzRequests ./cards/server
func FuzzRequests(f *testing.F) {
	for _, seed := range []string{
		`{"game":"bastards","seats":["human","random","ismcts:strength=1"]}`,
		`{"game":"ninekingdoms","options":{"match":true},"seats":["human","montecarlo"]}`,
		`{"game":"crown","options":{"players":2},"seats":["human","human"]}`,
		`{"game":"packs","seats":["human"]}`,
		`{"version":1,"move":{"player":0,"action":"pass"}}`,
		`{"version":2,"move":{"player":0,"kind":"choose","cards":["2","3"]}}`,
		`{"version":1,"move":{"player":0,"action":"play","cards":["3C","3C"]}}`,
		`{"version":-1,"move":null}`, `{"seats":[]}`, `[`, ``, `"x"`,
	} {
		f.Add(seed)
	}
	h := server.New(openDB(f), server.Config{Logger: slog.New(slog.NewTextHandler(testLog{f}, nil))})
	created := map[string]server.Created{}
	cl := &server.Client{URL: "http://handler", HTTP: &http.Client{Transport: handlerTransport{h}}}
	for game, players := range map[string]int{"bastards": 3, "ninekingdoms": 2} {
		c, err := cl.Create(context.Background(), server.CreateRequest{Game: game, Seats: slices.Repeat([]string{server.Human}, players)})
		if err != nil {
			f.Fatal(err)
		}
		created[game] = c
	}
	f.Fuzz(func(t *testing.T, body string) {
		check := func(r *http.Request) {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code >= 500 || (w.Code >= 300 && !strings.Contains(w.Body.String(), `"code"`)) {
				t.Fatalf("%s %s %q: %d %s", r.Method, r.URL, body, w.Code, w.Body)
			}
		}
		check(httptest.NewRequest(http.MethodPost, "/games", strings.NewReader(body)))
		for _, c := range created {
			r := httptest.NewRequest(http.MethodPost, "/games/"+c.ID+"/moves", strings.NewReader(body))
			r.Header.Set("Authorization", "Bearer "+c.Seats[0].Token)
			check(r)
		}
	})
}

// handlerTransport sends a client's requests straight to a handler.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	w := httptest.NewRecorder()
	t.h.ServeHTTP(w, r)
	return w.Result(), nil
}
