package main

import (
	"fmt"
	"go/ast"
	"strings"
)

// tsf writes TypeScript.
func (g *gen) tsf(format string, args ...any) { fmt.Fprintf(&g.ts, format, args...) }

// jsdoc writes a doc comment of text at indent, if there is text.
func (g *gen) jsdoc(indent, text string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	text = strings.ReplaceAll(text, "*/", "* /")
	lines := strings.Split(text, "\n")
	if len(lines) == 1 && len(text) < 90 {
		g.tsf("%s/** %s */\n", indent, text)
		return
	}
	g.tsf("%s/**\n", indent)
	for _, l := range lines {
		g.tsf("%s *%s\n", indent, strings.TrimRight(" "+l, " "))
	}
	g.tsf("%s */\n", indent)
}

// tsEnum declares an enumeration: the union of its names, the zero value's
// left out unless it has a name of its own.
func (g *gen) tsEnum(t *decl) error {
	codes, _, err := g.p.codes(t)
	if err != nil {
		return err
	}
	var quoted []string
	for _, c := range codes {
		if c != "" {
			quoted = append(quoted, fmt.Sprintf("%q", c))
		}
	}
	g.jsdoc("", t.doc)
	g.tsf("export type %s = %s;\n\n", t.name, strings.Join(quoted, " | "))
	return nil
}

// tsOwn declares an exported type of its own encoding by its //cards:ts.
func (g *gen) tsOwn(t *decl) {
	g.jsdoc("", t.doc)
	g.tsf("export type %s = %s;\n\n", t.name, t.ts)
}

// tsObject declares the interface of options, a view or an object.
func (g *gen) tsObject(t *decl) error {
	ms, err := g.p.members(t, "", false)
	if err != nil {
		return err
	}
	extends := ""
	if t.role == "view" {
		m, err := g.p.base(t)
		if err != nil {
			return err
		}
		g.useCommon("ViewBase")
		extends = fmt.Sprintf(" extends ViewBase<%s>", m)
	}
	g.jsdoc("", t.doc)
	g.tsf("export interface %s%s {\n", t.name, extends)
	g.tsMembers(ms)
	g.tsf("}\n\n")
	return nil
}

// tsMembers writes the members of an interface.
func (g *gen) tsMembers(ms []member) {
	for _, m := range ms {
		g.jsdoc("\t", m.doc)
		opt := ""
		if m.tag.omit {
			opt = "?"
		}
		g.tsf("\t%s%s: %s;\n", m.name, opt, g.tsMember(m))
	}
}

// tsMember returns the TypeScript of a member's value.
func (g *gen) tsMember(m member) string {
	if m.tag.ts != "" {
		return m.tag.ts
	}
	return g.tsOf(m.t, false)
}

// tsState declares the interface of a state.
func (g *gen) tsState(t *decl) error {
	ms, err := g.p.members(t, "", true)
	if err != nil {
		return err
	}
	name, ok := g.p.strs[t.args[0]]
	if !ok {
		name = strings.Trim(t.args[0], `"`)
	}
	g.useCommon("StateHeader")
	g.jsdoc("", t.doc)
	g.tsf("export interface %s extends StateHeader<%q> {\n", t.name, name)
	g.tsMembers(ms)
	g.tsf("}\n\n")
	return nil
}

// tsUnion declares a move or an event's data: a union of one object a
// kind, each with the members its kind names, optional where the kind may
// leave them out.
func (g *gen) tsUnion(t *decl) error {
	kind, ms, err := g.p.union(t)
	if err != nil {
		return err
	}
	codes, consts, err := g.p.codes(kind.t.local)
	if err != nil {
		return err
	}
	g.jsdoc("", t.doc)
	g.tsf("export type %s =\n", t.name)
	for _, c := range consts {
		if c.value == 0 {
			continue
		}
		var parts []string
		for _, m := range ms {
			if m.name == "kind" {
				parts = append(parts, fmt.Sprintf("kind: %q", codes[c.value]))
				continue
			}
			in, opt := false, m.tag.when != ""
			if len(m.kinds) == 0 {
				in = true
			}
			for _, k := range m.kinds {
				if k.c.value == c.value {
					in, opt = true, opt || k.optional
				}
			}
			if !in {
				continue
			}
			q := ""
			if opt {
				q = "?"
			}
			ts := m.tag.ts
			if ts == "" {
				ts = g.tsOf(m.t, len(m.kinds) > 0)
			}
			parts = append(parts, fmt.Sprintf("%s%s: %s", m.name, q, ts))
		}
		if arg(t, "text", "") != "" {
			parts = append(parts, "text: string")
		}
		g.jsdoc("\t", c.doc)
		g.tsf("\t| { %s }\n", strings.Join(parts, "; "))
	}
	g.ts.Truncate(g.ts.Len() - 1)
	g.tsf(";\n\n")
	return nil
}

// exportedOwn reports whether t is an exported type of its own encoding
// that the TypeScript names.
func exportedOwn(t *decl) bool { return t.role == "" && t.ts != "" && ast.IsExported(t.name) }
