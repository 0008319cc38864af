//go:build !fixed

package harness

const fixed = false
const extra = 0
