package main

import (
	"fmt"
	"go/ast"
	"strings"
)

// A member is one member of a declared type's JSON.
type member struct {
	field string // the Go field, from the value: "Turn", "cfg.maxTurns"
	name  string // the member's name in JSON
	t     *vtype
	tag   tag
	doc   string
	kinds []kindRef // the kinds of a move or event that name it; none for every kind
	pos   ast.Node
}

// A kindRef is a kind of a move or event that names a member: required,
// or, optional, written when the member's value is not zero.
type kindRef struct {
	c        constant
	code     string
	optional bool
}

// structOf returns the struct a declared type is.
func (p *pkg) structOf(t *decl) (*ast.StructType, error) {
	st, ok := t.spec.Type.(*ast.StructType)
	if !ok {
		return nil, fmt.Errorf("%s: %s is declared %s, and so must be a struct", p.where(t.spec), t.name, t.role)
	}
	return st, nil
}

// members lists the members of a declared struct, in its fields' order.
// A state's members are its tagged fields; other types' are their
// exported fields, each named after its field ("HandSizes" as
// "handSizes") unless its tag names it, and none tagged json:"-".
func (p *pkg) members(t *decl, prefix string, tagged bool) ([]member, error) {
	st, err := p.structOf(t)
	if err != nil {
		return nil, err
	}
	var ms []member
	for _, f := range st.Fields.List {
		tg := parseTag(f)
		if len(f.Names) == 0 {
			continue // embedded: a view's base
		}
		for _, n := range f.Names {
			if tg.name == "-" || (tagged && !tg.set) || (!tagged && !tg.set && !ast.IsExported(n.Name)) {
				continue
			}
			if tg.inline {
				it, ok := f.Type.(*ast.Ident)
				if !ok || p.types[it.Name] == nil {
					return nil, fmt.Errorf("%s: %s is inline, and so must be a struct of the package", p.where(f), n.Name)
				}
				inner, err := p.members(p.types[it.Name], prefix+n.Name+".", true)
				if err != nil {
					return nil, err
				}
				ms = append(ms, inner...)
				continue
			}
			vt, err := p.typeOf(f.Type)
			if err != nil {
				return nil, err
			}
			name := tg.name
			if name == "" {
				name = lowerFirst(n.Name)
			}
			ms = append(ms, member{field: prefix + n.Name, name: name, t: vt, tag: tg, doc: comment(f), pos: f})
		}
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.name] {
			return nil, fmt.Errorf("%s: %s names the member %q twice", p.where(t.spec), t.name, m.name)
		}
		seen[m.name] = true
	}
	return ms, nil
}

// base returns the type argument of the cards.ViewBase a view embeds.
func (p *pkg) base(t *decl) (string, error) {
	st, err := p.structOf(t)
	if err != nil {
		return "", err
	}
	for _, f := range st.Fields.List {
		if len(f.Names) != 0 {
			continue
		}
		if ix, ok := f.Type.(*ast.IndexExpr); ok {
			if sel, ok := ix.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "ViewBase" {
				return p.text(ix.Index), nil
			}
		}
	}
	return "", fmt.Errorf("%s: view %s embeds no cards.ViewBase", p.where(t.spec), t.name)
}

// union reads a move's or event's members: its kind, the member whose
// type is the enumeration of its kinds, and the kinds that name each
// other member.
func (p *pkg) union(t *decl) (kind member, ms []member, err error) {
	ms, err = p.members(t, "", false)
	if err != nil {
		return kind, nil, err
	}
	k := -1
	for i, m := range ms {
		if m.name == "kind" {
			k = i
		}
	}
	if k < 0 || !ms[k].t.enum() {
		return kind, nil, fmt.Errorf("%s: %s has no member kind of an enumeration of its kinds", p.where(t.spec), t.name)
	}
	kind = ms[k]
	codes, consts, err := p.codes(kind.t.local)
	if err != nil {
		return kind, nil, err
	}
	byCode := map[string]constant{}
	for _, c := range consts {
		byCode[codes[c.value]] = c
	}
	for i := range ms {
		m := &ms[i]
		if m.tag.kinds == "" {
			if m.tag.when != "" {
				return kind, nil, fmt.Errorf("%s: member %s has a when but no kinds", p.where(m.pos), m.name)
			}
			continue
		}
		for _, code := range strings.Split(m.tag.kinds, ",") {
			code = strings.TrimSpace(code)
			opt := strings.HasSuffix(code, "?")
			code = strings.TrimSuffix(code, "?")
			c, ok := byCode[code]
			if !ok {
				return kind, nil, fmt.Errorf("%s: member %s: %q is no kind of %s (%s)", p.where(m.pos), m.name, code, kind.t.local.name, strings.Join(codes[1:], ", "))
			}
			m.kinds = append(m.kinds, kindRef{c: c, code: code, optional: opt})
		}
	}
	return kind, ms, nil
}
