package breached

import (
	"bytes"
	"runtime"
	"sort"
	"testing"
)

func TestListShape(t *testing.T) {
	if n := Len(); n < 100000 {
		t.Fatalf("list has %d entries, want at least 100,000", n)
	}
	if len(packed) > 1<<20 {
		t.Fatalf("embedded list is %d bytes compressed, keep it under 1 MiB", len(packed))
	}
	// Sorted, unique, lower-case printable ASCII: what contains' binary search relies on.
	if !sort.SliceIsSorted(starts, func(i, j int) bool { return bytes.Compare(entry(i), entry(j)) < 0 }) {
		t.Fatal("list not sorted")
	}
	for i := range starts {
		e := entry(i)
		if i > 0 && bytes.Equal(e, entry(i-1)) {
			t.Fatalf("duplicate %q", e)
		}
		if len(e) < 6 || len(e) > 20 || !bytes.Equal(e, bytes.ToLower(e)) {
			t.Fatalf("entry %d %q: want 6–20 lower-case characters", i, e)
		}
		for _, c := range e {
			if c < 0x20 || c > 0x7e {
				t.Fatalf("entry %d %q is not printable ASCII", i, e)
			}
		}
	}
}

func TestCommon(t *testing.T) {
	cases := map[string]bool{
		// Spec-valid passwords built on a top breached password.
		"Password@123": true, // password123
		"PASSWORD@123": true, // case does not matter
		"Welcome@123":  true, // welcome123
		"India@123":    true, // india123
		"P@ssw0rd":     true, // @ read as a: passw0rd
		"P@$$w0rd!":    true, // passw0rd
		"Qwerty@123":   true, // qwerty123
		"Abc@12345":    true, // abc12345
		"!Iloveyou1":   true, // iloveyou1
		// Not in the list in any form.
		"Kochi#2027x":        false,
		"Vq7!mZp2#tLw":       false,
		"Tfm@Matrimony9":     false,
		"Xk9#mQ2!":           false,
		"Correct^Horse7":     false,
		"Madurai!2028":       false,
		"Synthetic$Teak9Owl": false,
	}
	for p, want := range cases {
		if got := Common(p); got != want {
			t.Errorf("Common(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestContainsEdges(t *testing.T) {
	first, last := string(entry(0)), string(entry(len(starts)-1))
	for _, k := range []string{first, last} {
		if !contains(k) {
			t.Errorf("contains(%q) = false for a listed entry", k)
		}
	}
	for _, k := range []string{"", " ", first[:len(first)-1], last + "~", "\x7f"} {
		if contains(k) {
			t.Errorf("contains(%q) = true", k)
		}
	}
}

func TestStrip(t *testing.T) {
	cases := []struct {
		in          string
		plain, leet string
	}{
		{"password123", "password123", "password123"},
		{"p@$$w0rd!", "pw0rd", "passw0rd"},
		{"a!b@c#d$e%f^g&h*i", "abcdefghi", "abacdsefghi"},
	}
	for _, c := range cases {
		if got := strip(c.in, false); got != c.plain {
			t.Errorf("strip(%q) = %q, want %q", c.in, got, c.plain)
		}
		if got := strip(c.in, true); got != c.leet {
			t.Errorf("strip(%q, leet) = %q, want %q", c.in, got, c.leet)
		}
	}
}

// TestHeapCost logs what the loaded list costs on the heap (run with -v); it
// fails only if the cost grows far past the documented 2.5 MB.
func TestHeapCost(t *testing.T) {
	Load()
	cost := cap(blob) + 4*cap(starts)
	t.Logf("%d entries: %d bytes of text + %d bytes of offsets = %.2f MB on the heap (%d bytes embedded)",
		len(starts), cap(blob), 4*cap(starts), float64(cost)/1e6, len(packed))
	if cost > 4<<20 {
		t.Fatalf("list costs %d bytes of heap", cost)
	}
}

// BenchmarkCommon measures a lookup that misses, the usual case (all three forms are searched).
func BenchmarkCommon(b *testing.B) {
	Load()
	b.ReportAllocs()
	for b.Loop() {
		if Common("Kochi#2027x") {
			b.Fatal("listed")
		}
	}
}

// BenchmarkCommonHit measures a lookup found on the first form.
func BenchmarkCommonHit(b *testing.B) {
	Load()
	b.ReportAllocs()
	for b.Loop() {
		if !Common("abc12345") {
			b.Fatal("not listed")
		}
	}
}

// BenchmarkLoad measures decompressing the list (paid once per process) and its heap cost.
func BenchmarkLoad(b *testing.B) {
	var before, after runtime.MemStats
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		blob, starts = nil, nil
		runtime.GC()
		runtime.ReadMemStats(&before)
		b.StartTimer()
		load()
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.StartTimer()
	}
	b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "heap-B")
}
