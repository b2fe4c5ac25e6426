// Package readme runs the shell blocks of the module's README as they are
// written, in their order, against a server it starts, so that they
// cannot drift from what the module does (see its test).
package readme
