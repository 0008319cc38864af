/* go_json.c: `go test -json` (test2json), one JSON object per line:
 *
 *   {"Time":"...","Action":"output","Package":"p","Output":"goos: linux\n"}
 *   {"Time":"...","Action":"fail","Package":"p","Test":"BenchmarkCheck"}
 *
 * The text of the run is the Output of its "output" events, in order, read
 * as Go benchmark text (go.c); pass and fail come from the "fail" and
 * "skip" events of a Test that is a benchmark, as "--- FAIL: NAME" and
 * "--- SKIP: NAME" lines at their place in that text.  The events record
 * pass states, whatever lines the output has.  Errors name the line of the event that
 * gave the text, without a column.  A line that is no JSON object is an
 * error; lines of other actions are ignored. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/formats.h"
#include "run/formats/go.h"
#include "util/grow.h"

bool fmt_go_json_detect(const char *text, size_t len)
{
	const char *nl = memchr(text, '\n', len);
	size_t n = nl ? (size_t)(nl - text) : len;
	const char *a = "\"Action\":";

	if (n == 0 || text[0] != '{')
		return false;
	for (size_t i = 0; i + strlen(a) <= n; i++)
		if (memcmp(text + i, a, strlen(a)) == 0)
			return true;
	return false;
}

/* The rebuilt text, and the file line of each of its lines. */
struct rebuilt {
	char *text;
	size_t len, cap;
	uint32_t *line_of;
	size_t lines, lines_cap;
	bool at_start; /* the next byte starts a line */
};

static bool put(struct rebuilt *r, const char *s, size_t n, uint32_t line)
{
	for (size_t i = 0; i < n; i++) {
		if (r->at_start) {
			if (grow_array((void **)&r->line_of, &r->lines_cap,
			               r->lines + 1, sizeof *r->line_of))
				return false;
			r->line_of[r->lines++] = line;
			r->at_start = false;
		}
		if (s[i] == '\n')
			r->at_start = true;
	}
	if (grow_array((void **)&r->text, &r->cap, r->len + n + 1, 1))
		return false;
	memcpy(r->text + r->len, s, n);
	r->len += n;
	return true;
}

/* One event at line `line`. */
static int event(const struct fmt_src *s, json_t *o, uint32_t line,
                 struct rebuilt *r, struct diag *d)
{
	const char *action = json_string_value(json_object_get(o, "Action"));
	json_t *out = json_object_get(o, "Output");
	const char *test = json_string_value(json_object_get(o, "Test"));

	if (!json_is_object(o) || !action)
		return diag_set(d, s->path, (int)line, 1,
		                "not a go test -json event: no \"Action\"");
	if (strcmp(action, "output") == 0 && json_is_string(out)) {
		if (!put(r, json_string_value(out), json_string_length(out),
		         line))
			return diag_oom(d);
	} else if ((strcmp(action, "fail") == 0 ||
	            strcmp(action, "skip") == 0) &&
	           test && strncmp(test, "Benchmark", 9) == 0) {
		if ((!r->at_start && !put(r, "\n", 1, line)) ||
		    !put(r, action[0] == 's' ? "--- SKIP: " : "--- FAIL: ", 10,
		         line) ||
		    !put(r, test, strlen(test), line) || !put(r, "\n", 1, line))
			return diag_oom(d);
	}
	return FP_OK;
}

static int rebuild(const struct fmt_src *s, struct rebuilt *r, struct diag *d)
{
	const char *p = s->text, *end = s->text + s->len;
	uint32_t line = 0;

	r->at_start = true;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		json_error_t err;
		json_t *o;
		int rc;
		line++;
		while (n > 0 && (p[n - 1] == '\r' || p[n - 1] == ' '))
			n--;
		if (n == 0) {
			p = nl ? nl + 1 : end;
			continue;
		}
		if (!(o = json_loadb(p, n, JSON_REJECT_DUPLICATES, &err)))
			return diag_set(d, s->path, (int)line, err.column + 1,
			                "not a go test -json event: %s",
			                err.text);
		rc = event(s, o, line, r, d);
		json_decref(o);
		if (rc != FP_OK)
			return FP_ERR;
		p = nl ? nl + 1 : end;
	}
	return FP_OK;
}

int fmt_go_json(const struct fmt_src *s, struct run **out, struct diag *d)
{
	struct rebuilt r = {0};
	int rc = rebuild(s, &r, d);

	if (rc == FP_OK)
		rc = go_parse(s, r.text ? r.text : "", r.len, r.line_of, true,
		              "go-json", out, d);
	free(r.text);
	free(r.line_of);
	return rc;
}
