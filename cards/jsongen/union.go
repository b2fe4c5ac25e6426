package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"strings"
)

// genUnion writes the codec of a move or an event's data: an object of
// a kind and the members that kind names. A member whose field has no
// kinds tag is in every value; one tagged kinds:"a,b" is in the values of
// kinds a and b, and in no other; kinds:"a?" puts it in values of kind a
// whose member is not zero; when:"expr" puts it in the values of its kinds
// for which the Go expression, of the value x, holds. A decoder refuses a
// member a value's kind does not name, and one it names that is missing.
// A move's directive names the method that appends its text for people
// (text=appendText): its JSON ends with it, and decoding skips it.
func (g *gen) genUnion(t *decl) error {
	kind, ms, err := g.p.union(t)
	if err != nil {
		return err
	}
	codes, _, err := g.p.codes(kind.t.local)
	if err != nil {
		return err
	}
	v, n := recv(t.name), noun(t)
	text := arg(t, "text", "")
	if t.role == "move" && text == "" {
		return fmt.Errorf("%s: a move's directive names the method of its text: //cards:json move text=appendText", g.p.where(t.spec))
	}
	for i := range ms {
		if ms[i].tag.when != "" {
			w, err := rename(ms[i].tag.when, v)
			if err != nil {
				return fmt.Errorf("%s: member %s: when:%q: %v", g.p.where(ms[i].pos), ms[i].name, ms[i].tag.when, err)
			}
			ms[i].tag.when = w
		}
	}
	g.uses["cards"], g.uses["cardjson"] = true, true
	names := lowerFirst(t.name) + "Members"
	quoted := make([]string, 0, len(ms)+1)
	for _, m := range ms {
		quoted = append(quoted, fmt.Sprintf("%q", m.name))
	}
	if text != "" {
		quoted = append(quoted, `"text"`)
	}
	g.printf("// %s names the members of %s JSON, in order.\n", names, article(possessive(n)))
	g.printf("var %s = [...]string{%s}\n\n", names, strings.Join(quoted, ", "))

	// AppendJSON.
	g.printf("// AppendJSON appends the %s JSON to b: its kind and the members its\n// kind names", possessive(n))
	if text != "" {
		g.printf(", then its text for people")
	}
	g.printf(".\n")
	g.printf("func (%s %s) AppendJSON(b []byte) ([]byte, error) {\n", v, t.name)
	failing := false
	for _, m := range ms {
		_, fails := m.t.appendExpr(v + "." + m.field)
		failing = failing || fails
	}
	if failing {
		g.printf("\tvar err error\n")
	}
	// A member after one that every value holds follows a comma; one
	// after members that may be missing looks whether any is there.
	dynamic := len(ms) > 1 && presence(v, ms[0], false) != ""
	if dynamic {
		g.printf("\tstart := len(b) + 1\n")
	}
	open := "{"   // the object's brace, appended with its first member's name
	held := false // a member every value holds is written
	for i, m := range ms {
		cond := presence(v, m, false)
		indent := "\t"
		if cond != "" {
			g.printf("\tif %s {\n", cond)
			indent = "\t\t"
		}
		if cond != "" && open != "" {
			g.printf("\tb = append(b, '{')\n")
			open = ""
		}
		switch {
		case i == 0:
			g.printf("%sb = append(b, `%s\"%s\":`...)\n", indent, open, m.name)
			open = ""
		case held:
			g.printf("%sb = append(b, `,\"%s\":`...)\n", indent, m.name)
		default:
			g.printf("%sif len(b) > start {\n%s\tb = append(b, ',')\n%s}\n%sb = append(b, `\"%s\":`...)\n", indent, indent, indent, indent, m.name)
		}
		code, fails := m.t.appendExpr(v + "." + m.field)
		if fails {
			g.printf("%sif b, err = %s; err != nil {\n%s\treturn b, err\n%s}\n", indent, code, indent, indent)
		} else {
			if strings.HasPrefix(code, "strconv.") {
				g.uses["strconv"] = true
			}
			g.printf("%sb = %s\n", indent, code)
		}
		if cond != "" {
			g.printf("\t}\n")
		}
		held = held || cond == ""
	}
	if text != "" {
		g.printf("\treturn cardjson.EndWithText(b, %s.%s)\n}\n\n", v, text)
	} else {
		g.printf("\treturn append(b, '}'), nil\n}\n\n")
	}

	// MarshalJSON.
	g.printf("// MarshalJSON encodes the %s as AppendJSON does.\n", n)
	g.printf("func (%s %s) MarshalJSON() ([]byte, error) { return cardjson.Marshal(%s) }\n\n", v, t.name, v)

	// UnmarshalJSON.
	desc := what(t, article(n))
	g.printf("// UnmarshalJSON decodes what AppendJSON appends. It checks the %s\n// form — a kind, the members its kind names and no others — ", possessive(n))
	if t.role == "move" {
		g.printf("not\n// whether it is legal: Apply does that.\n")
	} else {
		g.printf("not\n// whether it could have happened.\n")
	}
	g.printf("func (%s *%s) UnmarshalJSON(b []byte) error {\n\tvar d %s\n", v, t.name, t.name)
	for _, m := range ms {
		if m.t.shape == narrow {
			g.printf("\tvar %s int\n", local(m))
		}
	}
	g.printf("\thas, err := cardjson.DecodeFields(b, %q, []cardjson.Field{\n", desc)
	for _, m := range ms {
		if m.t.shape == narrow {
			g.printf("\t\t{Name: %q, Ptr: &%s},\n", m.name, local(m))
		} else {
			g.printf("\t\t%s,\n", g.fieldLit("", m, "d."+m.field))
		}
	}
	if text != "" {
		g.printf("\t\t{Name: \"text\", Ptr: new(cardjson.Skip)},\n")
	}
	g.printf("\t})\n\tif err != nil {\n\t\treturn err\n\t}\n")
	for _, m := range ms {
		if m.t.shape == narrow {
			g.printf("\tif err := cardjson.SetInt(&d.%s, %s, %q); err != nil {\n\t\treturn err\n\t}\n", m.field, local(m), m.name)
		}
	}
	kindBit := 0
	for i, m := range ms {
		if m.name == "kind" {
			kindBit = i
		}
	}
	g.printf("\tif has&(1<<%d) == 0 || d.%s == 0 {\n\t\treturn cards.BadInput(\"%%s names its kind: %s\", %q)\n\t}\n", kindBit, kind.field, strings.Join(nonEmpty(codes), ", "), desc)
	var must, may uint64
	for i, m := range ms {
		if len(m.kinds) == 0 {
			must |= 1 << i
			may |= 1 << i
		}
	}
	if text != "" {
		may |= 1 << len(ms)
	}
	g.printf("\tmust, may := uint64(%#x), uint64(%#x)\n", must, may)
	for i, m := range ms {
		if len(m.kinds) == 0 {
			continue
		}
		req, may := presence("d", m, true), allowed("d", m)
		if req == may {
			g.printf("\tif %s {\n\t\tmust, may = must|1<<%d, may|1<<%d // %s\n\t}\n", req, i, i, m.name)
			continue
		}
		if req != "false" {
			g.printf("\tif %s {\n\t\tmust |= 1 << %d // %s\n\t}\n", req, i, m.name)
		}
		g.printf("\tif %s {\n\t\tmay |= 1 << %d // %s\n\t}\n", may, i, m.name)
	}
	g.printf("\tif err := cardjson.CheckMembers(has, must, may, %s[:], %q, %sCodes.Name(d.%s)); err != nil {\n\t\treturn err\n\t}\n", names, desc, lowerFirst(kind.t.local.name), kind.field)
	if seats := arg(t, "seats", ""); seats != "" {
		for _, m := range ms {
			if m.t.known == "Player" {
				g.printf("\tif !d.%s.Valid(%s) {\n\t\treturn cards.BadInput(\"%%s names player %%d as its %s: a seat is a number from 0 to %%d\", %q, d.%s, %s-1)\n\t}\n", m.field, seats, m.name, desc, m.field, seats)
			}
		}
	}
	if g.p.has(t.name, "decoded") {
		g.printf("\tif err := d.decoded(); err != nil {\n\t\treturn err\n\t}\n")
	}
	g.printf("\t*%s = d\n\treturn nil\n}\n\n", v)

	if t.role == "event" {
		g.printf("// EventKind returns the name of the event's kind, as its JSON names it.\n")
		g.printf("func (%s %s) EventKind() string { return %sCodes.Name(%s.%s) }\n\n", v, t.name, lowerFirst(kind.t.local.name), v, kind.field)
	}
	return nil
}

// local returns the name of the variable a narrow member decodes into.
func local(m member) string { return m.name + "Number" }

// nonEmpty returns the names that are not "".
func nonEmpty(codes []string) []string {
	var out []string
	for _, c := range codes {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// presence returns the Go condition under which the value v holds member
// m ("" for always): its kinds, an optional kind's when its value is not
// zero, and its when. required leaves the optional kinds out: the
// condition under which the member must be present.
func presence(v string, m member, required bool) string {
	if len(m.kinds) == 0 {
		return ""
	}
	var terms []string
	for _, k := range m.kinds {
		switch {
		case !k.optional:
			terms = append(terms, fmt.Sprintf("%s.Kind == %s", v, k.c.name))
		case !required:
			terms = append(terms, fmt.Sprintf("%s.Kind == %s && %s", v, k.c.name, m.t.nonzero(v+"."+m.field)))
		}
	}
	if len(terms) == 0 {
		return "false"
	}
	cond := strings.Join(terms, " || ")
	if m.tag.when != "" {
		w := strings.ReplaceAll(m.tag.when, "\x00", v)
		cond = "(" + cond + ") && (" + w + ")"
	}
	return cond
}

// allowed returns the Go condition under which the value v may hold
// member m: its kinds, and its when.
func allowed(v string, m member) string {
	var terms []string
	for _, k := range m.kinds {
		terms = append(terms, fmt.Sprintf("%s.Kind == %s", v, k.c.name))
	}
	cond := strings.Join(terms, " || ")
	if m.tag.when != "" {
		w := strings.ReplaceAll(m.tag.when, "\x00", v)
		cond = "(" + cond + ") && (" + w + ")"
	}
	return cond
}

// rename returns a when expression with its value x marked, so that
// presence can name it after the receiver of the code it writes.
func rename(expr, _ string) (string, error) {
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	last := 0
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if ok && id.Name == "x" {
			at := int(id.Pos()) - 1
			b.WriteString(expr[last:at])
			b.WriteString("\x00")
			last = at + 1
		}
		return true
	})
	b.WriteString(expr[last:])
	return b.String(), nil
}
