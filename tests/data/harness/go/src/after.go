//go:build fixed

package harness

const fixed = true
const extra = 2
