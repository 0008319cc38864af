#!/bin/sh
set -eu
sed -i 's/^sleep 0.01$/sleep 0.06/' src/check.sh
