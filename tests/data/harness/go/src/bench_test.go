// Tiny Go benchmarks for fixprice's reader tests.  Built with the tag
// "fixed" (after the fix) BenchmarkCheck passes and the others do a
// little more work; without it BenchmarkCheck fails (b.Fatal).
// BenchmarkSkip is skipped in both.
package harness

import "testing"

var sink uint64
var keep []byte

func spin(n int) {
	for i := 0; i < n+n/8*extra; i++ {
		sink += uint64(i) * 2654435761
	}
}

func BenchmarkSpin(b *testing.B) {
	for i := 0; i < b.N; i++ {
		spin(512)
	}
}

func BenchmarkAlloc(b *testing.B) {
	for i := 0; i < b.N; i++ {
		keep = make([]byte, 64+16*extra)
	}
	b.ReportMetric(float64(64+16*extra), "bytes/item")
}

func BenchmarkSkip(b *testing.B) {
	b.Skip("needs a GPU")
}

func BenchmarkCheck(b *testing.B) {
	if !fixed {
		b.Fatal("wrong result: 41 != 42")
	}
	for i := 0; i < b.N; i++ {
		spin(256)
	}
}
