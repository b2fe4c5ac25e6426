package main

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// gen writes a package's codec (Go) and its TypeScript declarations.
type gen struct {
	p      *pkg
	b      bytes.Buffer // the Go declarations, after the imports
	ts     bytes.Buffer // the TypeScript declarations, after the imports
	common map[string]bool
	uses   map[string]bool // the imports the Go code needs

	stateName string // the state's type, while its codec is written
	events    bool   // the package declares its events' data, EventData

	arrays     map[string]string // the adapters of array types in objects, by the type
	arrayOrder []*vtype
}

func (g *gen) printf(format string, args ...any) { fmt.Fprintf(&g.b, format, args...) }

// useCommon notes that the TypeScript takes name from the common file,
// unless the package declares a type of that name.
func (g *gen) useCommon(name string) {
	if t := g.p.types[name]; t != nil && (t.role != "" || t.ts != "") {
		return
	}
	g.common[name] = true
}

// recv returns the receiver's name for methods of type t.
func recv(t string) string {
	r := string(unicode.ToLower([]rune(t)[0]))
	if r == "b" {
		return "x"
	}
	return r
}

// what returns the words that name a value of t in messages: the
// directive's own, or the type's name in lower case with an article.
func what(t *decl, def string) string {
	for _, a := range t.args {
		if strings.Contains(a, " ") {
			return a
		}
	}
	return def
}

// arg returns the directive's argument key=value's value, or def.
func arg(t *decl, key, def string) string {
	for _, a := range t.args {
		if v, ok := strings.CutPrefix(a, key+"="); ok {
			return v
		}
	}
	return def
}

// article returns s with its indefinite article: "a phase", "an ability".
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// possessive returns s's: "the view's", "the options'".
func possessive(s string) string {
	if strings.HasSuffix(s, "s") {
		return s + "'"
	}
	return s + "'s"
}

// noun returns the name of a value of type t in a doc comment ("view",
// "decreed").
func noun(t *decl) string {
	var words []string
	start := 0
	r := []rune(t.name)
	for i := 1; i <= len(r); i++ {
		if i == len(r) || unicode.IsUpper(r[i]) {
			words = append(words, strings.ToLower(string(r[start:i])))
			start = i
		}
	}
	return strings.Join(words, " ")
}

// genEnum writes an enumeration's names in JSON and its text methods.
func (g *gen) genEnum(t *decl) error {
	codes, _, err := g.p.codes(t)
	if err != nil {
		return err
	}
	desc := what(t, article(noun(t)))
	v := recv(t.name)
	quoted := make([]string, len(codes))
	for i, c := range codes {
		quoted[i] = fmt.Sprintf("%q", c)
	}
	g.uses["cards"] = true
	g.printf("// %sCodes names each %s in JSON.\n", lowerFirst(t.name), noun(t))
	g.printf("var %sCodes = cards.Enum[%s]{%s}\n\n", lowerFirst(t.name), t.name, strings.Join(quoted, ", "))
	g.printf("// MarshalText encodes the %s by its name in JSON.\n", noun(t))
	g.printf("func (%s %s) MarshalText() ([]byte, error) { return %sCodes.MarshalText(%s, %q) }\n\n", v, t.name, lowerFirst(t.name), v, desc)
	g.printf("// AppendText appends the %s name to b, as MarshalText encodes it.\n", possessive(noun(t)))
	g.printf("func (%s %s) AppendText(b []byte) ([]byte, error) { return %sCodes.AppendText(b, %s, %q) }\n\n", v, t.name, lowerFirst(t.name), v, desc)
	g.printf("// UnmarshalText decodes %s from its name.\n", article(noun(t)))
	g.printf("func (%s *%s) UnmarshalText(b []byte) error { return %sCodes.UnmarshalText(b, %s, %q) }\n\n", v, t.name, lowerFirst(t.name), v, desc)
	return nil
}

// genObject writes the codec of a struct whose JSON is an object of its
// members: options, a view, or a value of a view or a state.
func (g *gen) genObject(t *decl) error {
	ms, err := g.p.members(t, "", false)
	if err != nil {
		return err
	}
	v, n := recv(t.name), noun(t)
	g.uses["cardjson"] = true
	g.printf("// fields lists the members of the %s JSON, in order.\n", possessive(n))
	g.printf("func (%s *%s) fields() []cardjson.Field {\n", v, t.name)
	if t.role == "view" {
		if _, err := g.p.base(t); err != nil {
			return err
		}
		g.printf("\treturn append(cardjson.ViewFields(&%s.ViewBase),\n", v)
		for _, m := range ms {
			g.printf("\t\t%s,\n", g.fieldLit("cardjson.Field", m, v+"."+m.field))
		}
		g.printf("\t)\n}\n\n")
	} else {
		g.printf("\treturn []cardjson.Field{\n")
		for _, m := range ms {
			g.printf("\t\t%s,\n", g.fieldLit("", m, v+"."+m.field))
		}
		g.printf("\t}\n}\n\n")
	}
	g.printf("// AppendJSON appends the %s JSON to b.\n", possessive(n))
	g.printf("func (%s %s) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendFields(b, %s.fields()) }\n\n", v, t.name, v)
	g.printf("// MarshalJSON encodes the %s as AppendJSON does.\n", n)
	g.printf("func (%s %s) MarshalJSON() ([]byte, error) { return cardjson.Marshal(%s) }\n\n", v, t.name, v)
	if t.role == "options" {
		def := arg(t, "defaults", "DefaultOptions")
		g.printf("// UnmarshalJSON decodes options strictly, starting from %s(): a\n// member left out keeps its default, whatever *%s held, so that {} is\n// the game of the rules.\n", def, v)
		g.printf("func (%s *%s) UnmarshalJSON(b []byte) error {\n", v, t.name)
		g.printf("\td := %s()\n", def)
		g.printf("\tif _, err := cardjson.DecodeFields(b, %q, d.fields()); err != nil {\n\t\treturn err\n\t}\n", what(t, "options"))
		g.printf("\t*%s = d\n\treturn nil\n}\n\n", v)
		return nil
	}
	g.printf("// UnmarshalJSON decodes what AppendJSON appends, strictly.\n")
	g.printf("func (%s *%s) UnmarshalJSON(b []byte) error {\n", v, t.name)
	g.printf("\t_, err := cardjson.DecodeFields(b, %q, %s.fields())\n\treturn err\n}\n\n", what(t, article(n)), v)
	return nil
}

// fieldLit returns the composite literal of a member's cardjson.Field.
func (g *gen) fieldLit(typ string, m member, x string) string {
	omit := ""
	if m.tag.omitZero() {
		omit = ", OmitZero: true"
	}
	ptr := m.t.ptr(x)
	if m.t.shape == array {
		ptr = g.arrayPtr(m.t, x)
	}
	return fmt.Sprintf("%s{Name: %q, Ptr: %s%s}", typ, m.name, ptr, omit)
}

// omitZero reports whether the tag leaves out a zero value.
func (t tag) omitZero() bool { return t.omit }

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
