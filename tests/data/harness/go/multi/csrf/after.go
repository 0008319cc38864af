//go:build fixed

package csrf

const fixed = true
