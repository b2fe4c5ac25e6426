package main

import (
	"bytes"
	"os"
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
