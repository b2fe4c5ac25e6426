//go:build unix

package skipnote_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// goTest runs go test on the package testdata/skipper, with no terminal
// (its own session), and returns its output.
func goTest(t *testing.T, tool bool, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append(append([]string{"test"}, args...), "./testdata/skipper")...)
	cmd.Env = append(os.Environ(), "GOFLAGS=", "SKIPPER_TOOL=")
	if tool {
		cmd.Env = append(cmd.Env, "SKIPPER_TOOL=1")
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// okLine matches the line of the package's pass, and its remark.
var okLine = regexp.MustCompile(`(?m)^ok  \t\S+/skipper\t(\(cached\)|[0-9.]+s)(.*)$`)

func remark(t *testing.T, out string) (cached bool, rest string) {
	t.Helper()
	m := okLine.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no line of a pass in:\n%s", out)
	}
	return m[1] == "(cached)", m[2]
}

func TestASkipIsSaidOnThePackagesLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a package's tests with go test")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go command is not on PATH")
	}
	out := goTest(t, false, "-count=1")
	if _, rest := remark(t, out); rest != " [no tests to run]" {
		t.Errorf("a skip without -v: the package's line ends with %q, want \" [no tests to run]\":\n%s", rest, out)
	}
	// From the cache, the line says it again.
	goTest(t, false)
	out = goTest(t, false)
	if cached, rest := remark(t, out); !cached || rest != " [no tests to run]" {
		t.Errorf("a skip from the cache: the package's line is not (cached) [no tests to run]:\n%s", out)
	}
	// -v shows the skip, and the note; the line is go's own.
	out = goTest(t, false, "-count=1", "-v")
	if !strings.Contains(out, "--- SKIP: TestNeedsTheTool") || !strings.Contains(out, "SKIP skipper: TestNeedsTheTool: the tool is missing\n") {
		t.Errorf("a skip with -v does not show the skip and the note:\n%s", out)
	}
	if _, rest := remark(t, out); rest != "" {
		t.Errorf("a skip with -v: the package's line ends with %q, want nothing:\n%s", rest, out)
	}
	// Nothing skipped, nothing said.
	out = goTest(t, true, "-count=1")
	if _, rest := remark(t, out); rest != "" || strings.Contains(out, "SKIP") {
		t.Errorf("no skip: the output says more than ok:\n%s", out)
	}
}
