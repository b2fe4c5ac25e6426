//go:build js && wasm

package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"syscall/js"
)

// The binding between worker.mjs and a Go instance: the functions that Go
// sets on the instance's context.binding, which worker.mjs calls.
//
//	handle(method, url, headers, body) → Promise<{status, headers, body}>
//	idle() → Promise<undefined>
//	maxBody: the largest body, in bytes, that handle needs to see
//
// Headers are a string of lines "name: value\r\n", as HTTP/1.1 writes
// them (one string rather than a value a header, for every value that
// crosses between JavaScript and Go costs), bodies Uint8Arrays or null.
// An instance serves one request at a time: worker.mjs calls handle, then
// idle, whose promise resolves once the tasks that the request spawned
// are done, and only then hands the instance another request.

// bind sets the binding's functions, which serve h; log receives the
// panics of h and of the tasks.
func bind(binding js.Value, h http.Handler, maxBody int, log *slog.Logger) {
	binding.Set("maxBody", maxBody)
	binding.Set("handle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return promise(func() js.Value { return handle(h, log, args) })
	}))
	binding.Set("idle", js.FuncOf(func(js.Value, []js.Value) any {
		return promise(func() js.Value {
			tasks.Wait()
			return js.Undefined()
		})
	}))
}

// tasks counts the tasks that spawn started and that have not ended.
// worker.mjs waits for them (idle) before it hands the instance another
// request, so that a count back to zero is never raised again before
// idle's Wait has returned, as a WaitGroup asks.
var tasks sync.WaitGroup

// spawn runs task in a goroutine of its own, counted in tasks: the
// server's Config.Spawn, for work that goes on after the answer. The
// request, and so the instance, lasts until it ends (worker.mjs passes
// idle's promise to ctx.waitUntil).
func spawn(log *slog.Logger) func(task func()) {
	return func(task func()) {
		tasks.Go(func() {
			defer func() {
				if v := recover(); v != nil {
					log.Error("a background task panicked", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				}
			}()
			task()
		})
	}
}

// promise returns a JavaScript promise of what f returns; f runs in a
// goroutine of its own, for a function that JavaScript calls must not
// block.
func promise(f func() js.Value) js.Value {
	executor := js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve := args[0]
		go func() { resolve.Invoke(f()) }()
		return nil
	})
	defer executor.Release() // the constructor calls it before it returns
	return js.Global().Get("Promise").New(executor)
}

// handle serves the request of handle's arguments with h and returns the
// answer, {status, headers, body}. A panic of h answers 500, which keeps
// the instance alive.
func handle(h http.Handler, log *slog.Logger, args []js.Value) (answer js.Value) {
	w := &response{header: http.Header{}}
	defer func() {
		if v := recover(); v != nil {
			log.Error("the handler panicked", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			w = &response{header: http.Header{"Content-Type": {"application/json"}}, status: http.StatusInternalServerError}
			w.body.WriteString(`{"code":"internal","error":"the server failed"}`)
		}
		answer = w.value()
	}()
	var body []byte
	if b := args[3]; !b.IsNull() && !b.IsUndefined() {
		body = make([]byte, b.Length())
		js.CopyBytesToGo(body, b)
	}
	r, err := http.NewRequestWithContext(context.Background(), args[0].String(), args[1].String(), bytes.NewReader(body))
	if err != nil {
		panic(err)
	}
	for line := range strings.SplitSeq(args[2].String(), "\r\n") {
		if name, value, ok := strings.Cut(line, ": "); ok {
			r.Header.Add(name, value)
		}
	}
	r.RemoteAddr = r.Header.Get("CF-Connecting-IP")
	h.ServeHTTP(w, r)
	return
}

// A response is the answer a handler writes, whole: answers are small.
// It cannot flush (http.ResponseController's Flush fails), so a stream
// sends what it has and ends.
type response struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *response) Header() http.Header { return w.header }

func (w *response) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *response) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

// value returns the answer as JavaScript's {status, headers, body}; an
// empty body is null, which Response asks of a 204 or a 304.
func (w *response) value() js.Value {
	var headers strings.Builder
	for name, values := range w.header {
		for _, v := range values {
			headers.WriteString(name + ": " + v + "\r\n")
		}
	}
	body := js.Null()
	if w.body.Len() > 0 {
		body = js.Global().Get("Uint8Array").New(w.body.Len())
		js.CopyBytesToJS(body, w.body.Bytes())
	}
	return js.ValueOf(map[string]any{"status": cmp.Or(w.status, http.StatusOK), "headers": headers.String(), "body": body})
}
