package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGeneratedFilesAreFresh runs every go:generate line of this module
// that calls jsongen, into a temporary folder, and checks that it writes
// the files as they are committed: a declaration changed without a new
// generation fails here, and in CI.
func TestGeneratedFilesAreFresh(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^//go:generate go run \S*jsongen(.*)$`)
	found := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			if err == nil {
				return filepath.SkipDir
			}
			return err
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range line.FindAllSubmatch(src, -1) {
			found++
			checkFresh(t, filepath.Dir(path), splitFlags(t, string(m[1])))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 4 {
		t.Errorf("found %d go:generate lines that run jsongen, not one for each game", found)
	}
}

// splitFlags splits the flags of a go:generate line, a quoted one whole.
func splitFlags(t *testing.T, s string) []string {
	args, err := splitArgs(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return args
}

// checkFresh generates the package in dir with flags into a temporary
// folder and compares what it writes with the files in place.
func checkFresh(t *testing.T, dir string, flags []string) {
	t.Helper()
	out, ts, title, common := "json_gen.go", "", "", "./common.js"
	for i := 0; i+1 < len(flags); i += 2 {
		switch flags[i] {
		case "-o":
			out = flags[i+1]
		case "-ts":
			ts = flags[i+1]
		case "-title":
			title = flags[i+1]
		case "-common":
			common = flags[i+1]
		}
	}
	tmp := t.TempDir()
	srcs, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range srcs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(filepath.Join(tmp, out))
	tsTmp := ""
	if ts != "" {
		tsTmp = filepath.Join(tmp, "types.d.ts")
	}
	if err := run(tmp, out, tsTmp, common, title); err != nil {
		t.Errorf("%s: %v", dir, err)
		return
	}
	same := func(got, want string) {
		g, err1 := os.ReadFile(got)
		w, err2 := os.ReadFile(want)
		if err1 != nil || err2 != nil || !bytes.Equal(g, w) {
			t.Errorf("%s is not what jsongen writes from the declarations of %s (%v, %v): run go generate ./... and commit what it writes", want, dir, err1, err2)
		}
	}
	same(filepath.Join(tmp, out), filepath.Join(dir, out))
	if ts != "" {
		same(tsTmp, filepath.Join(dir, ts))
	}
}

// TestOutsideModule generates the codec of a package in a module of its
// own, which requires this one, as a designer does (go generate, which
// runs jsongen by its import path), and runs the package's tests: every
// role, tag and shape jsongen takes (testdata/toy).
func TestOutsideModule(t *testing.T) {
	if testing.Short() {
		t.Skip("it builds a module of its own")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	toy, _ := filepath.Glob("testdata/toy/*")
	for _, f := range toy {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go \S+$`).Find(mod)
	gomod := fmt.Sprintf("module example.com/toy\n\n%s\n\nrequire github.com/cardrules/games v0.0.0\n\nreplace github.com/cardrules/games => %s\n", goVersion, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"generate", "./..."}, {"vet", "./..."}, {"test", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in a module of its own: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	ts, err := os.ReadFile(filepath.Join(dir, "toy.d.ts"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`import type { Card, Player, Seed, StateHeader, ViewBase } from "./common.js";`,
		`export interface State extends StateHeader<"toy"> {`,
		`| { player: Player; kind: "bid"; amount: number; card?: Card; text: string }`,
		`| { player: Player; kind: "swap"; card: Card; column?: number; pair: [number, number]; text: string }`,
		`| { kind: "dealt"; player: Player; cards?: Card[] }`,
		`export type EventData = Happened;`,
		`note: "" | "hurry";`,
		`drawn?: boolean;`,
		`stacks: [Card[], Card[]];`,
		`bids: number[];`,
		`grid: [[number, number, number], [number, number, number]];`,
	} {
		if !strings.Contains(string(ts), want) {
			t.Errorf("the TypeScript lacks %s:\n%s", want, ts)
		}
	}
}
