#!/bin/sh
# The CI examples (examples/ci/) and the GitHub Action (action.yml) are
# well-formed, their shell is clean, and their steps do what README.md
# says: yamllint (strict) on each YAML file; each GitHub step's `run` (the
# workflows' and the action's) and each GitLab job's before_script +
# script + after_script written out as one bash script for shellcheck to
# read; then the action's pricing, comment and gate steps and GitLab's
# items run against fake gh (tests/cli/fake_gh.sh) and curl on a
# harness's JSON, an inconclusive pair and a 5,000-case record of
# multi-byte names.  tests/cli/ci_examples.sh runs the whole jobs on
# every harness's own output.  GitHub steps take what they need
# from `env:`, never ${{ }} in the shell itself (no injection from a pull
# request's title or branch name).  Skipped (77) without shellcheck,
# yamllint or a python3 with PyYAML.
. "$TOP_SRCDIR/tests/cli/lib.sh"
CI=$TOP_SRCDIR/examples/ci
: >"$OUT"; : >"$ERR"

PY=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import yaml' 2>/dev/null; then PY=$p; break; fi
done
for tool in shellcheck yamllint; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "SKIP: no $tool"
		exit 77
	fi
done
if [ -z "$PY" ]; then echo "SKIP: no python3 with PyYAML"; exit 77; fi

GH=$CI/github/fixprice.yml
GHC=$CI/github/fixprice-comment.yml
ACT=$TOP_SRCDIR/action.yml
GL=$CI/gitlab/.gitlab-ci.yml
for f in "$GH" "$GHC" "$ACT" "$GL" "$CI/github/README.md" \
	"$CI/gitlab/README.md"; do
	if [ -s "$f" ]; then ok; else bad "missing ${f#"$TOP_SRCDIR"/}"; fi
done
for f in "$GH" "$GHC" "$ACT" "$GL"; do
	if yamllint -s "$f" >"$TMP/yamllint" 2>&1; then ok; else
		bad "yamllint ${f#"$TOP_SRCDIR"/}"; cat "$TMP/yamllint"; fi
done

# Writes the shell of the workflow ($1: github, action or gitlab, $2 the
# file) into $TMP/sh/, one script per step (named by its id) or job;
# prints the scripts' names.
extract() {
	mkdir -p "$TMP/sh"
	"$PY" - "$1" "$2" "$TMP/sh" <<'PY'
import sys, yaml
kind, path, out = sys.argv[1:]
doc = yaml.safe_load(open(path))
scripts = []
if kind == "github":
    for job, spec in doc["jobs"].items():
        for i, step in enumerate(spec["steps"]):
            if "run" in step:
                scripts.append(("%s-%s" % (job, step.get("id", i)),
                                step["run"]))
elif kind == "action":
    for i, step in enumerate(doc["runs"]["steps"]):
        if "run" in step:
            scripts.append((str(step.get("id", i)), step["run"]))
else:
    for job, spec in doc.items():
        if not isinstance(spec, dict) or "script" not in spec:
            continue
        lines = []
        for key in ("before_script", "script", "after_script"):
            lines += spec.get(key, [])
        scripts.append((job, "\n".join(lines) + "\n"))
        # Each item of script on its own too, to run some (not checked).
        for i, item in enumerate(spec["script"]):
            with open("%s/item-%s-%d" % (out, job, i), "w") as fh:
                fh.write(item + "\n")
for name, text in scripts:
    f = "%s/%s-%s.sh" % (out, kind, name)
    with open(f, "w") as fh:
        fh.write("#!/bin/bash\nset -eo pipefail\n" + text)
    print(f)
PY
}

# The example's features, so that a check cannot pass on an empty file.
expect_grep "$GH" "uses: ./.fixprice" "GitHub uses the action"
expect_grep "$GHC" "workflow_run" "GitHub comments from a workflow_run"
expect_grep "$GHC" "mode: comment" "GitHub's workflow_run comments"
expect_grep "$ACT" "issues/\$pr/comments" "GitHub posts a comment"
expect_grep "$ACT" "--method PATCH" "GitHub updates its comment"
expect_grep "$ACT" "<!-- fixprice record -->" "GitHub finds its comment by a marker"
expect_grep "$ACT" "actions/upload-artifact" "GitHub keeps the record"
expect_grep "$ACT" "--check" "GitHub gates on the decision"
expect_grep "$ACT" "--format github --annotations --force" "GitHub's job summary"
expect_grep "$GL" "metrics: metrics.txt" "GitLab's metrics report"
expect_grep "$GL" "--format openmetrics" "GitLab writes OpenMetrics"
expect_grep "$GL" "merge_requests" "GitLab posts a note"
expect_grep "$GL" "--check" "GitLab gates on the decision"
# No size measured in bytes: GitHub and fixprice count characters.
expect_no_grep "$ACT" "wc -c" "GitHub measures no bytes"
# The benchmark step of every harness, in the one place a user reads.
for w in --benchmark_repetitions "hyperfine -N -i --runs" "-count" \
	"pytest-benchmark" "--control" "--benchmark-samples"; do
	expect_grep "$TOP_SRCDIR/README.md" "$w" "README.md: the benchmark step"
done

for kind in github github-comment action gitlab; do
	case $kind in
	github) file=$GH ;;
	github-comment) file=$GHC ;;
	action) file=$ACT ;;
	gitlab) file=$GL ;;
	esac
	k=$kind; [ $kind = github-comment ] && k=github
	extract $k "$file" >"$TMP/scripts" 2>"$TMP/extract-err" || {
		bad "cannot read the shell of $kind"; cat "$TMP/extract-err"; continue; }
	[ $kind = github-comment ] && { ok; continue; } # no shell: a uses
	n=$(wc -l <"$TMP/scripts")
	if [ "$n" -ge 1 ]; then ok; else bad "no shell found in $kind"; fi
	while IFS= read -r script; do
		if shellcheck -s bash "$script" >"$TMP/sc" 2>&1; then ok; else
			bad "shellcheck ${script##*/}"; cat "$TMP/sc"; fi
		if grep -q '\${{' "$script"; then
			bad "${script##*/}: \${{ }} inside the shell"; else ok; fi
	done <"$TMP/scripts"
done

# The runs: a harness's JSON (Google Benchmark), an inconclusive pair with
# its control run, and 5,000 cases with multi-byte names whose record
# (under 65,536 characters, over 65,536 bytes) fits a comment whole.
mkdir -p "$TMP/json" "$TMP/noisy" "$TMP/big" "$TMP/broken" "$TMP/fake"
cp "$EX/harness/gbench-before.json" "$TMP/json/before.json"
cp "$EX/harness/gbench-after.json" "$TMP/json/after.json"
for f in before after control; do
	cp "$EX/noisy-fix/$f.csv" "$TMP/noisy/$f.csv"
done
for f in before after; do
	awk -v side=$f 'BEGIN {
		print "case,runtime,passed"
		for (i = 0; i < 5000; i++)
			printf "カーネル/注意機構_%04d_ß€,%s,%d\n", i,
			    side == "before" ? "1.0" : "1.01",
			    (side == "after" || i >= 10)
	}' >"$TMP/big/$f.csv"
done
printf 'case,runtime,passed\nx,1,maybe\n' >"$TMP/broken/before.csv"
cp "$TMP/broken/before.csv" "$TMP/broken/after.csv"

ln -s "$FIXPRICE" "$TMP/fake/fixprice"
cp "$TOP_SRCDIR/tests/cli/fake_gh.sh" "$TMP/fake/gh"
# GitLab's notes API: page N is $FAKE_NOTES/N.json; X-Next-Page names the
# next page while there is one.
cat >"$TMP/fake/curl" <<'SH'
#!/bin/sh
echo "curl $*" >>"$FAKE_LOG"
head=/dev/null out=/dev/stdout url= method=GET
while [ $# -gt 0 ]; do
	case $1 in
	-D) head=$2; shift ;;
	-o) out=$2; shift ;;
	-X) method=$2; shift ;;
	-H | --data) shift ;;
	-*) ;;
	*) url=$1 ;;
	esac
	shift
done
[ "$method" = GET ] || exit 0
page=${url##*page=}
next=$((page + 1))
if [ -f "$FAKE_NOTES/$next.json" ]; then n=$next; else n=; fi
printf 'HTTP/2 200\r\nx-next-page: %s\r\n\r\n' "$n" >"$head"
if [ -f "$FAKE_NOTES/$page.json" ]; then cat "$FAKE_NOTES/$page.json"; else
	echo '[]'; fi >"$out"
SH
chmod +x "$TMP/fake/gh" "$TMP/fake/curl"
FAKE_LOG=$TMP/fake.log
FAKE_NOTES=$TMP/notes
FAKE_GH=$TMP/gh-state
export FAKE_LOG FAKE_NOTES FAKE_GH

# github RUNS EXT CONTROL [INPUT-FORMAT]: the action's pricing and comment
# steps (mode price, comment yes) in a fresh $TMP/work on the runs in
# RUNS/before.EXT ..., the folder $TMP/work/fixprice; the steps' status in
# $STATUS.  The pull request's comments are kept from call to call (fake
# gh) until $FAKE_GH is emptied.  github_gate S: the gate step on price's
# status S.
github() {
	rm -rf "$TMP/work" && mkdir "$TMP/work"
	: >"$FAKE_LOG"
	: >"$TMP/gh-output"
	echo "earlier summary" >"$TMP/gh-summary"
	mkdir -p "$FAKE_GH"
	control=
	[ "$3" = yes ] && control=$1/control.$2
	STATUS=0
	(cd "$TMP/work" && export PATH="$TMP/fake:$PATH" RUNNER_TEMP="$TMP/work" \
		BEFORE="$1/before.$2" AFTER="$1/after.$2" CONTROL="$control" \
		INPUT_FORMAT="${4:-}" METRIC=pypto-gym OPTIONS='' MD_LIMIT=65500 \
		FOLDER="$TMP/work/fixprice" PRICE_FOLDER="$TMP/work/fixprice" \
		PR=7 MODE=price \
		AUTHOR='github-actions[bot]' GH_TOKEN=t \
		GITHUB_ACTIONS=true GITHUB_OUTPUT="$TMP/gh-output" \
		GITHUB_STEP_SUMMARY="$TMP/gh-summary" \
		GITHUB_SERVER_URL=https://x GITHUB_REPOSITORY=o/r GITHUB_RUN_ID=1 &&
		bash -eo pipefail "$TMP/sh/action-price.sh" &&
		bash -eo pipefail "$TMP/sh/action-comment.sh") >"$OUT" 2>"$ERR" ||
		STATUS=$?
}
github_gate() {
	STATUS=0
	STATUS=$1 bash "$TMP/sh/action-gate.sh" >"$OUT" 2>"$ERR" ||
		STATUS=$?
}
# The comment is the record's Markdown to post: no relative link (the
# record folder's decision.md links shares.svg, which a comment cannot),
# and what was posted is it under the marker line.
comment_is_record() {
	f=$TMP/work/fixprice
	if cmp -s "$f/comment.md" "$f/record/comment.md"; then
		ok; else bad "$1: the comment is not the record"; fi
	if grep -q '](shares.svg)' "$f/comment.md"; then
		bad "$1: the comment links a plot"; else ok; fi
	{ echo '<!-- fixprice record -->'; cat "$f/comment.md"; } >"$TMP/want"
	jq -j '.[-1].body' "$FAKE_GH/comments.json" >"$TMP/posted"
	if cmp -s "$TMP/want" "$TMP/posted"; then ok; else
		bad "$1: the comment posted is not the marker and the record"; fi
}
# posted N DESCRIPTION: the pull request has N comments, all by
# github-actions[bot] with the marker.
posted() {
	if [ "$(jq '[.[] | select(.issue == 7 and
		(.body | startswith("<!-- fixprice record -->")))] | length' \
		"$FAKE_GH/comments.json")" = "$1" ] &&
		[ "$(jq length "$FAKE_GH/comments.json")" = "$1" ]; then ok; else
		bad "$2: not $1 comment(s)"; cat "$FAKE_GH/comments.json"; fi
}

# Two comments of others, one with the marker but not the workflow's:
# neither is edited.
mkdir -p "$FAKE_GH"
jq -n '[{id: 1, issue: 7, user: {login: "someone"}, body: "a review"},
	{id: 2, issue: 7, user: {login: "someone"},
	 body: "<!-- fixprice record -->\nnot mine"}]' >"$FAKE_GH/comments.json"
github "$TMP/json" json no gbench
expect_status 0 "GitHub JSON: the pricing and comment steps"
expect_grep "$TMP/gh-output" "status=0" "GitHub JSON: accept"
expect_grep "$TMP/gh-summary" "**ACCEPT: net 3.3072" "GitHub JSON: the job summary"
expect_no_grep "$TMP/gh-summary" "earlier summary" "GitHub JSON: the summary replaced"
expect_grep "$OUT" "::notice title=fixprice pypto-gym::ACCEPT" "GitHub JSON: the annotation"
expect_grep "$FAKE_LOG" "gh api --method POST repos/o/r/issues/7/comments" "GitHub: else makes one"
expect_no_grep "$FAKE_LOG" "PATCH" "GitHub: edits no one else's comment"
comment_is_record "GitHub JSON"
if [ "$(jq '[.[] | select(.user.login == "github-actions[bot]")] | length' \
	"$FAKE_GH/comments.json")" = 1 ] &&
	[ "$(jq -r '.[1].body' "$FAKE_GH/comments.json")" = \
	"$(printf '<!-- fixprice record -->\nnot mine')" ]; then ok; else
	bad "GitHub JSON: the comments of others"; fi
rm -f "$FAKE_GH/comments.json"
github "$TMP/json" json no
expect_grep "$TMP/gh-output" "status=0" "GitHub JSON by content: accept"
posted 1 "GitHub JSON by content: one comment"
github "$TMP/json" json no
expect_grep "$FAKE_LOG" "gh api --method PATCH repos/o/r/issues/comments/1000" "GitHub: edits its comment"
expect_no_grep "$FAKE_LOG" "POST" "GitHub: no second comment"
posted 1 "GitHub JSON again: still one comment"

rm -f "$FAKE_GH/comments.json"
github "$TMP/noisy" csv yes
expect_status 0 "GitHub inconclusive: the steps go on"
expect_grep "$TMP/gh-output" "status=3" "GitHub inconclusive: --check's status"
expect_grep "$TMP/gh-summary" "**INCONCLUSIVE: net" "GitHub inconclusive: the summary"
expect_grep "$OUT" "::warning title=fixprice pypto-gym::INCONCLUSIVE" "GitHub inconclusive: the annotation"
expect_grep "$TMP/work/fixprice/record/decision.json" '"control_run"' "GitHub inconclusive: the control run"
comment_is_record "GitHub inconclusive"

github "$TMP/big" csv no
expect_grep "$TMP/gh-output" "status=1" "GitHub 5,000 cases: reject"
comment_is_record "GitHub 5,000 cases"
posted 1 "GitHub 5,000 cases: still one comment"
# What is posted, marker and all, within GitHub's 65,536 characters.
bytes=$(wc -c <"$TMP/posted")
chars=$(python3 -c 'import sys; print(len(open(sys.argv[1], encoding="utf-8").read()))' "$TMP/posted")
if [ "$bytes" -gt 65536 ] && [ "$chars" -le 65536 ] && [ "$chars" -gt 60000 ]; then
	ok; else bad "GitHub 5,000 cases: $chars characters in $bytes bytes"; fi

github "$TMP/broken" csv no
expect_grep "$TMP/gh-output" "status=2" "GitHub bad run: status 2"
expect_grep "$TMP/work/fixprice/comment.md" "fixprice could not price this pull request: https://x/o/r/actions/runs/1" "GitHub bad run: the comment says so"
jq -j '.[-1].body' "$FAKE_GH/comments.json" >"$TMP/posted"
expect_grep "$TMP/posted" "fixprice could not price this pull request" "GitHub bad run: the comment posted says so"
posted 1 "GitHub bad run: still one comment"

github_gate 0
expect_status 0 "GitHub: accept passes"
github_gate 1
expect_status 1 "GitHub: reject fails the check"
expect_out "fixprice: the decision is reject" "GitHub: a reject is a decision"
github_gate 3
expect_status 1 "GitHub: inconclusive fails the check"
expect_grep "$OUT" "fixprice: the verdict is inconclusive" "GitHub: an inconclusive is a decision"
expect_no_grep "$OUT" "failed" "GitHub: an inconclusive is no failure"
for s in 2 4 130; do
	github_gate $s
	expect_status 1 "GitHub: status $s fails the check"
	expect_out "::error::fixprice failed (status $s)" "GitHub: status $s is a failure"
done
github_gate ""
expect_out "::error::fixprice did not run" "GitHub: no status"

# GitLab: the pricing, note and gate items, in one shell as GitLab runs
# them.  gitlab RUNS EXT CONTROL: the job's status in $STATUS.
n=$(find "$TMP/sh" -name 'item-fixprice-*' | wc -l)
cat "$TMP/sh/item-fixprice-$((n - 3))" "$TMP/sh/item-fixprice-$((n - 2))" \
	"$TMP/sh/item-fixprice-$((n - 1))" >"$TMP/gitlab-tail.sh"
GL_TOKEN=t
gitlab() {
	rm -rf "$TMP/work" && mkdir "$TMP/work"
	: >"$FAKE_LOG"
	STATUS=0
	(cd "$TMP/work" && PATH=$TMP/fake:$PATH RUNS=$1 RUN_EXT=$2 CONTROL=$3 \
		INPUT_FORMAT="" METRIC=pypto-gym CI_API_V4_URL=https://x/api/v4 \
		CI_PROJECT_ID=3 CI_MERGE_REQUEST_IID=9 CI_JOB_URL=https://x/job \
		FIXPRICE_API_TOKEN=$GL_TOKEN bash -eo pipefail "$TMP/gitlab-tail.sh") \
		>"$OUT" 2>"$ERR" || STATUS=$?
}
note_page() { # N ID...: page N of the notes, none of them ours
	for id in $(seq "$2" "$3"); do
		printf '{"id": %d, "body": "a review note %d"}\n' "$id" "$id"
	done | jq -s . >"$FAKE_NOTES/$1.json"
}
mkdir -p "$FAKE_NOTES"
note_page 1 1 100
note_page 2 101 200
jq -n '[{id: 201, body: "x"}, {id: 4242, body: "<!-- fixprice record -->\nold"}]' \
	>"$FAKE_NOTES/3.json"
gitlab "$TMP/noisy" csv yes
expect_status 1 "GitLab inconclusive: the job fails"
expect_grep "$OUT" "fixprice: the verdict is inconclusive" "GitLab: an inconclusive is a decision"
expect_no_grep "$OUT" "failed" "GitLab: an inconclusive is no failure"
expect_grep "$TMP/work/metrics.txt" 'verdict="inconclusive"} 0' "GitLab: metrics.txt"
expect_grep "$FAKE_LOG" "page=3" "GitLab: reads every page"
expect_grep "$FAKE_LOG" "-X PUT" "GitLab: updates its note"
expect_grep "$FAKE_LOG" "/merge_requests/9/notes/4242" "GitLab: the note on page 3"
expect_no_grep "$FAKE_LOG" "-X POST" "GitLab: no second note"
expect_grep "$TMP/work/note.json" "<!-- fixprice record -->" "GitLab: the note carries its marker"

rm -f "$FAKE_NOTES"/*.json
gitlab "$TMP/big" csv no
expect_status 1 "GitLab 5,000 cases: reject fails the job"
expect_out "fixprice: the decision is reject" "GitLab: a reject is a decision"
expect_grep "$FAKE_LOG" "-X POST" "GitLab: posts a note when there is none"
# The whole record: all 5,000 cases, more than a GitHub comment holds.
if jq -e '.body | contains("カーネル/注意機構\\_4999\\_ß€") and (length > 65536)' \
	"$TMP/work/note.json" >/dev/null; then ok; else
	bad "GitLab 5,000 cases: the note is not the whole record"; fi

gitlab "$TMP/json" json no
expect_status 0 "GitLab JSON: accept passes"
expect_out "fixprice: accept" "GitLab JSON: says so"

# A fork's pipeline has no project variables: it prices and gates, and
# posts no note.
GL_TOKEN=
gitlab "$TMP/json" json no
expect_status 0 "GitLab fork (no token): accept passes"
expect_grep "$OUT" "no FIXPRICE_API_TOKEN (a fork's pipeline?): no note" "GitLab fork: says why"
expect_no_grep "$FAKE_LOG" "curl" "GitLab fork: no API call"
GL_TOKEN=t

gitlab "$TMP/broken" csv no
expect_status 1 "GitLab bad run: the job fails"
expect_out "fixprice failed (status 2)" "GitLab bad run: a failure"
expect_grep "$TMP/work/note.json" "fixprice could not price this merge request: https://x/job" "GitLab bad run: the note says so"
finish
