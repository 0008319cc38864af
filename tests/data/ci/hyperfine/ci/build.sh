#!/bin/sh
set -eu
chmod +x src/check.sh
