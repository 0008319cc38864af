#!/bin/sh
# The check a fix makes pass.
sleep 0.01
exit 1
