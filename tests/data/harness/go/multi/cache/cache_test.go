// Package cache: BenchmarkGet (a name csrf has too), BenchmarkSize (sizes
// only: ns/op dropped by ReportMetric(0, "ns/op")), BenchmarkBuild (its
// own time unit only, build-real-ns/op, as bent reports builds).
package cache

import (
	"testing"
	"time"
)

var sink uint64
var keep []byte

func spin(n int) {
	for i := 0; i < n; i++ {
		sink += uint64(i) * 2654435761
	}
}

func BenchmarkGet(b *testing.B) {
	for i := 0; i < b.N; i++ {
		spin(300)
	}
}

func BenchmarkSize(b *testing.B) {
	for i := 0; i < b.N; i++ {
		keep = make([]byte, 128)
	}
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(128, "B/op")
}

func BenchmarkBuild(b *testing.B) {
	start := time.Now()
	for i := 0; i < b.N; i++ {
		spin(100)
	}
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N), "build-real-ns/op")
}
