package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// A pkg is what the generator reads of a package: its types, their
// methods, and its constants.
type pkg struct {
	name    string
	fset    *token.FileSet
	types   map[string]*decl
	order   []*decl                    // the declared types, in the order of their files and lines
	methods map[string]map[string]bool // method names by receiver type
	consts  map[string][]constant      // the constants of each named type, by value
	strs    map[string]string          // the package's string constants
}

// A decl is a type of the package: its declaration, its doc comment and
// what its directive says of it.
type decl struct {
	name string
	spec *ast.TypeSpec
	doc  string   // the doc comment, without directives
	role string   // what its //cards:json directive declares it: state, view, options, move, event, object, enum
	args []string // the directive's arguments
	ts   string   // the TypeScript of a type of its own encoding (//cards:ts)
}

// A constant is a constant of a named type: its name, value and doc.
type constant struct {
	name  string
	value int
	doc   string
}

// load reads the package in dir: every Go file but tests and the file the
// generator writes.
func load(dir, out string) (*pkg, error) {
	p := &pkg{fset: token.NewFileSet(), types: map[string]*decl{}, methods: map[string]map[string]bool{}, consts: map[string][]constant{}, strs: map[string]string{}}
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") || filepath.Base(name) == filepath.Base(out) {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(p.fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if !buildable(f) {
			continue
		}
		if p.name == "" {
			p.name = f.Name.Name
		} else if f.Name.Name != p.name {
			return nil, fmt.Errorf("%s: package %s, not %s", name, f.Name.Name, p.name)
		}
		if err := p.read(f); err != nil {
			return nil, err
		}
	}
	if p.name == "" {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	return p, nil
}

// buildable reports whether a file builds on every platform: files under
// a build constraint are left out.
func buildable(f *ast.File) bool {
	for _, c := range f.Comments {
		if c.Pos() > f.Package {
			break
		}
		for _, l := range c.List {
			if strings.HasPrefix(l.Text, "//go:build") {
				return false
			}
		}
	}
	return true
}

func (p *pkg) read(f *ast.File) error {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) == 1 {
				recv := typeName(d.Recv.List[0].Type)
				if p.methods[recv] == nil {
					p.methods[recv] = map[string]bool{}
				}
				p.methods[recv][d.Name.Name] = true
			}
		case *ast.GenDecl:
			switch d.Tok {
			case token.TYPE:
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					doc := ts.Doc
					if doc == nil && len(d.Specs) == 1 {
						doc = d.Doc
					}
					t, err := p.declare(ts, doc)
					if err != nil {
						return err
					}
					p.types[t.name] = t
					p.order = append(p.order, t)
				}
			case token.CONST:
				p.readConsts(d)
			}
		}
	}
	return nil
}

// declare reads a type's declaration and its directives.
func (p *pkg) declare(ts *ast.TypeSpec, doc *ast.CommentGroup) (*decl, error) {
	t := &decl{name: ts.Name.Name, spec: ts}
	if doc == nil {
		return t, nil
	}
	for _, c := range doc.List {
		text := c.Text
		switch {
		case strings.HasPrefix(text, "//cards:json"):
			args, err := splitArgs(strings.TrimPrefix(text, "//cards:json"))
			if err != nil || len(args) == 0 {
				return nil, fmt.Errorf("%s: %s: a directive names a role: //cards:json state|view|options|move|event|object|enum", p.fset.Position(c.Pos()), t.name)
			}
			t.role, t.args = args[0], args[1:]
		case strings.HasPrefix(text, "//cards:ts "):
			t.ts = strings.TrimSpace(strings.TrimPrefix(text, "//cards:ts "))
		}
	}
	t.doc = strings.TrimSpace(doc.Text())
	switch t.role {
	case "", "state", "view", "options", "move", "event", "object", "enum":
	default:
		return nil, fmt.Errorf("%s: %s: no role %q: //cards:json state|view|options|move|event|object|enum", p.fset.Position(ts.Pos()), t.name, t.role)
	}
	return t, nil
}

// splitArgs splits a directive's arguments at spaces, a quoted argument
// ("a Claim the Crown move") whole.
func splitArgs(s string) ([]string, error) {
	var args []string
	s = strings.TrimSpace(s)
	for s != "" {
		if s[0] == '"' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, err
			}
			a, _ := strconv.Unquote(q)
			args = append(args, a)
			s = strings.TrimSpace(s[len(q):])
			continue
		}
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			i = len(s)
		}
		args = append(args, s[:i])
		s = strings.TrimSpace(s[i:])
	}
	return args, nil
}

// readConsts reads a const block: string constants by name, and the
// constants of named types with their values (iota, iota+k, whole numbers).
func (p *pkg) readConsts(d *ast.GenDecl) {
	var typ string
	var expr ast.Expr
	for i, s := range d.Specs {
		vs := s.(*ast.ValueSpec)
		if vs.Type != nil || len(vs.Values) > 0 {
			typ, expr = "", nil
			if id, ok := vs.Type.(*ast.Ident); ok {
				typ = id.Name
			}
			if len(vs.Values) > 0 {
				expr = vs.Values[0]
			}
		}
		if len(vs.Values) == 1 && len(vs.Names) == 1 {
			if bl, ok := vs.Values[0].(*ast.BasicLit); ok && bl.Kind == token.STRING {
				if v, err := strconv.Unquote(bl.Value); err == nil {
					p.strs[vs.Names[0].Name] = v
				}
			}
		}
		if typ == "" || expr == nil {
			continue
		}
		v, ok := evalIota(expr, i)
		if !ok {
			continue
		}
		for _, n := range vs.Names {
			doc := ""
			if vs.Doc != nil {
				doc = strings.TrimSpace(vs.Doc.Text())
			}
			p.consts[typ] = append(p.consts[typ], constant{name: n.Name, value: v, doc: doc})
		}
	}
}

// evalIota evaluates a constant's expression at iota: iota, iota + k,
// iota - k, or a whole number.
func evalIota(e ast.Expr, iota int) (int, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		if e.Name == "iota" {
			return iota, true
		}
	case *ast.BasicLit:
		if e.Kind == token.INT {
			n, err := strconv.Atoi(e.Value)
			return n, err == nil
		}
	case *ast.ParenExpr:
		return evalIota(e.X, iota)
	case *ast.BinaryExpr:
		x, ok1 := evalIota(e.X, iota)
		y, ok2 := evalIota(e.Y, iota)
		if ok1 && ok2 {
			switch e.Op {
			case token.ADD:
				return x + y, true
			case token.SUB:
				return x - y, true
			}
		}
	}
	return 0, false
}

// typeName returns the name of a receiver's type: T of T, *T and T[X].
func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return typeName(e.X)
	case *ast.IndexExpr:
		return typeName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// has reports whether type t has method m.
func (p *pkg) has(t, m string) bool { return p.methods[t][m] }

// where returns the position of n, for messages.
func (p *pkg) where(n ast.Node) string { return p.fset.Position(n.Pos()).String() }

// codes returns the names of an enumeration's values in JSON, indexed by
// value: each constant's name without the type's name in front, its first
// letter in lower case (PhasePlay is "play", RoyalCouncil "royalCouncil";
// of a type named XKind, the X too: EventPlayed of an EventKind is
// "played"); a value no constant names is "".
func (p *pkg) codes(t *decl) ([]string, []constant, error) {
	cs := p.consts[t.name]
	if len(cs) == 0 {
		return nil, nil, fmt.Errorf("%s: enumeration %s has no constants", p.where(t.spec), t.name)
	}
	var named []constant
	top := 0
	for _, c := range cs {
		if c.name == "_" || !ast.IsExported(c.name) {
			continue
		}
		named = append(named, c)
		top = max(top, c.value)
	}
	if top > 255 {
		return nil, nil, fmt.Errorf("%s: enumeration %s has a value over 255", p.where(t.spec), t.name)
	}
	codes := make([]string, top+1)
	for _, c := range named {
		code := strings.TrimPrefix(c.name, t.name)
		if k := strings.TrimSuffix(t.name, "Kind"); code == c.name && k != "" && k != t.name {
			code = strings.TrimPrefix(c.name, k) // EventPlayed of an EventKind is "played"
		}
		if code == "" {
			code = c.name
		}
		r := []rune(code)
		r[0] = unicode.ToLower(r[0])
		if codes[c.value] != "" {
			return nil, nil, fmt.Errorf("%s: enumeration %s has two constants of value %d", p.where(t.spec), t.name, c.value)
		}
		codes[c.value] = string(r)
	}
	sort.SliceStable(named, func(i, j int) bool { return named[i].value < named[j].value })
	return codes, named, nil
}

// A tag is what a field's struct tag says of its member.
type tag struct {
	name   string // the member's name; "-" for none
	inline bool   // the field's own members are the struct's
	seats  bool   // an array with an element a player
	length string // the field holding the array's length
	kinds  string // the kinds of a move or event that name the member
	when   string // when the kinds name it: a Go expression of the value
	ts     string // its TypeScript type, where the Go type does not say it
	omit   bool   // a zero value is left out (omitzero)
	set    bool   // the field has a json tag
}

// parseTag reads a field's tag: cards:"name,inline|seats|len=field|omitzero"
// kinds:"a,b?" when:"expr" ts:"type". (Not json: go vet wants json tags
// on exported fields only, and a state's are not.)
func parseTag(f *ast.Field) tag {
	var t tag
	if f.Tag == nil {
		return t
	}
	s, _ := strconv.Unquote(f.Tag.Value)
	st := reflect.StructTag(s)
	if j, ok := st.Lookup("cards"); ok {
		t.set = true
		parts := strings.Split(j, ",")
		t.name = parts[0]
		for _, o := range parts[1:] {
			switch {
			case o == "inline":
				t.inline = true
			case o == "seats":
				t.seats = true
			case o == "omitzero":
				t.omit = true
			case strings.HasPrefix(o, "len="):
				t.length = strings.TrimPrefix(o, "len=")
			}
		}
	}
	t.kinds = st.Get("kinds")
	t.when = st.Get("when")
	t.ts = st.Get("ts")
	return t
}

// lowerFirst returns s with its first letter in lower case, as a member
// is named after its field: HandSizes is "handSizes".
func lowerFirst(s string) string {
	r := []rune(s)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// comment returns the text of a field's doc and line comments.
func comment(f *ast.Field) string {
	var parts []string
	if f.Doc != nil {
		parts = append(parts, strings.TrimSpace(f.Doc.Text()))
	}
	if f.Comment != nil {
		parts = append(parts, strings.TrimSpace(f.Comment.Text()))
	}
	return strings.Join(parts, " ")
}
