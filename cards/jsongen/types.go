package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"strings"
)

// The shapes of a member's Go type.
const (
	scalar = iota // a value the codec knows: cardjson.Field takes it as it is
	narrow        // an integer narrower than int: a number, converted
	slice         // a slice of elements
	array         // an array of a fixed length
)

// A vtype is a member's Go type and how it travels in JSON.
type vtype struct {
	expr  string // the type as written: "cards.Set", "[MaxPlayers]cards.Set"
	shape int
	elem  *vtype // of a slice or array
	n     string // an array's length, as written
	local *decl  // a type of the package, or nil
	known string // a type of package cards: "Card", "Set" …
	basic string // a built-in type: "int", "bool", "uint8" …
	text  bool   // a type of the package that appends itself as text
}

// The types of package cards that the codec knows, and their TypeScript.
var cardsTypes = map[string]string{
	"Card": "Card", "Set": "Card[]", "Player": "Player", "PlayerSet": "Player[]", "Rand": "string",
	"Seed": "Seed", "Result": "Result", "Rank": "Rank", "PerPlayer": "number[]",
}

// The built-in types a member may have.
var basics = map[string]int{
	"int": scalar, "int64": scalar, "float64": scalar, "bool": scalar, "string": scalar,
	"int8": narrow, "int16": narrow, "int32": narrow, "uint8": narrow, "byte": narrow, "uint16": narrow, "uint32": narrow,
}

// typeOf reads a member's Go type.
func (p *pkg) typeOf(e ast.Expr) (*vtype, error) {
	v := &vtype{expr: p.text(e)}
	switch e := e.(type) {
	case *ast.Ident:
		if shape, ok := basics[e.Name]; ok {
			v.shape, v.basic = shape, e.Name
			return v, nil
		}
		t := p.types[e.Name]
		if t == nil {
			return nil, fmt.Errorf("%s: type %s is not declared in package %s", p.where(e), e.Name, p.name)
		}
		if t.role == "" && t.ts == "" {
			return nil, fmt.Errorf("%s: type %s has no JSON declared: give it a //cards:json directive, or a //cards:ts line if it encodes itself", p.where(e), e.Name)
		}
		v.local = t
		v.text = t.role == "enum" || p.has(t.name, "AppendText")
		return v, nil
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok && x.Name == "cards" {
			if _, ok := cardsTypes[e.Sel.Name]; ok {
				v.known = e.Sel.Name
				return v, nil
			}
		}
		return nil, fmt.Errorf("%s: %s is no type the codec knows", p.where(e), v.expr)
	case *ast.ArrayType:
		elem, err := p.typeOf(e.Elt)
		if err != nil {
			return nil, err
		}
		v.elem = elem
		if e.Len == nil {
			v.shape = slice
		} else {
			v.shape, v.n = array, p.text(e.Len)
		}
		return v, nil
	}
	return nil, fmt.Errorf("%s: %s is no type the codec knows", p.where(e), v.expr)
}

// text returns the Go source of a node.
func (p *pkg) text(n ast.Node) string {
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), n)
	return b.String()
}

// direct reports whether a cardjson.Field takes a value of the type as it
// is, by a pointer to it.
func (v *vtype) direct() bool {
	switch v.shape {
	case scalar:
		return true
	case slice:
		e := v.elem
		switch {
		case e.shape == scalar && (e.basic == "int" || e.basic == "string"):
			return true
		case e.known == "Set" || e.known == "Player" || e.known == "Card":
			return true
		case e.shape == slice && (e.elem.known == "Card" || e.elem.basic == "int"):
			return true
		}
	}
	return false
}

// ptr returns the Ptr of a cardjson.Field that holds x, a value of the
// type: &x, or x as a cardjson.List when its elements are the package's.
func (v *vtype) ptr(x string) string {
	if v.shape == slice && !v.direct() {
		wrap := "List"
		if !v.elem.comparable() {
			wrap = "Slice"
		}
		return fmt.Sprintf("(*cardjson.%s[%s])(&%s)", wrap, v.elem.expr, x)
	}
	return "&" + x
}

// comparable reports whether values of the type are comparable with ==.
func (v *vtype) comparable() bool {
	switch {
	case v.shape == slice:
		return false
	case v.shape == array:
		return v.elem.comparable()
	case v.known == "Result":
		return false
	case v.local != nil:
		return localComparable(v.local.spec.Type)
	}
	return true
}

// localComparable reports whether a type of the package, by its
// definition, is comparable: no slice, map or function in it.
func localComparable(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.ArrayType:
		return e.Len != nil && localComparable(e.Elt)
	case *ast.StructType:
		for _, f := range e.Fields.List {
			if !localComparable(f.Type) {
				return false
			}
		}
		return true
	case *ast.MapType, *ast.FuncType, *ast.ChanType:
		return false
	}
	return true
}

// enum reports whether the type is an enumeration of the package.
func (v *vtype) enum() bool { return v.local != nil && v.local.role == "enum" }

// zero returns a Go condition that x, of the type, is not its zero value.
func (v *vtype) nonzero(x string) string {
	switch {
	case v.shape == narrow, v.basic == "int", v.basic == "int64", v.basic == "float64", v.enum(),
		v.known == "Card", v.known == "Player", v.known == "Rank", v.known == "Seed":
		return x + " != 0"
	case v.basic == "bool":
		return x
	case v.basic == "string":
		return x + ` != ""`
	case v.known == "PlayerSet":
		return x + " != 0"
	case v.shape == slice:
		return "len(" + x + ") > 0"
	}
	return fmt.Sprintf("%s != (%s{})", x, v.expr)
}

// tsOf returns the TypeScript of the type; named gives the names of the
// package's types in TypeScript, and uses collects the names the
// declarations take from the common file.
func (g *gen) tsOf(v *vtype, discriminant bool) string {
	switch {
	case v.shape == narrow || v.basic == "int" || v.basic == "int64" || v.basic == "float64":
		return "number"
	case v.basic == "bool":
		return "boolean"
	case v.basic == "string":
		return "string"
	case v.known != "":
		ts := cardsTypes[v.known]
		if name := strings.TrimSuffix(ts, "[]"); name != "string" && name != "number" {
			g.useCommon(name)
		}
		return ts
	case v.shape == slice || v.shape == array:
		e := g.tsOf(v.elem, false)
		if strings.Contains(e, "|") {
			e = "(" + e + ")"
		}
		if v.shape == array && isSmallInt(v.n) {
			parts := make([]string, atoi(v.n))
			for i := range parts {
				parts[i] = e
			}
			return "[" + strings.Join(parts, ", ") + "]"
		}
		return e + "[]"
	case v.local != nil:
		t := v.local
		if t.role == "" && !ast.IsExported(t.name) {
			return t.ts // of its own encoding, unnamed in TypeScript
		}
		if t.role == "enum" && !discriminant {
			codes, _, _ := g.p.codes(t)
			if len(codes) > 0 && codes[0] == "" {
				return `"" | ` + t.name
			}
		}
		return t.name
	}
	return "unknown"
}

func isSmallInt(s string) bool {
	n := atoi(s)
	return n > 0 && n <= 4
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return -1
		}
		n = n*10 + int(r-'0')
	}
	if s == "" {
		return -1
	}
	return n
}
