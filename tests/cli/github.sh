#!/bin/sh
. "$TOP_SRCDIR/tests/cli/lib.sh"
finish
