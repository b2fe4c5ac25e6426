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
	names, forms := lowerFirst(t.name)+"Members", lowerFirst(t.name)+"Forms"
	quoted := make([]string, 0, len(ms)+1)
	for _, m := range ms {
		quoted = append(quoted, fmt.Sprintf("%q", m.name))
	}
	if text != "" {
		quoted = append(quoted, `"text"`)
	}
	g.printf("// %s names the members of %s JSON, in order: bit i of a\n// cardjson.Form is member i.\n", names, article(possessive(n)))
	g.printf("var %s = [...]string{%s}\n\n", names, strings.Join(quoted, ", "))

	// The forms of the kinds: which members each names.
	_, consts, _ := g.p.codes(kind.t.local)
	g.printf("// %s tells the members each kind names, beside those every %s\n// holds.\n", forms, n)
	g.printf("var %s = [...]cardjson.Form{\n", forms)
	for _, c := range consts {
		var f [3]uint64
		var named []string
		for i, m := range ms {
			for _, k := range m.kinds {
				if k.c.value != c.value {
					continue
				}
				switch {
				case m.tag.when != "":
					f[2] |= 1 << i
				case k.optional:
					f[1] |= 1 << i
				default:
					f[0] |= 1 << i
				}
				named = append(named, m.name)
			}
		}
		if c.value == 0 {
			continue
		}
		var parts []string
		for j, label := range []string{"Must", "May", "When"} {
			if f[j] != 0 {
				parts = append(parts, fmt.Sprintf("%s: %#x", label, f[j]))
			}
		}
		comment := ""
		if len(named) > 0 {
			comment = " // " + strings.Join(named, ", ")
		}
		g.printf("\t%s: {%s},%s\n", c.name, strings.Join(parts, ", "), comment)
	}
	g.printf("}\n\n")
	g.printf("// form returns the form of the %s kind, or none for a kind out of range.\n", possessive(n))
	g.printf("func (%s %s) form() cardjson.Form {\n\tif int(%s.%s) < len(%s) {\n\t\treturn %s[%s.%s]\n\t}\n\treturn cardjson.Form{}\n}\n\n", v, t.name, v, kind.field, forms, forms, v, kind.field)

	// AppendJSON.
	g.printf("// AppendJSON appends the %s JSON to b: its kind and the members its\n// kind names", possessive(n))
	if text != "" {
		g.printf(", then its text for people")
	}
	g.printf(".\n")
	g.printf("func (%s %s) AppendJSON(b []byte) ([]byte, error) {\n", v, t.name)
	if text == "" {
		g.appendEvent(v, ms)
	} else {
		g.appendMove(v, ms, text)
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
	var always uint64
	for i, m := range ms {
		if len(m.kinds) == 0 {
			always |= 1 << i
		}
	}
	textBit := uint64(0)
	if text != "" {
		textBit = 1 << len(ms)
	}
	g.printf("\tf := d.form()\n\tmust, may := %#x|f.Must, %#x|f.Must|f.May\n", always, always|textBit)
	for i, m := range ms {
		if m.tag.when != "" {
			g.printf("\tif f.When&(1<<%d) != 0 && (%s) {\n\t\tmust, may = must|1<<%d, may|1<<%d // %s\n\t}\n", i, strings.ReplaceAll(m.tag.when, "\x00", "d"), i, i, m.name)
		}
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

// appendMove writes the body of a move's AppendJSON: its members by a
// cardjson.Writer, then its text, which the method text appends.
func (g *gen) appendMove(v string, ms []member, text string) {
	g.printf("\tw := cardjson.NewWriter(b)\n")
	conditional := false
	for _, m := range ms {
		conditional = conditional || len(m.kinds) > 0
	}
	if conditional {
		g.printf("\tf := %s.form()\n", v)
	}
	g.eachMember(v, ms, g.writeMember)
	g.printf("\treturn w.EndWithText(%s.%s)\n}\n\n", v, text)
}

// eachMember writes each member of ms with write, inside the test of
// its presence where it has one.
func (g *gen) eachMember(v string, ms []member, write func(indent, v string, m member)) {
	for i, m := range ms {
		cond := presence(v, m, i)
		indent := "\t"
		if cond != "" {
			g.printf("\tif %s {\n", cond)
			indent = "\t\t"
		}
		write(indent, v, m)
		if cond != "" {
			g.printf("\t}\n")
		}
	}
}

// appendEvent writes the body of an event data's AppendJSON, which the
// JSON face calls for every event of every move: each member appended in
// place after a comma, the first comma then made the object's opening
// brace, with no Writer and no call per member but the value's own.
func (g *gen) appendEvent(v string, ms []member) {
	g.printf("\tstart := len(b)\n\tvar err error\n")
	for _, m := range ms {
		if len(m.kinds) > 0 {
			g.printf("\tf := %s.form()\n", v)
			break
		}
	}
	g.eachMember(v, ms, g.eventMember)
	g.printf("\tif len(b) == start {\n\t\treturn append(b, '{', '}'), nil\n\t}\n")
	g.printf("\tb[start] = '{'\n\treturn append(b, '}'), nil\n}\n\n")
}

// eventMember writes the code that appends member m of the value v to b,
// after a comma, at indent; a value that can fail returns its error.
func (g *gen) eventMember(indent, v string, m member) {
	x, t := v+"."+m.field, m.t
	key := rawString(",\"" + m.name + "\":")
	check := func(call string) {
		g.printf("%sif b, err = %s; err != nil {\n%s\treturn b, err\n%s}\n", indent, call, indent, indent)
	}
	switch {
	case t.shape == array:
		// Element by element, so that the value stays off the heap.
		g.printf("%sb = append(b, %s...)\n", indent, rawString(",\""+m.name+"\":["))
		g.printf("%sfor i, el := range %s {\n%s\tif i > 0 {\n%s\t\tb = append(b, ',')\n%s\t}\n", indent, x, indent, indent, indent)
		switch e := t.elem; {
		case e.shape == narrow, e.basic == "int", e.known == "Player":
			g.uses["strconv"] = true
			g.printf("%s\tb = strconv.AppendInt(b, int64(el), 10)\n", indent)
		default:
			check("cardjson.AppendText(b, el)")
		}
		g.printf("%s}\n%sb = append(b, ']')\n", indent, indent)
	case t.shape == narrow, t.basic == "int", t.basic == "int64", t.known == "Player":
		g.uses["strconv"] = true
		g.printf("%sb = strconv.AppendInt(append(b, %s...), int64(%s), 10)\n", indent, key, x)
	case t.basic == "bool":
		g.uses["strconv"] = true
		g.printf("%sb = strconv.AppendBool(append(b, %s...), %s)\n", indent, key, x)
	case t.basic == "string":
		check(fmt.Sprintf("cardjson.AppendString(append(b, %s...), %s)", key, x))
	case t.known == "Card", t.known == "Rank", t.enum():
		// Their names are letters and digits, which need no quoting.
		check(fmt.Sprintf("%s.AppendText(append(b, %s...))", x, rawString(",\""+m.name+"\":\"")))
		g.printf("%sb = append(b, '\"')\n", indent)
	case t.text:
		check(fmt.Sprintf("cardjson.AppendText(append(b, %s...), %s)", key, x))
	default:
		check(fmt.Sprintf("%s.AppendJSON(append(b, %s...))", x, key))
	}
}

// rawString returns s as a Go string literal, in back quotes where it can
// be.
func rawString(s string) string {
	if strings.ContainsAny(s, "`\r") {
		return fmt.Sprintf("%q", s)
	}
	return "`" + s + "`"
}

// writeMember writes the code that appends member m of the value v with
// the Writer w, at indent.
func (g *gen) writeMember(indent, v string, m member) {
	x, t := v+"."+m.field, m.t
	switch {
	case t.shape == array:
		// Element by element, so that the value stays off the heap.
		g.printf("%sif w.Key(%q) {\n%s\tw.B = append(w.B, '[')\n%s\tfor i, el := range %s {\n%s\t\tif i > 0 {\n%s\t\t\tw.B = append(w.B, ',')\n%s\t\t}\n", indent, m.name, indent, indent, x, indent, indent, indent)
		switch e := t.elem; {
		case e.shape == narrow, e.basic == "int", e.known == "Player":
			g.uses["strconv"] = true
			g.printf("%s\t\tw.B = strconv.AppendInt(w.B, int64(el), 10)\n", indent)
		default:
			g.printf("%s\t\tw.Append(cardjson.AppendText(w.B, el))\n", indent)
		}
		g.printf("%s\t}\n%s\tw.B = append(w.B, ']')\n%s}\n", indent, indent, indent)
	case t.shape == narrow, t.basic == "int", t.basic == "int64", t.known == "Player":
		g.printf("%sw.Int(%q, int64(%s))\n", indent, m.name, x)
	case t.basic == "bool":
		g.printf("%sw.Bool(%q, %s)\n", indent, m.name, x)
	case t.basic == "string":
		g.printf("%sw.String(%q, %s)\n", indent, m.name, x)
	case t.known == "Card", t.known == "Rank", t.enum(), t.text:
		g.printf("%sw.Text(%q, %s)\n", indent, m.name, x)
	case t.known == "Set":
		g.printf("%sw.Set(%q, %s)\n", indent, m.name, x)
	case t.known == "PlayerSet":
		g.printf("%sw.Players(%q, %s)\n", indent, m.name, x)
	default:
		g.printf("%sif w.Key(%q) {\n%s\tw.Append(%s.AppendJSON(w.B))\n%s}\n", indent, m.name, indent, x, indent)
	}
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

// presence returns the Go condition under which the value v, whose form
// is f, holds member m, bit i ("" for always): a kind that names it, one
// that names it when it is not zero, or one that names it when its when
// holds.
func presence(v string, m member, i int) string {
	if len(m.kinds) == 0 {
		return ""
	}
	if m.tag.when != "" {
		return fmt.Sprintf("f.When&(1<<%d) != 0 && (%s)", i, strings.ReplaceAll(m.tag.when, "\x00", v))
	}
	cond := fmt.Sprintf("f.Must&(1<<%d) != 0", i)
	for _, k := range m.kinds {
		if k.optional {
			return fmt.Sprintf("%s || f.May&(1<<%d) != 0 && %s", cond, i, m.t.nonzero(v+"."+m.field))
		}
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
