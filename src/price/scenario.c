/* scenario.c: what-if after-runs made from the before run. */
#include "price/scenario.h"

#include <fnmatch.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "price/metric_yaml.h"
#include "price/param.h"
#include "util/numfmt.h"
#include "util/sha256.h"
#include "util/yamldoc.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const scenario_keys[] = {
    "name", "description", "params", "runtime", "pass", "fail", "errors",
};

static const char runtime_factor_formula[] = "runtime * runtime_factor";

struct scenario *scenario_new(void)
{
	struct scenario *s = calloc(1, sizeof *s);

	if (s && !(s->name = strdup("command line"))) {
		free(s);
		return NULL;
	}
	return s;
}

void scenario_free(struct scenario *s)
{
	if (!s)
		return;
	fx_prog_free(s->prog);
	fx_env_free(s->env);
	myaml_src_free(&s->runtime);
	free((char *)s->runtime.file);
	for (size_t i = 0; i < s->nparams; i++)
		free(s->params[i].name);
	free(s->params);
	for (size_t i = 0; i < s->npass; i++)
		free(s->pass[i]);
	for (size_t i = 0; i < s->nfail; i++)
		free(s->fail[i]);
	free(s->pass);
	free(s->fail);
	free(s->pass_pos);
	free(s->fail_pos);
	free(s->error_pos);
	for (size_t i = 0; i < s->nerrors; i++)
		free(s->error_glob[i]);
	free(s->error_glob);
	free(s->error_factor);
	free(s->path);
	free(s->name);
	free(s->description);
	free(s);
}

static struct param *find_param(const struct scenario *s, const char *name)
{
	for (size_t i = 0; i < s->nparams; i++)
		if (strcmp(s->params[i].name, name) == 0)
			return &s->params[i];
	return NULL;
}

/* Appends a parameter (not yet bound: slot -1). */
static int add_param(struct scenario *s, const char *name, double value,
                     struct diag *d)
{
	struct param *grown;
	char *copy = strdup(name);

	grown =
	    copy ? realloc(s->params, (s->nparams + 1) * sizeof *grown) : NULL;
	if (!grown) {
		free(copy);
		return diag_oom(d);
	}
	s->params = grown;
	s->params[s->nparams].name = copy;
	s->params[s->nparams].value = value;
	s->params[s->nparams].slot = -1;
	s->nparams++;
	return FP_OK;
}

/* Appends glob, written at line, col (0 on the command line), to list
 * and its place to pos.  Both grow by doubling (their room is the next
 * power of two), so a list of 10^5 names is not copied 10^5 times. */
static int add_glob(char ***list, int (**pos)[2], size_t *n, const char *glob,
                    int line, int col, struct diag *d)
{
	char **grown = *list;
	int(*at)[2] = *pos;
	char *copy = strdup(glob);

	if (copy && (*n & (*n - 1)) == 0) {
		size_t size = *n ? 2 * *n : 1;
		if ((grown = realloc(*list, size * sizeof *grown)))
			*list = grown;
		if ((at = realloc(*pos, size * sizeof *at)))
			*pos = at;
	}
	if (!copy || !grown || !at) {
		free(copy);
		return diag_oom(d);
	}
	(*pos)[*n][0] = line;
	(*pos)[*n][1] = col;
	(*list)[(*n)++] = copy;
	return FP_OK;
}

/* ---- Reading a scenario file ----------------------------------------- */

static int read_params(const struct ydoc *doc, const struct ynode *map,
                       struct scenario *s, struct diag *d)
{
	char what[300];
	double value;

	if (myaml_is_null(map))
		return FP_OK;
	if (map->kind != YNODE_MAP)
		return ydoc_error(doc, map, d,
		                  "params must be a mapping of name: number");
	for (size_t i = 0; i < map->count; i++) {
		const struct ynode *key = map->keys[i];

		if (!myaml_is_identifier(key->str))
			return ydoc_error(
			    doc, key, d,
			    "parameter name '%s' is not a valid name "
			    "(letters, digits and _, not starting with "
			    "a digit)",
			    key->str);
		if (strcmp(key->str, "N") == 0)
			return ydoc_error(
			    doc, key, d,
			    "parameter 'N' shadows a built-in name");
		snprintf(what, sizeof what, "params.%s", key->str);
		if (myaml_number(doc, map->items[i], what, &value, d) ||
		    add_param(s, key->str, value, d))
			return FP_ERR;
	}
	return FP_OK;
}

/* pass/fail: a list of names or globs, or one of them alone. */
static int read_globs(const struct ydoc *doc, const struct ynode *node,
                      const char *what, char ***list, int (**pos)[2], size_t *n,
                      struct diag *d)
{
	const struct ynode *const *items = &node;
	size_t count = 1;

	if (myaml_is_null(node))
		return FP_OK;
	if (node->kind == YNODE_SEQ) {
		items = (const struct ynode *const *)node->items;
		count = node->count;
	} else if (node->kind != YNODE_SCALAR) {
		return ydoc_error(doc, node, d,
		                  "%s must be a list of case names or globs",
		                  what);
	}
	for (size_t i = 0; i < count; i++) {
		if (items[i]->kind != YNODE_SCALAR)
			return ydoc_error(
			    doc, items[i], d,
			    "%s must be a list of case names or globs", what);
		if (items[i]->len == 0)
			return ydoc_error(
			    doc, items[i], d,
			    "%s: a case name or glob must not be empty", what);
		if (add_glob(list, pos, n, items[i]->str, items[i]->line,
		             items[i]->col, d))
			return FP_ERR;
	}
	return FP_OK;
}

/* errors: {glob: factor, ...}, each factor a finite number >= 0. */
static int read_errors(const struct ydoc *doc, const struct ynode *map,
                       struct scenario *s, struct diag *d)
{
	char what[300];

	if (myaml_is_null(map))
		return FP_OK;
	if (map->kind != YNODE_MAP)
		return ydoc_error(doc, map, d,
		                  "errors must be a mapping of case name or "
		                  "glob: factor");
	s->error_glob = calloc(map->count + 1, sizeof *s->error_glob);
	s->error_factor = calloc(map->count + 1, sizeof *s->error_factor);
	s->error_pos = calloc(map->count + 1, sizeof *s->error_pos);
	if (!s->error_glob || !s->error_factor || !s->error_pos)
		return diag_oom(d);
	for (size_t i = 0; i < map->count; i++) {
		const struct ynode *key = map->keys[i];
		double *f = &s->error_factor[i];

		if (key->len == 0)
			return ydoc_error(doc, key, d,
			                  "errors: a case name or glob must "
			                  "not be empty");
		snprintf(what, sizeof what, "errors.%s", key->str);
		if (myaml_number(doc, map->items[i], what, f, d))
			return FP_ERR;
		if (*f < 0)
			return ydoc_error(doc, map->items[i], d,
			                  "%s must be >= 0", what);
		if (!(s->error_glob[i] = strdup(key->str)))
			return diag_oom(d);
		s->error_pos[i][0] = key->line;
		s->error_pos[i][1] = key->col;
		s->nerrors++;
	}
	return FP_OK;
}

/* The file name without folder and extension, for a scenario without name. */
static char *name_from_path(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	return strndup(base, dot && dot != base ? (size_t)(dot - base)
	                                        : strlen(base));
}

/* Where map's key name stands, into at (line, column); 0 when absent. */
static void key_at(const struct ynode *map, const char *name, int at[2])
{
	for (size_t i = 0; i < map->count; i++)
		if (strcmp(map->keys[i]->str, name) == 0) {
			at[0] = map->keys[i]->line;
			at[1] = map->keys[i]->col;
		}
}

static int read_scenario(const struct ydoc *doc, struct scenario *s,
                         struct diag *d)
{
	const struct ynode *root = doc->root, *n;

	if (myaml_check_root(
	        doc,
	        "empty scenario file: give at least runtime, pass, "
	        "fail or errors",
	        "a scenario file must be a mapping of keys "
	        "(name, runtime, pass, fail, ...)",
	        scenario_keys, COUNT(scenario_keys), d))
		return FP_ERR;
	if ((n = ydoc_get(root, "name"))) {
		if (myaml_text(doc, n, "name", false, &s->name, d))
			return FP_ERR;
	} else if (!(s->name = name_from_path(doc->path))) {
		return diag_oom(d);
	}
	if ((n = ydoc_get(root, "description")) &&
	    myaml_text(doc, n, "description", true, &s->description, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "params")) && read_params(doc, n, s, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "runtime"))) {
		if (myaml_formula(doc, n, NULL, "runtime", &s->runtime, d))
			return FP_ERR;
		if (!(s->runtime.file = strdup(doc->path)))
			return diag_oom(d);
	}
	key_at(root, "pass", s->pass_at);
	key_at(root, "fail", s->fail_at);
	if ((n = ydoc_get(root, "pass")) &&
	    read_globs(doc, n, "pass", &s->pass, &s->pass_pos, &s->npass, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "fail")) &&
	    read_globs(doc, n, "fail", &s->fail, &s->fail_pos, &s->nfail, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "errors")) && read_errors(doc, n, s, d))
		return FP_ERR;
	return FP_OK;
}

int scenario_of_doc(const struct ydoc *doc, struct scenario **out,
                    struct diag *d)
{
	struct scenario *s = calloc(1, sizeof *s);

	*out = NULL;
	if (!s || !(s->path = strdup(doc->path))) {
		free(s);
		return diag_oom(d);
	}
	if (read_scenario(doc, s, d)) {
		scenario_free(s);
		return FP_ERR;
	}
	sha256_hex(doc->text, doc->text_len, s->sha256);
	*out = s;
	return FP_OK;
}

int scenario_load(const char *path, struct scenario **out, struct diag *d)
{
	struct ydoc *doc = NULL;
	int rc;

	*out = NULL;
	if (ydoc_load(path, NULL, 0, &doc, d))
		return FP_ERR;
	rc = scenario_of_doc(doc, out, d);
	ydoc_free(doc);
	return rc;
}

/* ---- Command-line shorthands ----------------------------------------- */

static bool is_name_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* True if word stands in text as a whole name, not inside a longer one. */
static bool mentions(const char *text, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = text; (p = strstr(p, word)) != NULL; p++) {
		bool before = p > text && is_name_char(p[-1]);
		bool after = is_name_char(p[len]);
		if (!before && !after)
			return true;
	}
	return false;
}

int scenario_set_runtime_factor(struct scenario *s, double factor,
                                struct diag *d)
{
	char buf[NUMFMT_MAX];

	if (!isfinite(factor) || factor <= 0)
		return diag_set(d, NULL, 0, 0,
		                "--runtime-factor %s: must be a number > 0",
		                numfmt_exact(buf, factor));
	if (s->runtime.text && !mentions(s->runtime.text, "runtime_factor"))
		return diag_set(
		    d, s->runtime.file, s->runtime.line, s->runtime.col,
		    "--runtime-factor needs a runtime formula that uses "
		    "runtime_factor, and this one does not");
	if (!s->runtime.text) {
		s->runtime.file = strdup(SCENARIO_COMMAND_LINE);
		s->runtime.text = strdup(runtime_factor_formula);
		s->runtime.prefix = strdup("--runtime-factor: ");
		s->runtime.line = 1;
		s->runtime.col = (int)strlen("--runtime-factor: ") + 1;
		if (!s->runtime.file || !s->runtime.text || !s->runtime.prefix)
			return diag_oom(d);
	}
	if (!find_param(s, "runtime_factor"))
		return add_param(s, "runtime_factor", factor, d);
	return scenario_set_param(s, "runtime_factor", factor, d);
}

int scenario_add_glob(struct scenario *s, int pass, const char *glob,
                      struct diag *d)
{
	if (!*glob)
		return diag_set(d, NULL, 0, 0,
		                "--%s: the case name or glob is empty",
		                pass ? "pass" : "fail");
	return pass
	           ? add_glob(&s->pass, &s->pass_pos, &s->npass, glob, 0, 0, d)
	           : add_glob(&s->fail, &s->fail_pos, &s->nfail, glob, 0, 0, d);
}

int scenario_set_param(struct scenario *s, const char *name, double value,
                       struct diag *d)
{
	struct param *p = find_param(s, name);

	if (!p)
		return param_unknown(NULL, 0, s->params, s->nparams, name, "",
		                     d);
	if (param_check_value(name, value, d) != FP_OK)
		return FP_ERR;
	p->value = value;
	if (s->env && p->slot >= 0)
		fx_env_set_scalar(s->env, p->slot, value);
	return FP_OK;
}
