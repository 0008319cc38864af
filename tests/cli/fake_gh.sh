#!/bin/sh
# A stand-in for GitHub's gh on PATH, for the CI tests: records each call
# in $FAKE_LOG and keeps a pull request's comments in
# $FAKE_GH/comments.json (a JSON array), as much of `gh api` as
# action.yml uses:
#   gh api --paginate repos/R/issues/N/comments   the comments, two a page
#   gh api --method POST repos/R/issues/N/comments -F body=@FILE
#   gh api --method PATCH repos/R/issues/comments/ID -F body=@FILE
#   gh api repos/R/pulls/N --jq .head.sha          $FAKE_GH_HEAD_SHA
# A comment posted is by $FAKE_GH_LOGIN (github-actions[bot]).
set -eu
echo "gh $*" >>"$FAKE_LOG"
mkdir -p "$FAKE_GH"
db=$FAKE_GH/comments.json
[ -f "$db" ] || echo '[]' >"$db"
[ "${1:-}" = api ] || { echo "fake gh: only api" >&2; exit 2; }
shift
method=GET paginate='' body='' path='' jqexpr=''
while [ $# -gt 0 ]; do
	case $1 in
	--method | -X) method=$2; shift ;;
	--paginate) paginate=1 ;;
	--jq | -q) jqexpr=$2; shift ;;
	-F | -f)
		case $2 in
		body=@*) body=${2#body=@} ;;
		*) echo "fake gh: field $2" >&2; exit 2 ;;
		esac
		shift
		;;
	-*) echo "fake gh: option $1" >&2; exit 2 ;;
	*) path=$1 ;;
	esac
	shift
done
login=${FAKE_GH_LOGIN:-github-actions[bot]}
case $method:$path in
GET:repos/*/issues/*/comments)
	n=${path%/comments}; n=${n##*/}
	# Two a page: with --paginate, every page, each an array of its own.
	pages=$(jq --argjson n "$n" '[.[] | select(.issue == $n)] |
		(length + 1) / 2 | floor' "$db")
	p=0
	while [ "$p" -lt "$pages" ] || [ "$p" = 0 ]; do
		jq -c --argjson n "$n" --argjson p "$p" \
			'[.[] | select(.issue == $n)] | .[2 * $p:2 * $p + 2]' "$db"
		p=$((p + 1))
		[ -n "$paginate" ] || break
	done
	;;
POST:repos/*/issues/*/comments)
	n=${path%/comments}; n=${n##*/}
	jq --argjson n "$n" --arg l "$login" --rawfile b "$body" \
		'. + [{id: (1000 + length), issue: $n, user: {login: $l},
		       body: $b}]' "$db" >"$db.new"
	mv "$db.new" "$db"
	echo '{}'
	;;
PATCH:repos/*/issues/comments/*)
	id=${path##*/}
	jq -e --argjson id "$id" 'any(.[]; .id == $id)' "$db" >/dev/null ||
		{ echo "fake gh: no comment $id" >&2; exit 1; }
	jq --argjson id "$id" --rawfile b "$body" \
		'map(if .id == $id then .body = $b else . end)' "$db" >"$db.new"
	mv "$db.new" "$db"
	echo '{}'
	;;
GET:repos/*/pulls/*)
	[ "$jqexpr" = .head.sha ] || { echo "fake gh: --jq $jqexpr" >&2; exit 2; }
	echo "${FAKE_GH_HEAD_SHA:-}"
	;;
*) echo "fake gh: $method $path" >&2; exit 2 ;;
esac
