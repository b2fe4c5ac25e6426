//go:build !js

// Package pgtest starts throwaway PostgreSQL servers for tests: a cluster
// of its own (initdb) in a temporary folder, served on a free port of the
// loopback (pg_ctl), trusting local connections, stopped and deleted at
// the end. As root it runs PostgreSQL as the postgres user, for the
// server refuses to run as root. It finds Debian's server binaries
// (/usr/lib/postgresql/VERSION/bin) or those on the PATH.
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/cardrules/games/cards/server/servertest/skipnote"
)

// ErrMissing is wrapped by the error of Start where PostgreSQL is not
// installed.
var ErrMissing = errors.New("PostgreSQL's server is not installed (apt-get install postgresql)")

// A Cluster is a PostgreSQL server of its own, with its data in a
// temporary folder.
type Cluster struct {
	dir, bin string
	port     int
	cred     *syscall.Credential
	mu       sync.Mutex
	dbs      int
}

// Start makes a new cluster and starts its server. Its settings trade
// durability for speed (fsync off), for its data is thrown away.
func Start(ctx context.Context) (*Cluster, error) {
	bin, err := binaries()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("%w: running as root, and no postgres user to run it as: %w", ErrMissing, err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	if err := c.run(ctx, "initdb", "-D", c.data(), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if c.port, err = freePort(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := c.StartServer(ctx); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return c, nil
}

// binaries returns the folder of PostgreSQL's initdb and pg_ctl.
func binaries() (string, error) {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	slices.SortFunc(found, func(a, b string) int { return version(b) - version(a) })
	if len(found) > 0 {
		return filepath.Dir(found[0]), nil
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", ErrMissing
}

// version is the major version of a binary of Debian's folders.
func version(path string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(path))))
	return n
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// run runs one of PostgreSQL's programs, as the postgres user if need be.
func (c *Cluster) run(ctx context.Context, program string, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, program), args...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %w\n%s", program, err, out)
	}
	return nil
}

// StartServer starts the cluster's server (again), on its port, and
// returns once it accepts connections.
func (c *Cluster) StartServer(ctx context.Context) error {
	opts := fmt.Sprintf("-k %s -c listen_addresses=127.0.0.1 -p %d -c fsync=off -c full_page_writes=off -c max_connections=300", c.dir, c.port)
	return c.run(ctx, "pg_ctl", "-D", c.data(), "-o", opts, "-l", filepath.Join(c.dir, "log"), "-w", "start")
}

// StopServer stops the cluster's server (fast: the sessions are ended),
// keeping its data.
func (c *Cluster) StopServer(ctx context.Context) error {
	return c.run(ctx, "pg_ctl", "-D", c.data(), "-m", "fast", "-w", "stop")
}

// Close stops the server and deletes the cluster.
func (c *Cluster) Close() error {
	err := c.StopServer(context.Background())
	return errors.Join(err, os.RemoveAll(c.dir))
}

// URL returns the address of one of the cluster's databases.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// NewDatabase creates a new, empty database in the cluster and returns
// its address.
func (c *Cluster) NewDatabase(ctx context.Context) (string, error) {
	c.mu.Lock()
	c.dbs++
	name := "test" + strconv.Itoa(c.dbs)
	c.mu.Unlock()
	db, err := sql.Open("pgx", c.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	return c.URL(name), nil
}

// Shared is a cluster that a package's tests share, started when a test
// first asks for it; the package's TestMain closes it at the end.
type Shared struct {
	note    *skipnote.Note
	once    sync.Once
	cluster *Cluster
	err     error
}

// NewShared returns the shared cluster of a package, whose skips note
// says (package skipnote).
func NewShared(note *skipnote.Note) *Shared { return &Shared{note: note} }

// Cluster returns the cluster, started if it is not yet. Where
// PostgreSQL is missing, it skips t, or under CI=true fails it.
func (s *Shared) Cluster(t testing.TB) *Cluster {
	t.Helper()
	s.once.Do(func() { s.cluster, s.err = Start(context.Background()) })
	switch {
	case errors.Is(s.err, ErrMissing) && os.Getenv("CI") != "true":
		// go test caches the skip, and a program installed outside the
		// module does not invalidate it: the note says how to run again.
		s.note.Skip(t, s.err.Error()+"; once it is, go test -count=1")
	case s.err != nil:
		t.Fatal(s.err)
	}
	return s.cluster
}

// Database returns the address of a new database of the cluster.
func (s *Shared) Database(t testing.TB) string {
	t.Helper()
	url, err := s.Cluster(t).NewDatabase(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return url
}

// Close deletes the cluster, if it was started.
func (s *Shared) Close() error {
	if s.cluster == nil {
		return nil
	}
	return s.cluster.Close()
}

// Main runs a package's tests, says why any skipped (note), deletes the
// shared cluster, and exits with the tests' status: a TestMain calls it.
func (s *Shared) Main(m *testing.M) {
	code := s.note.Run(m)
	if err := s.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
	}
	os.Exit(code)
}
