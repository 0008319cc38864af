#!/bin/sh
# A stand-in for curl on PATH, for the CI tests: as much of GitLab's notes
# API as the GitLab example uses, its notes kept in $FAKE_GL/notes.json
# (a JSON array, newest last): GET .../notes?...&page=N answers two notes a
# page, newest first, with X-Next-Page while more are left; POST .../notes
# and PUT .../notes/ID take `--data @FILE` ({"body": ...}).  Each call is
# recorded in $FAKE_LOG.
set -eu
echo "curl $*" >>"$FAKE_LOG"
mkdir -p "$FAKE_GL"
db=$FAKE_GL/notes.json
[ -f "$db" ] || echo '[]' >"$db"
head=/dev/null out=/dev/stdout url='' method=GET data=''
while [ $# -gt 0 ]; do
	case $1 in
	-D) head=$2; shift ;;
	-o) out=$2; shift ;;
	-X) method=$2; shift ;;
	--data) data=${2#@}; shift ;;
	-H) shift ;;
	-*) ;;
	*) url=$1 ;;
	esac
	shift
done
case $method in
GET)
	page=${url##*page=}
	jq --argjson p "$page" 'reverse | .[2 * ($p - 1):2 * $p]' "$db" >"$out"
	next=$(jq --argjson p "$page" \
		'if length > 2 * $p then $p + 1 else "" end' "$db")
	printf 'HTTP/2 200\r\nx-next-page: %s\r\n\r\n' "$next" | tr -d '"' >"$head"
	;;
POST)
	jq --slurpfile d "$data" '. + [{id: (500 + length), body: $d[0].body}]' \
		"$db" >"$db.new"
	mv "$db.new" "$db"
	echo '{}' >"$out"
	;;
PUT)
	id=${url##*/}
	jq -e --argjson id "$id" 'any(.[]; .id == $id)' "$db" >/dev/null ||
		{ echo "fake curl: no note $id" >&2; exit 22; }
	jq --argjson id "$id" --slurpfile d "$data" \
		'map(if .id == $id then .body = $d[0].body else . end)' "$db" \
		>"$db.new"
	mv "$db.new" "$db"
	echo '{}' >"$out"
	;;
esac
