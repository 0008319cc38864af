#!/bin/sh
# The shipped CI jobs, whole, on what each harness really writes: for
# Google Benchmark, go test, pytest-benchmark, Catch2 and hyperfine, a git
# repository of a tiny project (tests/data/ci/HARNESS/, for go test and
# pytest with the program of tests/data/harness/) with three commits: a base whose harness fails a
# case (and for go test, pytest and Catch2 exits 1), the fix, and a change
# that makes the fixed code several times slower.  tests/cli/ci_runner.py runs the steps of
# examples/ci/github/fixprice.yml (and in it action.yml), then of
# fixprice-comment.yml, and the script of examples/ci/gitlab/.gitlab-ci.yml,
# as the files ship, with stand-ins for gh, curl (tests/cli/fake_gh.sh,
# fake_curl.sh), the runner's files and the actions the workflows use.
# Checked: the fix's pull request is priced (the base's failing harness
# does not stop the job), accepted, and the job passes; the comment is
# posted, and on a second run updated, not doubled; the slowdown's pull
# request is rejected and fails the gate, its comment updated too; the
# comment workflow refuses an artifact whose pull request number is not a
# number or not at the commit measured.  Not run: the steps that install
# fixprice (apt-get, a second build).  A harness whose tool is missing is
# skipped with a message; all missing, or no python3 with PyYAML, git or
# jq: skipped (77).  CI_EXAMPLES="go pytest" runs only those.
# shellcheck disable=SC2034 # STATUS is read by lib.sh's expect_status
. "$TOP_SRCDIR/tests/cli/lib.sh"
: >"$OUT"; : >"$ERR"

PY=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import yaml' 2>/dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then echo "SKIP: no python3 with PyYAML"; exit 77; fi
for tool in git jq; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "SKIP: no $tool"
		exit 77
	fi
done

RUNNER=$TOP_SRCDIR/tests/cli/ci_runner.py
PROJ=$TOP_SRCDIR/tests/data/ci
HARN=$TOP_SRCDIR/tests/data/harness
GH=$TOP_SRCDIR/examples/ci/github/fixprice.yml
GHC=$TOP_SRCDIR/examples/ci/github/fixprice-comment.yml
GL=$TOP_SRCDIR/examples/ci/gitlab/.gitlab-ci.yml
MARKER='<!-- fixprice record -->'

# The stand-ins: gh, curl, fixprice (the one built), and a compiler cache
# in front of g++, so that each version of a program compiles once.
mkdir -p "$TMP/fake"
ln -s "$FIXPRICE" "$TMP/fake/fixprice"
cp "$TOP_SRCDIR/tests/cli/fake_gh.sh" "$TMP/fake/gh"
cp "$TOP_SRCDIR/tests/cli/fake_curl.sh" "$TMP/fake/curl"
REAL_GXX=$(command -v g++ || :)
cat >"$TMP/fake/g++" <<'SH'
#!/bin/sh
set -eu
out=
prev=
for a in "$@"; do [ "$prev" = -o ] && out=$a; prev=$a; done
key=$({ printf '%s\n' "$@"; for a in "$@"; do
	[ -f "$a" ] && cat "$a"; done; cat src/*.h 2>/dev/null || :; } |
	sha256sum | cut -c1-64)
if [ -n "$out" ] && [ -f "$GXX_CACHE/$key" ]; then
	cp "$GXX_CACHE/$key" "$out"
	exit 0
fi
nice "$REAL_GXX" "$@"
[ -z "$out" ] || cp "$out" "$GXX_CACHE/$key"
SH
chmod +x "$TMP/fake/gh" "$TMP/fake/curl" "$TMP/fake/g++"
# CI_EXAMPLES_CACHE, a folder kept from run to run (.ci/run gives one to
# its three make checks), keeps the compiled programs and Go's build cache.
CACHE=${CI_EXAMPLES_CACHE:-$TMP/cache}
mkdir -p "$CACHE/gxx"
GXX_CACHE=$CACHE/gxx
FAKE_LOG=$TMP/fake.log
GOCACHE=$CACHE/go GOPATH=$TMP/go/path GOFLAGS=-mod=mod GOPROXY=off
export REAL_GXX GXX_CACHE FAKE_LOG GOCACHE GOPATH GOFLAGS GOPROXY

# outline LOG: the runner's lines and the annotations of a job's log, and
# its last lines, into $OUT (what a failed check shows).
outline() {
	{ grep -E '^(ok|FAILED|not run|skipped|job|::)' "$1" | cut -c1-300
		echo ...; tail -n 15 "$1" | cut -c1-300; } >"$OUT"
}

# have HARNESS: its tool is here.
have() {
	case $1 in
	gbench) [ -n "$REAL_GXX" ] && [ -f /usr/include/benchmark/benchmark.h ] ;;
	go) command -v go >/dev/null 2>&1 ;;
	pytest) command -v pytest >/dev/null 2>&1 &&
		pytest --help 2>/dev/null | grep -q -- --benchmark-json ;;
	catch2) [ -n "$REAL_GXX" ] && [ -f /usr/include/catch2/catch.hpp ] ;;
	hyperfine) command -v hyperfine >/dev/null 2>&1 ;;
	esac
}

# repo HARNESS: $TMP/HARNESS/repo with the commits BASE (the failing
# case), FIX and SLOW (FIX slowed down); each commit changes something.
repo() {
	r=$TMP/$1/repo
	mkdir -p "$r/src"
	cp -R "$PROJ/$1/ci" "$r/"
	[ -d "$PROJ/$1/src" ] && cp "$PROJ/$1/src/"* "$r/src/"
	case $1 in
	go) cp "$HARN/go/src/"* "$r/" ;;
	pytest) cp "$HARN/pytest/src/test_bench.py" "$r/src/" ;;
	esac
	if (
		cd "$r" || exit 1
		git init -q
		git config user.email ci@example.com
		git config user.name ci
		git add -A
		git commit -qm base
		sh "$PROJ/$1/fix.sh"
		git commit -qam fix
		sh "$PROJ/$1/slow.sh"
		git commit -qam slow
	); then ok; else bad "$1: cannot make its repository"; fi
	BASE=$(git -C "$r" rev-parse HEAD~2)
	FIX=$(git -C "$r" rev-parse HEAD~1)
	SLOW=$(git -C "$r" rev-parse HEAD)
}

# github HARNESS BASE HEAD N: the pull request HEAD onto BASE, run N of
# fixprice.yml; the log in $TMP/H/gh-N/log, the job's status in $STATUS.
github() {
	run=$TMP/$1/gh-$4
	mkdir -p "$run/temp"
	git clone -q "$TMP/$1/repo" "$run/ws"
	git -C "$run/ws" checkout -q "$3"
	jq -n --arg b "$2" --arg h "$3" \
		'{pull_request: {number: 7, base: {sha: $b}, head: {sha: $h}}}' \
		>"$run/event.json"
	ext=$(sed -n 's/^RUN_EXT=//p' "$PROJ/$1/settings")
	opts=$(sed -n 's/^PRICE_OPTIONS=//p' "$PROJ/$1/settings")
	control=$(sed -n 's/^CONTROL=//p' "$PROJ/$1/settings")
	STATUS=0
	GITHUB_WORKSPACE=$run/ws GITHUB_EVENT_PATH=$run/event.json \
		RUNNER_TEMP=$run/temp FIXPRICE_VARS='{"FIXPRICE_REPOSITORY": "o/fixprice"}' \
		GITHUB_REPOSITORY=o/r GITHUB_RUN_ID=$4 GITHUB_SERVER_URL=https://x \
		CI_ARTIFACTS=$TMP/$1/artifacts FAKE_GH=$TMP/$1/gh \
		PATH=$TMP/fake:$PATH \
		"$PY" "$RUNNER" github "$GH" price "$run/state" --skip install \
		--set "RUN_EXT=$ext" --set "PRICE_OPTIONS=$opts" \
		--set "CONTROL=$control" \
		>"$run/log" 2>&1 || STATUS=$?
	LOG=$run/log
	outline "$LOG"
}

# comment HARNESS HEAD N [PR-HEAD]: fixprice-comment.yml on the artifact of
# run N, which measured HEAD; the pull request is at PR-HEAD (HEAD).
comment() {
	run=$TMP/$1/comment-$3
	mkdir -p "$run/temp" "$run/ws"
	jq -n --arg h "$2" --argjson n "$3" \
		'{workflow_run: {id: $n, event: "pull_request", head_sha: $h}}' \
		>"$run/event.json"
	: >"$FAKE_LOG"
	STATUS=0
	GITHUB_WORKSPACE=$run/ws GITHUB_EVENT_PATH=$run/event.json \
		RUNNER_TEMP=$run/temp FIXPRICE_VARS='{"FIXPRICE_REPOSITORY": "o/fixprice"}' \
		GITHUB_REPOSITORY=o/r GITHUB_RUN_ID=$3 GITHUB_SERVER_URL=https://x \
		CI_ARTIFACTS=$TMP/$1/artifacts FAKE_GH=$TMP/$1/gh \
		FAKE_GH_HEAD_SHA=${4:-$2} PATH=$TMP/fake:$PATH \
		"$PY" "$RUNNER" github "$GHC" comment "$run/state" \
		>"$run/log" 2>&1 || STATUS=$?
	LOG=$run/log
	outline "$LOG"
}

# gitlab HARNESS BASE HEAD N: the GitLab job's script on the merge request
# HEAD onto BASE.
gitlab() {
	run=$TMP/$1/gl-$4
	mkdir -p "$run"
	git clone -q "$TMP/$1/repo" "$run/ws"
	git -C "$run/ws" checkout -q "$3"
	ext=$(sed -n 's/^RUN_EXT=//p' "$PROJ/$1/settings")
	opts=$(sed -n 's/^PRICE_OPTIONS=//p' "$PROJ/$1/settings")
	control=$(sed -n 's/^CONTROL=//p' "$PROJ/$1/settings")
	: >"$FAKE_LOG"
	STATUS=0
	CI_PROJECT_DIR=$run/ws CI_MERGE_REQUEST_DIFF_BASE_SHA=$2 \
		FIXPRICE_TMP=$run/tmp RUN_EXT=$ext PRICE_OPTIONS=$opts \
		CONTROL=$control \
		CI_API_V4_URL=https://x/api/v4 CI_PROJECT_ID=3 \
		CI_MERGE_REQUEST_IID=9 CI_JOB_URL=https://x/job \
		FIXPRICE_API_TOKEN=t FAKE_GL=$TMP/$1/gl PATH=$TMP/fake:$PATH \
		"$PY" "$RUNNER" gitlab "$GL" fixprice "$run/state" \
		>"$run/log" 2>&1 || STATUS=$?
	LOG=$run/log
	outline "$LOG"
}

# one_comment H TEXT DESCRIPTION: the pull request has one comment, the
# marker and the artifact's comment.md, which holds TEXT.
one_comment() {
	db=$TMP/$1/gh/comments.json
	if [ "$(jq length "$db")" = 1 ]; then ok; else
		bad "$3: $(jq length "$db") comments"; fi
	{ echo "$MARKER"; cat "$TMP/$1/artifacts/fixprice/comment.md"; } \
		>"$TMP/want"
	jq -j '.[0].body' "$db" >"$TMP/posted"
	if cmp -s "$TMP/want" "$TMP/posted"; then ok; else
		bad "$3: the comment is not the marker and the record"; fi
	expect_grep "$TMP/posted" "$2" "$3"
}
one_note() {
	db=$TMP/$1/gl/notes.json
	if [ "$(jq length "$db")" = 1 ]; then ok; else
		bad "$3: $(jq length "$db") notes"; fi
	jq -r '.[0].body' "$db" >"$TMP/posted"
	expect_grep "$TMP/posted" "$MARKER" "$3: the marker"
	expect_grep "$TMP/posted" "$2" "$3"
}

# The projects' scripts and the stand-ins pass shellcheck, as the shipped
# steps do (tests/cli/ci.sh).
if command -v shellcheck >/dev/null 2>&1; then
	for f in "$PROJ"/*/ci/*.sh "$PROJ"/*/fix.sh "$PROJ"/*/slow.sh \
		"$PROJ"/hyperfine/src/check.sh "$TOP_SRCDIR"/tests/cli/fake_gh.sh \
		"$TOP_SRCDIR"/tests/cli/fake_curl.sh "$SELF"; do
		if shellcheck -e SC1091 "$f" >"$TMP/sc" 2>&1; then ok; else
			bad "shellcheck ${f#"$TOP_SRCDIR"/}"; cat "$TMP/sc"; fi
	done
else
	echo "SKIP: shellcheck of the projects' scripts: no shellcheck"
fi

ran=0
# CI_EXAMPLES=HARNESS... runs only those (the whole takes minutes).
for h in ${CI_EXAMPLES:-gbench go pytest catch2 hyperfine}; do
	if ! have "$h"; then
		echo "SKIP: $h: its tool is not installed"
		continue
	fi
	ran=$((ran + 1))
	echo "== $h"
	repo "$h"
	# How the harness exits on the base (tests/data/ci/README.md).
	case $h in go | pytest | catch2) code=1 ;; *) code=0 ;; esac
	# What the record's first line says: Catch2 2.x keeps one mean per
	# benchmark, so its noise is not judged and the point estimate decides,
	# which the first word says all the same.
	acc=ACCEPT rej=REJECT
	if [ "$h" = catch2 ]; then
		acc="ACCEPT, not judged against noise"
		rej="REJECT, not judged against noise"
	fi

	github "$h" "$BASE" "$FIX" 1
	expect_status 0 "$h fix: the job passes"
	if [ "$code" = 1 ]; then
		expect_grep "$LOG" "exited with status 1 (a failing case?); its output is priced" \
			"$h fix: the base's harness exits 1"
	else
		expect_no_grep "$LOG" "exited with status" "$h fix: the harness exits 0"
	fi
	expect_grep "$LOG" "skipped (stood in for): Install fixprice" "$h: install stood in for"
	expect_grep "$LOG" "ok: Fail unless the decision is accept" "$h fix: the gate passes"
	expect_grep "$LOG" "not run (if): Post or update the comment" "$h fix: no comment from a pull request's job"
	a=$TMP/$h/artifacts/fixprice
	expect_grep "$a/status" "0" "$h fix: accept"
	expect_grep "$a/pr" "7" "$h fix: the number in the artifact"
	expect_grep "$a/record/decision.json" '"verdict"' "$h fix: the record in the artifact"
	expect_grep "$TMP/$h/gh-1/state/summary.md" "$acc" "$h fix: the job summary"
	expect_grep "$TMP/$h/gh-1/state/uses.log" '"repository": "o/fixprice"' "$h: fixprice's checkout"
	if [ -e "$TMP/$h/gh" ]; then bad "$h: a comment from the pull request's job"; else ok; fi
	comment "$h" "$FIX" 1
	expect_status 0 "$h fix: the comment workflow"
	expect_grep "$FAKE_LOG" "--method POST repos/o/r/issues/7/comments" "$h fix: posts the comment"
	one_comment "$h" "$acc" "$h fix: the comment"
	github "$h" "$BASE" "$FIX" 2
	expect_status 0 "$h fix again: the job passes"
	comment "$h" "$FIX" 2
	expect_status 0 "$h fix again: the comment workflow"
	expect_grep "$FAKE_LOG" "--method PATCH repos/o/r/issues/comments/1000" "$h fix again: updates the comment"
	expect_no_grep "$FAKE_LOG" "POST" "$h fix again: no second comment"
	one_comment "$h" "$acc" "$h fix again: one comment"

	github "$h" "$FIX" "$SLOW" 3
	expect_status 1 "$h slow: the job fails"
	expect_grep "$LOG" "ok: Price the pair" "$h slow: priced"
	expect_grep "$LOG" "fixprice: the decision is reject" "$h slow: a reject"
	expect_grep "$LOG" "FAILED: Fail unless the decision is accept" "$h slow: the gate fails"
	expect_grep "$TMP/$h/artifacts/fixprice/status" "1" "$h slow: reject"
	comment "$h" "$SLOW" 3
	expect_status 0 "$h slow: the comment workflow"
	one_comment "$h" "$rej" "$h slow: the comment updated"

	gitlab "$h" "$BASE" "$FIX" 1
	expect_status 0 "$h GitLab fix: the job passes"
	expect_grep "$LOG" "fixprice: accept" "$h GitLab fix: accept"
	expect_grep "$FAKE_LOG" "-X POST" "$h GitLab fix: posts a note"
	one_note "$h" "$acc" "$h GitLab fix: the note"
	gitlab "$h" "$FIX" "$SLOW" 2
	expect_status 1 "$h GitLab slow: the job fails"
	expect_grep "$LOG" "fixprice: the decision is reject" "$h GitLab slow: a reject"
	expect_grep "$FAKE_LOG" "-X PUT" "$h GitLab slow: updates its note"
	expect_no_grep "$FAKE_LOG" "-X POST" "$h GitLab slow: no second note"
	one_note "$h" "$rej" "$h GitLab slow: one note"
done
if [ "$ran" = 0 ]; then echo "SKIP: no harness installed"; exit 77; fi

# The comment workflow reads a fork's artifact as data: a number that is
# not one, or names a pull request not at the commit measured, is refused
# before any comment.
mkdir -p "$TMP/forged/artifacts/fixprice"
echo 'a comment' >"$TMP/forged/artifacts/fixprice/comment.md"
printf '7; touch %s/pwned\n' "$TMP" >"$TMP/forged/artifacts/fixprice/pr"
comment forged 0123abc 1
expect_status 1 "forged pr: the comment workflow fails"
expect_grep "$LOG" "pr is not a number" "forged pr: says so"
expect_no_grep "$FAKE_LOG" "comments" "forged pr: no comment"
if [ -e "$TMP/pwned" ]; then bad "forged pr: ran"; else ok; fi
echo 8 >"$TMP/forged/artifacts/fixprice/pr"
comment forged 0123abc 2 4567def
expect_status 1 "other pr: the comment workflow fails"
expect_grep "$FAKE_LOG" "gh api repos/o/r/pulls/8 --jq .head.sha" "other pr: asks its head"
expect_no_grep "$FAKE_LOG" "comments" "other pr: no comment"
finish
