//go:build unix

package readme_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards/server/servertest/skipnote"
)

// root is the module's root, where the README's commands run.
var root = filepath.Join("..", "..")

// note says why the README's test skipped (package skipnote).
var note = skipnote.New("README.md")

func TestMain(m *testing.M) { note.Main(m) }

// TestReadme runs the README's shell blocks as they are written, in their
// order, so that they cannot drift from what the module does. A shell
// block is an indented code block or a fenced block of sh. Each command
// runs in bash from the module's root, its standard input empty, with the
// variables the commands before it set; a command that fails (curl's
// answers of 400 and more included) fails the test. The comment lines
// right after a command (no blank line between) are the output the README
// shows: the command's output must read the same, whitespace aside, where
// "…" (and a word it ends, as in "Xq3…") stands for anything. A command
// whose description says Ctrl-C runs until it is stopped: it is stopped
// once its output reads as shown.
//
// The API's blocks speak to localhost:8080, where go run ./examples/server
// listens: the test builds that server and starts it on a free port with
// a database of its own, and curl connects there (CURL_HOME/.curlrc,
// connect-to). A block that cannot run here (it deploys, needs an account
// or a system's service, or runs for minutes) has on the line before it
// an HTML comment that says why: <!-- not run: … -->.
func TestReadme(t *testing.T) {
	if testing.Short() {
		note.Skip(t, "the README's commands take half a minute")
	}
	for _, tool := range []string{"go", "bash", "curl", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed", tool)
			}
			note.Skip(t, tool+" is not installed (apt-get install bash curl jq); once it is, go test -count=1 .")
		}
	}
	if v, err := exec.Command("curl", "--version").Output(); err != nil || !curlFailsWithBody(string(v)) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("curl is older than 7.76, which --fail-with-body needs: %s", firstLine(string(v)))
		}
		note.Skip(t, "curl is older than 7.76, which --fail-with-body needs")
	}
	blocks, err := shellBlocks(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	api := startServer(t, dir)
	curlrc := fmt.Sprintf("connect-to = localhost:8080:%s\nfail-with-body\n", api)
	if err := os.WriteFile(filepath.Join(dir, ".curlrc"), []byte(curlrc), 0o600); err != nil {
		t.Fatal(err)
	}
	sh := &shell{state: filepath.Join(dir, "state.sh"), env: append(os.Environ(), "CURL_HOME="+dir)}
	ran := 0
	for _, b := range blocks {
		if b.notRun != "" {
			t.Logf("README.md:%d not run: %s", b.line, b.notRun)
			continue
		}
		for _, s := range b.steps {
			start := time.Now()
			out, err := sh.run(t, s)
			t.Logf("README.md:%d %s (%.1fs)", s.line, firstLine(s.command), time.Since(start).Seconds())
			if err != nil {
				t.Fatalf("README.md:%d: %s\n%v\n%s", s.line, s.command, err, out)
			}
			if s.want != nil && !s.matches(out.stdout) {
				t.Errorf("README.md:%d: %s\nprints\n%s\nwhere the README shows\n%s", s.line, s.command, out.stdout, strings.Join(s.want, "\n"))
			}
			ran++
		}
	}
	if ran == 0 {
		t.Fatal("the README has no command to run")
	}
}

// curlFailsWithBody tells whether curl --version names a curl of 7.76 or
// later.
func curlFailsWithBody(version string) bool {
	var major, minor int
	if _, err := fmt.Sscanf(version, "curl %d.%d", &major, &minor); err != nil {
		return false
	}
	return major > 7 || major == 7 && minor >= 76
}

// A block is a shell block of the README.
type block struct {
	line   int    // the line of its first command
	notRun string // why it is not run, if it is not
	steps  []step
}

// A step is a command of a block, with what it shows.
type step struct {
	line    int      // the README's line of its first line
	about   string   // the comments before it
	command string   // its lines
	want    []string // the output shown after it, without "# "; nil for none
}

// notRunComment marks a block that is not run, and says why.
var notRunComment = regexp.MustCompile(`^<!-- not run: (.+) -->$`)

// shellBlocks reads the shell blocks of a Markdown file: its indented code
// blocks and its fenced blocks of sh, bash or shell.
func shellBlocks(path string) ([]block, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(b), "\n")
	var blocks []block
	for i := 0; i < len(lines); i++ {
		var body []string
		first := i
		switch l := lines[i]; {
		case strings.HasPrefix(l, "```"):
			lang := strings.TrimSpace(strings.TrimPrefix(l, "```"))
			j := i + 1
			for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
				j++
			}
			if lang == "sh" || lang == "bash" || lang == "shell" {
				body, first = lines[i+1:j], i+1
			}
			i = j
		case strings.HasPrefix(l, "    ") && (i == 0 || strings.TrimSpace(lines[i-1]) == ""):
			j := i
			for j < len(lines) && (strings.HasPrefix(lines[j], "    ") || strings.TrimSpace(lines[j]) == "") {
				j++
			}
			for k := i; k < j; k++ {
				body = append(body, strings.TrimPrefix(lines[k], "    "))
			}
			i = j - 1
		}
		if body == nil {
			continue
		}
		bl := block{line: first + 1, steps: steps(body, first+1)}
		k := first - 1
		for k >= 0 && (strings.TrimSpace(lines[k]) == "" || strings.HasPrefix(lines[k], "```")) {
			k--
		}
		if k >= 0 {
			if m := notRunComment.FindStringSubmatch(strings.TrimSpace(lines[k])); m != nil {
				bl.notRun = m[1]
			}
		}
		if bl.notRun == "" && len(bl.steps) == 0 {
			return nil, fmt.Errorf("%s:%d: a shell block with no command", path, bl.line)
		}
		blocks = append(blocks, bl)
	}
	return blocks, nil
}

// steps splits a block's lines, the first of which is the README's line
// number, into its commands: a command is a run of lines that are not
// comments, the comments before it (after a blank line) describe it, and
// the comments right after it show its output.
func steps(lines []string, number int) []step {
	var all []step
	var cur step
	var about []string
	flush := func() {
		if cur.command != "" {
			all = append(all, cur)
		}
		cur = step{}
	}
	for i, l := range lines {
		trimmed := strings.TrimSpace(l)
		switch {
		case trimmed == "":
			flush()
			about = nil
		case strings.HasPrefix(trimmed, "#"):
			text := strings.TrimPrefix(strings.TrimPrefix(trimmed, "#"), " ")
			if cur.command != "" {
				cur.want = append(cur.want, text)
			} else {
				about = append(about, text)
			}
		default:
			if cur.want != nil {
				flush()
			}
			if cur.command == "" {
				cur.line, cur.about = number+i, strings.Join(about, "\n")
				about = nil
				cur.command = l
			} else {
				cur.command += "\n" + l
			}
		}
	}
	flush()
	return all
}

// interrupted tells whether the README says the command runs until Ctrl-C.
func (s step) interrupted() bool { return strings.Contains(s.about, "Ctrl-C") }

// matches tells whether out reads as the output the README shows.
func (s step) matches(out string) bool { return wantPattern(s.want).MatchString(squeeze(out)) }

// placeholder is "…" and the word it ends: it stands for anything.
var placeholder = regexp.MustCompile(`[\p{L}\p{N}_-]*…`)

// wantPattern returns the pattern of the output shown, without white
// space.
func wantPattern(want []string) *regexp.Regexp {
	shown := strings.Join(want, "\n")
	var p strings.Builder
	p.WriteString(`(?s)^`)
	last := 0
	for _, m := range placeholder.FindAllStringIndex(shown, -1) {
		p.WriteString(regexp.QuoteMeta(squeeze(shown[last:m[0]])))
		p.WriteString(`.*?`)
		last = m[1]
	}
	p.WriteString(regexp.QuoteMeta(squeeze(shown[last:])) + `$`)
	return regexp.MustCompile(p.String())
}

// squeeze removes the white space of s.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// A shell runs commands one after another, each in a bash of its own
// that starts with the variables the ones before it set.
type shell struct {
	state string   // the file of the variables set
	env   []string // the environment of every command
}

// output gathers what a process prints, safe to read while it runs.
type output struct {
	mu             sync.Mutex
	stdout, stderr bytes.Buffer
}

// writers returns the writers of o's standard output and error.
func (o *output) writers() (stdout, stderr lockedWriter) {
	return lockedWriter{o, &o.stdout}, lockedWriter{o, &o.stderr}
}

// result returns what o holds.
func (o *output) result() result {
	o.mu.Lock()
	defer o.mu.Unlock()
	return result{o.stdout.String(), o.stderr.String()}
}

// lockedWriter writes to a buffer of o under its lock.
type lockedWriter struct {
	o *output
	b *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.o.mu.Lock()
	defer w.o.mu.Unlock()
	return w.b.Write(p)
}

// result is what a process printed.
type result struct{ stdout, stderr string }

func (r result) String() string { return r.stdout + r.stderr }

// stepTime bounds a command's time: go run builds before it runs.
const stepTime = 3 * time.Minute

// run runs step s, and returns its output once it ends or, if it runs
// until Ctrl-C, once its output reads as shown and it is stopped.
func (sh *shell) run(t *testing.T, s step) (result, error) {
	script := fmt.Sprintf(`set -eo pipefail
[ -f %[1]q ] && . %[1]q
trap 'export -p > %[1]q' EXIT
set -a
%[2]s
`, sh.state, s.command)
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = root
	cmd.Env = sh.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var o output
	cmd.Stdout, cmd.Stderr = o.writers()
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(stepTime)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	finish := func(err error) (result, error) { return o.result(), err }
	for {
		select {
		case err := <-done:
			if s.interrupted() {
				return finish(fmt.Errorf("it ended before its output read as the README shows: %v", err))
			}
			return finish(err)
		case <-tick.C:
			if !s.interrupted() {
				continue
			}
			if s.matches(o.result().stdout) {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) // Ctrl-C
				<-done
				return finish(nil)
			}
		case <-deadline:
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
			return finish(fmt.Errorf("still running after %v", stepTime))
		}
	}
}

// startServer builds the server of go run ./examples/server and starts it
// in dir, on a free port of the loopback, and returns its address; the
// test's end stops it.
func startServer(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "server")
	build := exec.Command("go", "build", "-o", bin, "./examples/server")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./examples/server: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var log output
	srv := exec.Command(bin, "-addr", addr, "-db", filepath.Join(dir, "games.db"))
	srv.Dir = dir
	srv.Stdout, srv.Stderr = log.writers()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- srv.Wait() }()
	t.Cleanup(func() {
		srv.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			srv.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("the server's log:\n%s", lastLines(log.result().String(), 40))
		}
	})
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get("http://" + addr + "/api/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return addr
			}
		}
		select {
		case err := <-exited:
			t.Fatalf("the server stopped: %v\n%s", err, log.result())
		default:
		}
		if time.Since(start) > time.Minute {
			t.Fatalf("the server does not answer: %v\n%s", err, log.result())
		}
	}
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestReadmeSteps checks how a block is read: its commands, what they
// show, and the placeholders of what they show.
func TestReadmeSteps(t *testing.T) {
	got := steps(strings.Split(`# a game
GAME=$(curl -s localhost:8080/api/games \
  -d '{}')
echo "$GAME"
# {"id":"Xq3…","seats":[
#   {"seat":0}]}
ID=$(echo "$GAME" | jq -r .id)

# until Ctrl-C
curl -sN localhost:8080/api/games/$ID/stream
# id: 4
# …`, "\n"), 10)
	want := []step{
		{line: 11, about: "a game", command: "GAME=$(curl -s localhost:8080/api/games \\\n  -d '{}')\necho \"$GAME\"",
			want: []string{`{"id":"Xq3…","seats":[`, `  {"seat":0}]}`}},
		{line: 16, command: `ID=$(echo "$GAME" | jq -r .id)`},
		{line: 19, about: "until Ctrl-C", command: "curl -sN localhost:8080/api/games/$ID/stream", want: []string{"id: 4", "…"}},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(step{})); diff != "" {
		t.Fatalf("steps (-want +got):\n%s", diff)
	}
	if !got[2].interrupted() || got[0].interrupted() {
		t.Error("Ctrl-C in a description does not mark its command alone")
	}
	for _, c := range []struct {
		out  string
		want bool
	}{
		{`{"id":"abc","seats":[{"seat":0}]}`, true},
		{"{\"id\":\"\",\n \"seats\": [{\"seat\":0}]}\n", true},
		{`{"id":"abc","seats":[{"seat":1}]}`, false},
		{`{"id":"abc","seats":[{"seat":0}]}x`, false},
	} {
		if got := got[0].matches(c.out); got != c.want {
			t.Errorf("%q read as shown: %v, want %v", c.out, got, c.want)
		}
	}
	if !got[2].matches("id: 4\ndata: {}\n\nid: 5\n") || got[2].matches("id: 5\n") {
		t.Error(`"…" alone does not stand for the rest of a stream`)
	}
	if !curlFailsWithBody("curl 7.88.1 (x86_64-pc-linux-gnu)") || !curlFailsWithBody("curl 8.5.0 (…)") || curlFailsWithBody("curl 7.74.0 (…)") {
		t.Error("curl's versions are misread")
	}
}
