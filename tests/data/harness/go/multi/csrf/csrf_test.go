// Package csrf: BenchmarkGet (a name cache has too), BenchmarkToken
// (b.Fatal before the fix, the build tag "fixed"), BenchmarkSkip (b.Skip
// in both).
package csrf

import "testing"

var sink uint64

func spin(n int) {
	for i := 0; i < n; i++ {
		sink += uint64(i) * 2654435761
	}
}

func BenchmarkGet(b *testing.B) {
	for i := 0; i < b.N; i++ {
		spin(600)
	}
}

func BenchmarkToken(b *testing.B) {
	if !fixed {
		b.Fatal("token differs")
	}
	for i := 0; i < b.N; i++ {
		spin(200)
	}
}

func BenchmarkSkip(b *testing.B) {
	b.Skip("needs a key server")
}
