#!/bin/sh
# The CI examples (examples/ci/) are well-formed and their shell is clean:
# yamllint (strict) on each YAML file; each GitHub step's `run` and each
# GitLab job's before_script + script + after_script written out as one
# bash script and given to shellcheck.  GitHub steps take what they need
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
GL=$CI/gitlab/.gitlab-ci.yml
for f in "$GH" "$GL" "$CI/github/README.md" "$CI/gitlab/README.md"; do
	if [ -s "$f" ]; then ok; else bad "missing ${f#"$TOP_SRCDIR"/}"; fi
done
for f in "$GH" "$GL"; do
	if yamllint -s "$f" >"$TMP/yamllint" 2>&1; then ok; else
		bad "yamllint ${f#"$TOP_SRCDIR"/}"; cat "$TMP/yamllint"; fi
done

# Writes the shell of the workflow ($1: github or gitlab, $2 the file) into
# $TMP/sh/, one script per step or job; prints the scripts' names.
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
                scripts.append(("%s-%d" % (job, i), step["run"]))
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
expect_grep "$GH" "gh pr comment" "GitHub posts a comment"
expect_grep "$GH" "--edit-last" "GitHub updates its comment"
expect_grep "$GH" "actions/upload-artifact" "GitHub keeps the record"
expect_grep "$GH" "--check" "GitHub gates on the decision"
expect_grep "$GL" "metrics: metrics.txt" "GitLab's metrics report"
expect_grep "$GL" "--format openmetrics" "GitLab writes OpenMetrics"
expect_grep "$GL" "merge_requests" "GitLab posts a note"
expect_grep "$GL" "--check" "GitLab gates on the decision"

for kind in github gitlab; do
	if [ $kind = github ]; then file=$GH; else file=$GL; fi
	extract $kind "$file" >"$TMP/scripts" 2>"$TMP/extract-err" || {
		bad "cannot read the shell of $kind"; cat "$TMP/extract-err"; continue; }
	n=$(wc -l <"$TMP/scripts")
	if [ "$n" -ge 1 ]; then ok; else bad "no shell found in $kind"; fi
	while IFS= read -r script; do
		if shellcheck -s bash "$script" >"$TMP/sc" 2>&1; then ok; else
			bad "shellcheck ${script##*/}"; cat "$TMP/sc"; fi
		if grep -q '\${{' "$script"; then
			bad "${script##*/}: \${{ }} inside the shell"; else ok; fi
	done <"$TMP/scripts"
done

# The pricing, comment and verdict steps, run on the worked example (a
# measured reject) with fake gh and curl that log what they were asked.
mkdir -p "$TMP/runner" "$TMP/work" "$TMP/fake"
cp "$EX/fp32-cube-matmul/before.csv" "$EX/fp32-cube-matmul/after.csv" "$TMP/runner/"
ln -s "$FIXPRICE" "$TMP/fake/fixprice"
cat >"$TMP/fake/gh" <<'SH'
#!/bin/sh
echo "gh $*" >>"$FAKE_LOG"
case " $* " in *" --edit-last "*) exit 1 ;; esac
SH
cat >"$TMP/fake/curl" <<'SH'
#!/bin/sh
echo "curl $*" >>"$FAKE_LOG"
case " $* " in *" -X "*) ;; *) echo '[]' ;; esac
SH
chmod +x "$TMP/fake/gh" "$TMP/fake/curl"
FAKE_LOG=$TMP/fake.log
export FAKE_LOG

# github STEP-INDEX: runs that step's script in $TMP/work; status in $STATUS.
github() {
	STATUS=0
	(cd "$TMP/work" && PATH=$TMP/fake:$PATH RUNNER_TEMP=$TMP/runner \
		METRIC=pypto-gym GITHUB_OUTPUT=$TMP/gh-output PR=7 \
		GITHUB_STEP_SUMMARY=$TMP/gh-summary GITHUB_SERVER_URL=https://x \
		GITHUB_REPOSITORY=o/r GITHUB_RUN_ID=1 STATUS=${2:-} \
		bash "$TMP/sh/github-price-$1.sh") >"$OUT" 2>"$ERR" || STATUS=$?
}
github 4
expect_status 0 "GitHub: the pricing step goes on after a reject"
expect_grep "$TMP/gh-output" "status=1" "GitHub: the step keeps --check's status"
expect_grep "$TMP/gh-summary" "**NOT JUDGED: net -22.3036" "GitHub: the job summary"
github 5
expect_status 0 "GitHub: the comment step"
expect_grep "$FAKE_LOG" "gh pr comment 7 --edit-last --body-file comment.md" "GitHub: edits the last comment"
expect_grep "$FAKE_LOG" "gh pr comment 7 --body-file comment.md" "GitHub: else makes one"
if cmp -s "$TMP/work/comment.md" "$TMP/work/pricing/decision.md"; then ok; else
	bad "GitHub: the comment is not the record"; fi
github 7 1
expect_status 1 "GitHub: reject fails the check"
expect_grep "$OUT" "::error::fixprice: the decision is reject" "GitHub: says why"
github 7 0
expect_status 0 "GitHub: accept passes"

# GitLab: the pricing, note and verdict items, in one shell as GitLab runs
# them.
rm -rf "$TMP/work" && mkdir "$TMP/work"
: >"$FAKE_LOG"
n=$(ls "$TMP/sh"/item-fixprice-* | wc -l)
last=$((n - 1))
cat "$TMP/sh/item-fixprice-$((n - 3))" "$TMP/sh/item-fixprice-$((n - 2))" \
	"$TMP/sh/item-fixprice-$last" >"$TMP/gitlab-tail.sh"
STATUS=0
(cd "$TMP/work" && PATH=$TMP/fake:$PATH RUNS=$TMP/runner METRIC=pypto-gym \
	CI_API_V4_URL=https://x/api/v4 CI_PROJECT_ID=3 CI_MERGE_REQUEST_IID=9 \
	FIXPRICE_API_TOKEN=t bash -e "$TMP/gitlab-tail.sh") >"$OUT" 2>"$ERR" ||
	STATUS=$?
expect_status 1 "GitLab: reject fails the job"
expect_grep "$OUT" "fixprice: the decision is reject" "GitLab: says why"
expect_grep "$TMP/work/metrics.txt" "fixprice_accept{metric=\"pypto-gym\",version=\"1\",kind=\"measured\"} 0" "GitLab: metrics.txt"
expect_grep "$FAKE_LOG" "-X POST" "GitLab: posts a note when there is none"
expect_grep "$TMP/work/note.json" "<!-- fixprice record -->" "GitLab: the note carries its marker"
finish
