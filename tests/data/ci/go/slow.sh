#!/bin/sh
set -eu
sed -i 's/^const extra = 0$/const extra = 40/' before.go
