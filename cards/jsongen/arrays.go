package main

import "fmt"

// arrayPtr returns the Ptr of a Field of x, an array member of an object:
// x as an adapter type whose JSON is an array of its elements, each as a
// Field's value.
func (g *gen) arrayPtr(v *vtype, x string) string {
	name, ok := g.arrays[v.expr]
	if !ok {
		if g.arrays == nil {
			g.arrays = map[string]string{}
		}
		name = fmt.Sprintf("array%d", len(g.arrays)+1)
		g.arrays[v.expr] = name
		g.arrayOrder = append(g.arrayOrder, v)
	}
	return fmt.Sprintf("(*%s)(&%s)", name, x)
}

// genArrays writes the adapters of the arrays of objects: of one or two
// dimensions, of the length of their type.
func (g *gen) genArrays() {
	for _, v := range g.arrayOrder {
		a := g.arrays[v.expr]
		g.printf("// %s is a %s in JSON: an array of its elements.\n", a, v.expr)
		g.printf("type %s %s\n\n", a, v.expr)
		g.printf("// AppendJSON appends the array's JSON to b.\n")
		if v.elem.shape == array {
			g.printf("func (a *%s) AppendJSON(b []byte) ([]byte, error) {\n", a)
			g.printf("\tb = append(b, '[')\n\tfor i := range a {\n\t\tif i > 0 {\n\t\t\tb = append(b, ',')\n\t\t}\n")
			g.printf("\t\tvar err error\n\t\tif b, err = cardjson.AppendList(b, a[i][:]); err != nil {\n\t\t\treturn b, err\n\t\t}\n\t}\n")
			g.printf("\treturn append(b, ']'), nil\n}\n\n")
			g.printf("// UnmarshalJSON decodes what AppendJSON appends: rows of their lengths.\n")
			g.printf("func (a *%s) UnmarshalJSON(b []byte) error {\n", a)
			g.printf("\treturn cardjson.DecodeArray(b, len(a), func(i int, row []byte) error {\n")
			g.printf("\t\treturn cardjson.DecodeArray(row, len(a[i]), func(j int, e []byte) error { return cardjson.DecodeValue(e, &a[i][j]) })\n\t})\n}\n\n")
			continue
		}
		g.printf("func (a *%s) AppendJSON(b []byte) ([]byte, error) { return cardjson.AppendList(b, a[:]) }\n\n", a)
		g.printf("// UnmarshalJSON decodes what AppendJSON appends: an array of its length.\n")
		g.printf("func (a *%s) UnmarshalJSON(b []byte) error {\n", a)
		g.printf("\treturn cardjson.DecodeArray(b, len(a), func(i int, e []byte) error { return cardjson.DecodeValue(e, &a[i]) })\n}\n\n")
	}
}
