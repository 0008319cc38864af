/* test_metric_find.c: finding a metric (price/metric_find.c): the built-in
 * copies are the shipped files byte for byte, a name is looked up along
 * the documented path, an unknown name lists what there is. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "price/metric.h"
#include "test_metric_util.h"
#include "util/sha256.h"

/* ---- The built-in copy and finding metrics by name -------------------- */

/* Every built-in metric is its shipped file byte for byte, loads, and has
 * the file's hash; the default is pypto-gym. */
static void test_builtin_is_the_shipped_file(void **state)
{
	char path[4096], hex[65];
	struct metric *m;
	struct diag d;
	size_t count = 0;

	for (const struct metric_builtin *b = metric_builtins; b->name; b++) {
		FILE *f;
		char *text;
		long len;

		count++;
		snprintf(path, sizeof path, "%s/metrics/%s.yaml", TEST_SRCDIR,
		         b->name);
		f = fopen(path, "rb");
		assert_non_null(f);
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		text = malloc((size_t)len);
		assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
		fclose(f);
		assert_int_equal(b->len, (size_t)len);
		assert_memory_equal(b->text, text, (size_t)len);
		free(text);

		unsetenv("FIXPRICE_METRICS_PATH");
		assert_int_equal(metric_load(b->name, &m, &d), FP_OK);
		assert_string_equal(m->name, b->name);
		assert_int_equal(sha256_file(path, hex, &d), FP_OK);
		assert_string_equal(m->sha256, hex);
		metric_free(m);
	}
	assert_int_equal(count, 4);

	/* The default is found like -m pypto-gym: the built-in copy, or an
	 * installed one. */
	assert_int_equal(metric_load(NULL, &m, &d), FP_OK);
	if (strcmp(m->path, "<builtin>/pypto-gym.yaml") != 0)
		assert_string_equal(m->path, FP_DATADIR "/metrics/pypto-gym.yaml");
	assert_string_equal(m->name, "pypto-gym");
	metric_free(m);
}

static void set_path(const char *dirs)
{
	char buf[8192];

	if (!dirs) {
		unsetenv("FIXPRICE_METRICS_PATH");
		return;
	}
	/* dirs is a ':'-separated list relative to the source tree. */
	buf[0] = '\0';
	for (const char *p = dirs; *p;) {
		const char *colon = strchr(p, ':');
		size_t len = colon ? (size_t)(colon - p) : strlen(p);
		size_t used = strlen(buf);
		snprintf(buf + used, sizeof buf - used, "%s%s/%.*s",
		         used ? ":" : "", TEST_SRCDIR, (int)len, p);
		p = colon ? colon + 1 : p + len;
	}
	setenv("FIXPRICE_METRICS_PATH", buf, 1);
}

static bool ends_with(const char *s, const char *tail)
{
	size_t ls = strlen(s), lt = strlen(tail);
	return ls >= lt && strcmp(s + ls - lt, tail) == 0;
}

static void test_lookup_by_name(void **state)
{
	struct metric *m;
	struct diag d;

	/* The first folder's pypto-gym.yaml hides the shipped one. */
	set_path("tests/data/metrics/dir1:metrics");
	assert_int_equal(metric_load("pypto-gym", &m, &d), FP_OK);
	assert_true(ends_with(m->path, "tests/data/metrics/dir1/pypto-gym.yaml"));
	assert_string_equal(m->description, "an override of pypto-gym for tests");
	metric_free(m);
	/* .yml is found too. */
	assert_int_equal(metric_load("short-suffix", &m, &d), FP_OK);
	assert_true(ends_with(m->path, "dir1/short-suffix.yml"));
	metric_free(m);
	assert_int_equal(metric_load("kernelbench", &m, &d), FP_OK);
	assert_true(ends_with(m->path, "/metrics/kernelbench.yaml"));
	metric_free(m);

	/* Without a file, pypto-gym is the built-in copy. */
	set_path("tests/data/metrics/empty");
	assert_int_equal(metric_load("pypto-gym", &m, &d), FP_OK);
	if (strcmp(m->path, "<builtin>/pypto-gym.yaml") != 0) /* installed? */
		assert_string_equal(m->path, FP_DATADIR "/metrics/pypto-gym.yaml");
	metric_free(m);
	set_path(NULL);
}

static void test_lookup_unknown_name(void **state)
{
	struct metric *m = (struct metric *)1;
	struct diag d;

	set_path("metrics");
	assert_int_equal(metric_load("pypto-gim", &m, &d), FP_ERR);
	assert_null(m);
	assert_string_equal(d.file, "");
	/* Sorted; the installed folder may add names after these. */
	assert_true(strncmp(d.msg,
	                    "no metric named 'pypto-gim' (shipped: kernelbench, "
	                    "pypto-gym, pypto-gym-sublinear, pypto-gym-weighted",
	                    strlen("no metric named 'pypto-gim' (shipped: "
	                           "kernelbench, pypto-gym, pypto-gym-sublinear, "
	                           "pypto-gym-weighted")) == 0);
	set_path(NULL);
}

struct seen {
	char names[16][64];
	char descriptions[16][256];
	size_t n;
};

static void remember(const char *name, const char *path,
                     const char *description, void *arg)
{
	struct seen *s = arg;

	if (s->n < 16) {
		snprintf(s->names[s->n], sizeof s->names[0], "%s", name);
		snprintf(s->descriptions[s->n], sizeof s->descriptions[0], "%s",
		         description);
		s->n++;
	}
}

static void test_list(void **state)
{
	struct seen s = { .n = 0 };
	struct diag d;

	set_path("tests/data/metrics/dir1:metrics");
	assert_int_equal(metric_list(remember, &s, &d), FP_OK);
	assert_true(s.n >= 6);
	/* Sorted by name; a file that cannot be read says why. */
	assert_string_equal(s.names[0], "broken");
	assert_true(strncmp(s.descriptions[0], "(cannot read: ", 14) == 0);
	assert_string_equal(s.names[1], "kernelbench");
	assert_string_equal(s.names[2], "pypto-gym");
	assert_string_equal(s.descriptions[2],
	                    "an override of pypto-gym for tests");
	assert_string_equal(s.names[3], "pypto-gym-sublinear");
	assert_string_equal(s.names[4], "pypto-gym-weighted");
	assert_string_equal(s.names[5], "short-suffix");
	set_path(NULL);

	/* No folder has a shipped metric: the built-in ones are listed. */
	s.n = 0;
	set_path("tests/data/metrics/empty");
	assert_int_equal(metric_list(remember, &s, &d), FP_OK);
	assert_true(s.n >= 4);
	assert_string_equal(s.names[0], "kernelbench");
	assert_string_equal(s.names[1], "pypto-gym");
	assert_true(strncmp(s.descriptions[1], "Pass reward plus", 16) == 0);
	assert_string_equal(s.names[2], "pypto-gym-sublinear");
	assert_string_equal(s.names[3], "pypto-gym-weighted");
	set_path(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_builtin_is_the_shipped_file),
	    cmocka_unit_test(test_lookup_by_name),
	    cmocka_unit_test(test_lookup_unknown_name),
	    cmocka_unit_test(test_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
