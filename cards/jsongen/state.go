package main

import (
	"fmt"
	"go/ast"
	"unicode"
)

// genState writes the codec of a game's state: its JSON form (a struct of
// its members as JSON holds them, generated from the state's tagged
// fields), the conversions between the two, and the state's methods.
//
// A state's directive names the Go expressions of its game's name and of
// its encoding's version: //cards:json state gameName stateVersion. Its
// field of type cards.Log gives the header (game, version, events,
// noLog); its tagged fields are its members, in their order.
func (g *gen) genState(t *decl) error {
	if len(t.args) < 2 {
		return fmt.Errorf("%s: a state's directive names its game and version: //cards:json state gameName stateVersion", g.p.where(t.spec))
	}
	game, version := t.args[0], t.args[1]
	logField, err := g.logField(t)
	if err != nil {
		return err
	}
	ms, err := g.p.members(t, "", true)
	if err != nil {
		return err
	}
	for _, m := range ms {
		switch m.name {
		case "game", "version", "events", "noLog":
			return fmt.Errorf("%s: a state's member %q is the header's", g.p.where(m.pos), m.name)
		}
		if err := g.checkStateMember(m); err != nil {
			return err
		}
	}
	form := lowerFirst(t.name) + "Form"
	g.stateName = t.name
	g.uses["cards"], g.uses["cardjson"] = true, true

	// The form.
	g.printf("// %s is a %s as its JSON holds it: the members its declaration\n// tags, each as JSON reads it, and room for their slices and list of\n// fields, so that an encoding allocates nothing but itself.\n", form, t.name)
	g.printf("type %s struct {\n\tcardjson.Header\n", form)
	for _, m := range ms {
		g.printf("\t%s %s\n", formField(m), jsonType(m.t))
	}
	g.printf("\n")
	for _, m := range ms {
		if room := roomType(m.t); room != "" {
			g.printf("\t%s %s\n", roomName(m), room)
		}
		if m.t.shape == array && m.t.elem.shape == array {
			g.printf("\t%sRows [%s]%s\n", roomName(m), m.t.n, jsonType(m.t.elem))
		}
	}
	g.printf("\tfields [%d]cardjson.Field\n}\n\n", len(ms)+4)

	// Its fields.
	g.printf("// Fields lists the members of a %s JSON, in order.\n", possessive(noun(t)))
	g.printf("func (f *%s) Fields() []cardjson.Field {\n\treturn append(f.Header.AppendFields(f.fields[:0]),\n", form)
	for _, m := range ms {
		jt := *m.t
		if m.t.shape == array {
			jt = vtype{shape: slice, elem: jsonElem(m.t.elem), expr: jsonType(m.t)}
		} else if m.t.shape == narrow {
			jt = vtype{shape: scalar, basic: "int", expr: "int"}
		}
		g.printf("\t\t%s,\n", g.fieldLit("cardjson.Field", member{name: m.name, t: &jt, tag: m.tag}, "f."+formField(m)))
	}
	g.printf("\t)\n}\n\n")

	// From a state to its form.
	s := recv(t.name)
	g.printf("// form returns the %s JSON form.\n", possessive(noun(t)))
	g.printf("func (%s *%s) form() (*%s, error) {\n", s, t.name, form)
	g.printf("\tf := &%s{Header: cardjson.HeaderOf(%s, %s, %s.%s)}\n", form, game, version, s, logField)
	seats := false
	for _, m := range ms {
		seats = seats || m.tag.seats
	}
	if seats {
		g.printf("\tn := %s.Players()\n", s)
		g.printf("\tif n < 1 {\n\t\treturn nil, cards.BadInput(\"a %s of %%d players is no game\", n)\n\t}\n", noun(t))
	}
	for _, m := range ms {
		g.encodeMember(s, m)
	}
	g.printf("\treturn f, nil\n}\n\n")

	// From a form to its state.
	g.printf("// state builds the %s its JSON form describes, checking that each\n// member fits its field; the %s's Check does the rest.\n", noun(t), noun(t))
	g.printf("func (f *%s) state() (%s %s, err error) {\n", form, s, t.name)
	g.printf("\t%s.%s = f.Header.Log()\n", s, logField)
	for _, m := range ms {
		if m.t.shape != array {
			g.decodeMember(s, m)
		}
	}
	if seats {
		g.printf("\tn := %s.Players()\n", s)
	}
	for _, m := range ms {
		if m.t.shape == array {
			g.decodeMember(s, m)
		}
	}
	if g.p.has(t.name, "decoded") {
		g.printf("\tif err := %s.decoded(); err != nil {\n\t\treturn %s{}, err\n\t}\n", s, t.name)
	}
	g.printf("\treturn %s, nil\n}\n\n", s)

	// The state's methods.
	g.printf("// AppendJSON appends the whole %s JSON to b, secrets and random\n// source included: a server keeps it and sends players views, never\n// states.\n", possessive(noun(t)))
	g.printf("func (%s %s) AppendJSON(b []byte) ([]byte, error) { return cardjson.StateOf(%s.form()).AppendJSON(b) }\n\n", s, t.name, s)
	g.printf("// Fields lists the members of the %s JSON, each with its value, as\n// AppendJSON writes them: for encoders that work member by member\n// (cardjson.Object). A %s that is no game has none.\n", possessive(noun(t)), t.name)
	g.printf("func (%s %s) Fields() []cardjson.Field { return cardjson.StateOf(%s.form()).Fields() }\n\n", s, t.name, s)
	g.printf("// MarshalJSON encodes the %s as AppendJSON does.\n", noun(t))
	g.printf("func (%s %s) MarshalJSON() ([]byte, error) { return cardjson.Marshal(%s) }\n\n", s, t.name, s)
	g.printf("// UnmarshalJSON decodes a %s and checks it: a %s that breaks the\n// rules is refused with an error wrapping cards.ErrBadInput.\n", noun(t), noun(t))
	g.printf("func (%s *%s) UnmarshalJSON(b []byte) error {\n\treturn cardjson.DecodeForm(%s, b, %s, %s, (*%s).state)\n}\n\n", s, t.name, s, game, version, form)
	return nil
}

// logField returns the name of the state's field of type cards.Log.
func (g *gen) logField(t *decl) (string, error) {
	st, err := g.p.structOf(t)
	if err != nil {
		return "", err
	}
	for _, f := range st.Fields.List {
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Log" && len(f.Names) == 1 {
			return f.Names[0].Name, nil
		}
	}
	return "", fmt.Errorf("%s: state %s has no field of type cards.Log, which its header tells", g.p.where(t.spec), t.name)
}

// checkStateMember checks that the generator can convert a state's
// member: scalars, narrow integers, and arrays of these (seats, len= or
// of their full length), of at most two dimensions.
func (g *gen) checkStateMember(m member) error {
	v := m.t
	switch v.shape {
	case scalar, narrow:
		if m.tag.seats || m.tag.length != "" {
			return fmt.Errorf("%s: member %s is no array: seats and len= are for arrays", g.p.where(m.pos), m.name)
		}
		return nil
	case slice:
		return fmt.Errorf("%s: member %s is a slice: a state's member is an array (seats, len=field or whole)", g.p.where(m.pos), m.name)
	}
	if v.elem.shape == slice || (v.elem.shape == array && (v.elem.elem.shape == array || v.elem.elem.shape == slice)) {
		return fmt.Errorf("%s: member %s has more than two dimensions", g.p.where(m.pos), m.name)
	}
	if v.elem.shape == array && (m.tag.seats || m.tag.length != "") {
		return fmt.Errorf("%s: member %s: an array of arrays has its full length", g.p.where(m.pos), m.name)
	}
	if m.tag.seats && m.tag.length != "" {
		return fmt.Errorf("%s: member %s is seats or len=, not both", g.p.where(m.pos), m.name)
	}
	return nil
}

// formField returns the name of a member's field in the form: its name,
// capitalized.
func formField(m member) string {
	r := []rune(m.name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// roomName returns the name of a member's room in the form.
func roomName(m member) string { return m.name + "Room" }

// jsonElem returns the type of an element as JSON holds it.
func jsonElem(v *vtype) *vtype {
	switch v.shape {
	case narrow:
		return &vtype{shape: scalar, basic: "int", expr: "int"}
	case array:
		return &vtype{shape: slice, elem: jsonElem(v.elem), expr: jsonType(v)}
	}
	return v
}

// jsonType returns the Go type of a member's value as JSON holds it.
func jsonType(v *vtype) string {
	switch v.shape {
	case narrow:
		return "int"
	case array:
		return "[]" + jsonType(v.elem)
	}
	return v.expr
}

// roomType returns the type of the room an array member's slice takes in
// the form: a copy of the array, or its numbers as ints.
func roomType(v *vtype) string {
	if v.shape != array {
		return ""
	}
	if v.elem.shape == array {
		return fmt.Sprintf("[%s][%s]%s", v.n, v.elem.n, jsonType(v.elem.elem))
	}
	return fmt.Sprintf("[%s]%s", v.n, jsonType(v.elem))
}

// count returns the Go expression of the number of an array member's
// elements in the state s: its players, its length field, or its length.
func count(s string, m member) string {
	switch {
	case m.tag.seats:
		return "n"
	case m.tag.length != "":
		return fmt.Sprintf("int(%s.%s)", s, m.tag.length)
	}
	return fmt.Sprintf("len(%s.%s)", s, m.field)
}

// encodeMember writes the code that sets a member of the form f from
// the state s.
func (g *gen) encodeMember(s string, m member) {
	x, ff, room := s+"."+m.field, "f."+formField(m), "f."+roomName(m)
	v := m.t
	switch v.shape {
	case scalar:
		g.printf("\t%s = %s\n", ff, x)
		return
	case narrow:
		g.printf("\t%s = int(%s)\n", ff, x)
		return
	}
	if v.elem.shape == array {
		g.printf("\tfor i := range %s {\n", x)
		if v.elem.elem.shape == narrow {
			g.printf("\t\tfor j, e := range %s[i] {\n\t\t\t%s[i][j] = int(e)\n\t\t}\n", x, room)
		} else {
			g.printf("\t\t%s[i] = %s[i]\n", room, x)
		}
		g.printf("\t\t%sRows[i] = %s[i][:]\n\t}\n", room, room)
		g.printf("\t%s = %sRows[:]\n", ff, room)
		return
	}
	k := count(s, m)
	if m.tag.seats || m.tag.length != "" {
		g.printf("\tif %s < 0 || %s > len(%s) {\n\t\treturn nil, cards.BadInput(\"%s holds %%d entries, more than its %%d\", %s, len(%s))\n\t}\n", k, k, x, m.name, k, x)
	}
	if v.elem.shape == narrow {
		g.printf("\tfor i, e := range %s[:%s] {\n\t\t%s[i] = int(e)\n\t}\n", x, k, room)
	} else {
		g.printf("\t%s = %s\n", room, x)
	}
	if m.tag.seats || m.tag.length != "" {
		g.printf("\t%s = %s[:%s]\n", ff, room, k)
	} else {
		g.printf("\t%s = %s[:]\n", ff, room)
	}
}

// decodeMember writes the code that sets a member of the state s from
// the form f, checking that its value fits.
func (g *gen) decodeMember(s string, m member) {
	x, ff := s+"."+m.field, "f."+formField(m)
	v := m.t
	switch v.shape {
	case scalar:
		g.printf("\t%s = %s\n", x, ff)
		return
	case narrow:
		g.printf("\tif err := cardjson.SetInt(&%s, %s, %q); err != nil {\n\t\treturn %s, err\n\t}\n", x, ff, m.name, g.stateZero(s))
		return
	}
	switch {
	case v.elem.shape == array:
		g.printf("\tif len(%s) != len(%s) {\n\t\treturn %s, cards.BadInput(\"%s holds %%d rows, not %%d\", len(%s), len(%s))\n\t}\n", ff, x, g.stateZero(s), m.name, ff, x)
		g.printf("\tfor i, row := range %s {\n", ff)
		g.printf("\t\tif len(row) != len(%s[i]) {\n\t\t\treturn %s, cards.BadInput(\"%s holds rows of %%d, not %%d\", len(%s[i]), len(row))\n\t\t}\n", x, g.stateZero(s), m.name, x)
		if v.elem.elem.shape == narrow {
			g.printf("\t\tfor j, e := range row {\n\t\t\tif err := cardjson.SetInt(&%s[i][j], e, %q); err != nil {\n\t\t\t\treturn %s, err\n\t\t\t}\n\t\t}\n", x, m.name, g.stateZero(s))
		} else {
			g.printf("\t\tcopy(%s[i][:], row)\n", x)
		}
		g.printf("\t}\n")
		return
	case m.tag.seats:
		g.printf("\tif len(%s) != n || n > len(%s) {\n\t\treturn %s, cards.BadInput(\"%s holds %%d entries, not one for each of the %%d players\", len(%s), n)\n\t}\n", ff, x, g.stateZero(s), m.name, ff)
	case m.tag.length != "":
		g.printf("\tif len(%s) > len(%s) {\n\t\treturn %s, cards.BadInput(\"%s holds %%d entries, more than %%d\", len(%s), len(%s))\n\t}\n", ff, x, g.stateZero(s), m.name, ff, x)
		g.printf("\tif err := cardjson.SetInt(&%s.%s, len(%s), %q); err != nil {\n\t\treturn %s, err\n\t}\n", s, m.tag.length, ff, m.name, g.stateZero(s))
	default:
		g.printf("\tif len(%s) != len(%s) {\n\t\treturn %s, cards.BadInput(\"%s holds %%d entries, not %%d\", len(%s), len(%s))\n\t}\n", ff, x, g.stateZero(s), m.name, ff, x)
	}
	if v.elem.shape == narrow {
		g.printf("\tfor i, e := range %s {\n\t\tif err := cardjson.SetInt(&%s[i], e, %q); err != nil {\n\t\t\treturn %s, err\n\t\t}\n\t}\n", ff, x, m.name, g.stateZero(s))
	} else {
		g.printf("\tcopy(%s[:], %s)\n", x, ff)
	}
}

// stateZero returns the zero value the state's decoding returns on an
// error.
func (g *gen) stateZero(string) string { return g.stateName + "{}" }
