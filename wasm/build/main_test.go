package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestChosen reads -games: the games named, in the catalog's order;
// every game for none; an unknown name refused.
func TestChosen(t *testing.T) {
	all, err := chosen("")
	if err != nil || len(all) != 4 {
		t.Fatalf("every game: %d, %v", len(all), err)
	}
	some, err := chosen("packs, crown")
	if err != nil || !slices.Equal(names(some), []string{"crown", "packs"}) {
		t.Errorf("packs, crown: %v, %v", names(some), err)
	}
	if _, err := chosen("crown,poker"); err == nil || !strings.Contains(err.Error(), `"poker"`) {
		t.Errorf("an unknown game: %v", err)
	}
}

// TestCatalogOverlay checks the catalog an overlay gives the build of
// some games: the others' imports and entries are gone, the rest is the
// catalog's source as it is, and its files go once the build is done.
func TestCatalogOverlay(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	games, _ := chosen("crown,packs")
	name, cleanup, err := catalogOverlay(root, games)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var overlay struct{ Replace map[string]string }
	if err := json.Unmarshal(b, &overlay); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "cards", "catalog", "catalog.go")
	text, err := os.ReadFile(overlay.Replace[src])
	if err != nil {
		t.Fatalf("the overlay %s: %v", b, err)
	}
	for _, gone := range []string{`"github.com/cardrules/games/bastards"`, "bastards.Rules{}", "ninekingdoms.Rules{}"} {
		if strings.Contains(string(text), gone) {
			t.Errorf("the catalog of crown and packs holds %s", gone)
		}
	}
	for _, kept := range []string{"anygame.Of(crown.Rules{})", "anygame.Of(packs.Rules{})", "func Lookup"} {
		if !strings.Contains(string(text), kept) {
			t.Errorf("the catalog of crown and packs lacks %s", kept)
		}
	}
	cleanup()
	for _, f := range []string{name, overlay.Replace[src]} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s is left behind", f)
		}
	}
}
