package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestFlags checks the command line: help, unknown flags and games,
// arguments.
func TestFlags(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"-h"}, &bytes.Buffer{}, &stderr); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
	for _, want := range []string{"-games", "-o", "-name", "-version", "-per-game", "-sizes", "crown"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("-h lacks %s:\n%s", want, stderr.String())
		}
	}
	for _, args := range [][]string{{"-nothing"}, {"extra"}, {"-games", "poker", "-o", t.TempDir()}} {
		stderr.Reset()
		if code := run(args, &bytes.Buffer{}, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2\n%s", args, code, stderr.String())
		}
	}
	if !strings.Contains(stderr.String(), `no game of the catalog is named "poker"`) {
		t.Errorf("an unknown game: %s", stderr.String())
	}
}
