// Testreport reads the output of go test -json on standard input and
// prints a short report: each package's outcome, the output of every failed
// test, and every skipped test. It exits 1 if anything failed, or if a test
// was skipped while the environment variable CI is "true" (in CI every tool
// a test needs is installed, so a skip means a test did not run).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

type event struct {
	Action     string
	Package    string
	ImportPath string
	Test       string
	Output     string
	Elapsed    float64
}

type report struct {
	output  map[string][]string // by package and test
	failed  int
	skipped []string
	out     io.Writer
}

func main() {
	r := &report{output: map[string][]string{}, out: os.Stdout}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Fprintln(r.out, sc.Text()) // go's own messages, not events
			continue
		}
		r.add(e)
	}
	ci := os.Getenv("CI") == "true"
	for _, s := range r.skipped {
		fmt.Fprintln(r.out, "SKIP", s)
	}
	switch {
	case r.failed > 0:
		fmt.Fprintf(r.out, "FAIL: %d failed\n", r.failed)
		os.Exit(1)
	case ci && len(r.skipped) > 0:
		fmt.Fprintf(r.out, "FAIL: %d tests skipped under CI=true\n", len(r.skipped))
		os.Exit(1)
	}
	fmt.Fprintln(r.out, "PASS")
}

func (r *report) add(e event) {
	key := e.Package + " " + e.Test
	switch e.Action {
	case "output", "build-output":
		if e.Package == "" {
			key = e.ImportPath + " "
		}
		r.output[key] = append(r.output[key], e.Output)
	case "build-fail":
		r.failed++
		fmt.Fprint(r.out, strings.Join(r.output[e.ImportPath+" "], ""))
	case "fail":
		r.failed++
		if e.Test != "" {
			fmt.Fprintf(r.out, "--- FAIL %s %s\n%s", e.Package, e.Test, strings.Join(r.output[key], ""))
		} else {
			fmt.Fprintf(r.out, "FAIL\t%s\t%.1fs\n%s", e.Package, e.Elapsed, strings.Join(r.output[key], ""))
		}
	case "skip":
		if e.Test != "" {
			r.skipped = append(r.skipped, fmt.Sprintf("%s %s: %s", e.Package, e.Test, lastLine(r.output[key])))
		}
	case "pass":
		if e.Test == "" {
			fmt.Fprintf(r.out, "ok  \t%s\t%.1fs\n", e.Package, e.Elapsed)
		}
	}
	if e.Action == "pass" || e.Action == "fail" || e.Action == "skip" {
		delete(r.output, key)
	}
}

// lastLine returns the last line of output other than the test's own
// "--- SKIP" line, which usually says why it skipped.
func lastLine(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l != "" && !strings.HasPrefix(l, "--- SKIP") {
			return l
		}
	}
	return ""
}
