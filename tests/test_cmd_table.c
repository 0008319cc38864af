/* Tests for the command table: every option of every command is in its
 * help and in its section of man/fixprice.1, the usage texts come from the
 * table, and an out-of-memory diag gives its own exit status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cmd/command.h"
#include "report/invocation.h"

/* The man page with roff's "\-" turned into "-", read once. */
static char *man_text(void)
{
	static char *text;
	FILE *f;
	long size;
	char *w;

	if (text)
		return text;
	f = fopen(TEST_SRCDIR "/man/fixprice.1", "r");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	text = calloc((size_t)size + 1, 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	w = text;
	for (const char *r = text; *r; r++) {
		if (r[0] == '\\' && r[1] == '-')
			r++;
		*w++ = *r;
	}
	*w = '\0';
	return text;
}

/* The text of the section that starts with the line `head` (".SS price",
 * ".SH INPUT OPTIONS"), up to the next section; a new string. */
static char *section(const char *head)
{
	const char *man = man_text(), *start, *end;
	char line[128];

	snprintf(line, sizeof line, "\n%s\n", head);
	start = strstr(man, line);
	if (!start)
		fail_msg("man/fixprice.1 has no section '%s'", head);
	start += strlen(line);
	end = start;
	while ((end = strchr(end, '\n')) && strncmp(end + 1, ".SS ", 4) != 0 &&
	       strncmp(end + 1, ".SH ", 4) != 0)
		end++;
	if (!end)
		end = start + strlen(start);
	return strndup(start, (size_t)(end - start));
}

/* True if text names the option: "--NAME" not followed by more of a name
 * (so "--x" is not found in "--xy"). */
static bool names_option(const char *text, const struct opt_spec *s)
{
	char want[64];
	const char *p = text;
	size_t len;

	len = (size_t)snprintf(want, sizeof want, "--%s", s->name);
	while ((p = strstr(p, want))) {
		char next = p[len];
		if (!(next == '-' || (next >= 'a' && next <= 'z') ||
		      (next >= '0' && next <= '9')))
			break;
		p += len;
	}
	if (!p)
		return false;
	snprintf(want, sizeof want, "-%c", s->letter);
	return !s->letter || strstr(text, want);
}

static char *help_of(const struct command *c)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	assert_non_null(f);
	help_command(c, f);
	fclose(f);
	return text;
}

static void check_options(const struct command *c, const struct opt_spec *s,
                          const char *man, const char *manname,
                          const char *help)
{
	for (; s && s->name; s++) {
		if (!names_option(man, s))
			fail_msg("%s: --%s is not in man/fixprice.1's %s",
			         c->name, s->name, manname);
		if (!names_option(help, s))
			fail_msg("%s: --%s is not in 'fixprice help %s'",
			         c->name, s->name, c->name);
	}
}

static void test_every_option_documented(void **state)
{
	for (const struct command *const *c = fp_commands; *c; c++) {
		char head[64], *man, *help = help_of(*c);

		snprintf(head, sizeof head, ".SS %s", (*c)->name);
		man = section(head);
		check_options(*c, (*c)->options, man, head, help);
		for (const struct opt_group *const *g = (*c)->groups; g && *g;
		     g++) {
			char *gman;

			/* The command's section sends the reader to the group's. */
			if (!strstr(man, (*g)->man))
				fail_msg(
				    "man/fixprice.1's .SS %s does not name %s",
				    (*c)->name, (*g)->man);
			snprintf(head, sizeof head, ".SH %s", (*g)->man);
			gman = section(head);
			check_options(*c, (*g)->opts, gman, head, help);
			free(gman);
		}
		assert_non_null(strstr(help, "  -h, --help "));
		free(man);
		free(help);
	}
}

/* Adds each "--name" in line[0..len) to names (n of them, at most max),
 * once. */
static void add_long_names(const char *line, size_t len, char **names,
                           size_t *n, size_t max)
{
	for (size_t i = 0; i + 2 < len; i++) {
		size_t k = i + 2;

		if (line[i] != '-' || line[i + 1] != '-' ||
		    (i > 0 && (line[i - 1] == '-' || line[i - 1] >= 'a')))
			continue;
		while (k < len &&
		       ((line[k] >= 'a' && line[k] <= 'z') ||
		        (line[k] >= '0' && line[k] <= '9') || line[k] == '-'))
			k++;
		if (k == i + 2)
			continue;
		char *name = strndup(line + i + 2, k - i - 2);
		bool seen = false;

		for (size_t j = 0; j < *n; j++)
			seen = seen || strcmp(names[j], name) == 0;
		if (seen || strcmp(name, "help") == 0) {
			free(name);
		} else {
			assert_true(*n < max);
			names[(*n)++] = name;
		}
		i = k;
	}
}

/* The options a man section defines: those named on the line after each
 * .TP or .TQ (the paragraph's head), not those its prose mentions. */
static void man_defined(const char *text, char **names, size_t *n, size_t max)
{
	const char *p = text;

	while ((p = strchr(p, '\n'))) {
		p++;
		if (strncmp(p, ".TP\n", 4) == 0 ||
		    strncmp(p, ".TQ\n", 4) == 0) {
			const char *head = p + 4, *end = strchr(head, '\n');

			add_long_names(
			    head, end ? (size_t)(end - head) : strlen(head),
			    names, n, max);
		}
	}
}

/* The options help lists: the "--name" in the head of each line that
 * starts with "  -" (up to the two blanks before its help). */
static void help_listed(const char *help, char **names, size_t *n, size_t max)
{
	for (const char *p = help; p; p = strchr(p, '\n')) {
		const char *end;

		if (*p == '\n')
			p++;
		if (strncmp(p, "  -", 3) != 0)
			continue;
		end = strstr(p + 2, "  ");
		add_long_names(p + 2,
		               end ? (size_t)(end - p - 2) : strcspn(p, "\n"),
		               names, n, max);
	}
}

static bool in_list(char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return true;
	return false;
}

/* Both ways: `help CMD` lists exactly the options that its man section
 * and the sections of the groups it takes define, so help and manual
 * cannot offer an option the command refuses, or miss one. */
static void test_help_matches_man(void **state)
{
	for (const struct command *const *c = fp_commands; *c; c++) {
		char head[64], *help = help_of(*c), *man, *in_man[96],
		               *in_help[96];
		size_t nman = 0, nhelp = 0;

		snprintf(head, sizeof head, ".SS %s", (*c)->name);
		man = section(head);
		man_defined(man, in_man, &nman, 96);
		free(man);
		for (const struct opt_group *const *g = (*c)->groups; g && *g;
		     g++) {
			snprintf(head, sizeof head, ".SH %s", (*g)->man);
			man = section(head);
			man_defined(man, in_man, &nman, 96);
			free(man);
		}
		help_listed(help, in_help, &nhelp, 96);
		for (size_t i = 0; i < nhelp; i++)
			if (!in_list(in_man, nman, in_help[i]))
				fail_msg("'fixprice help %s' lists --%s, which "
				         "its man sections do not define",
				         (*c)->name, in_help[i]);
		for (size_t i = 0; i < nman; i++)
			if (!in_list(in_help, nhelp, in_man[i]))
				fail_msg("man/fixprice.1 gives %s --%s, which "
				         "'fixprice help %s' does not list",
				         (*c)->name, in_man[i], (*c)->name);
		assert_true(nhelp > 0 || (*c)->options == NULL);
		for (size_t i = 0; i < nman; i++)
			free(in_man[i]);
		for (size_t i = 0; i < nhelp; i++)
			free(in_help[i]);
		free(help);
	}
}

static void test_every_id_once_per_command(void **state)
{
	/* One option loop over own and shared options: an id or name that
	 * two of them use would make one unreachable. */
	for (const struct command *const *c = fp_commands; *c; c++) {
		const struct opt_spec *all[64];
		size_t n = 0;

		for (const struct opt_spec *s = (*c)->options; s && s->name;
		     s++)
			all[n++] = s;
		for (const struct opt_group *const *g = (*c)->groups; g && *g;
		     g++)
			for (const struct opt_spec *s = (*g)->opts; s->name;
			     s++)
				all[n++] = s;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < i; j++) {
				assert_int_not_equal(all[i]->id, all[j]->id);
				assert_string_not_equal(all[i]->name,
				                        all[j]->name);
				assert_true(!all[i]->letter ||
				            all[i]->letter != all[j]->letter);
			}
		assert_non_null(command_find((*c)->name));
	}
}

/* Whether some option of some command is replayed as key. */
static bool replayed_by_an_option(const char *key)
{
	for (const struct command *const *c = fp_commands; *c; c++) {
		for (const struct opt_spec *s = (*c)->options; s && s->name;
		     s++)
			if (s->replay && strcmp(s->replay, key) == 0)
				return true;
		for (const struct opt_group *const *g = (*c)->groups; g && *g;
		     g++)
			for (const struct opt_spec *s = (*g)->opts; s->name;
			     s++)
				if (s->replay && strcmp(s->replay, key) == 0)
					return true;
	}
	return false;
}

static bool kept_by_the_record(const char *key)
{
	const char *k;

	for (size_t i = 0; (k = record_invocation_key(i)); i++)
		if (strcmp(k, key) == 0)
			return true;
	return false;
}

/* An option that changes the figures is kept in the record's invocation,
 * which verify replays, and the invocation keeps nothing else: a new
 * option marked .replay without its key, or a key no option fills, fails
 * here rather than in a record verify cannot reproduce. */
static void test_figure_options_replayed(void **state)
{
	const char *k;

	for (const struct command *const *c = fp_commands; *c; c++) {
		for (const struct opt_spec *s = (*c)->options; s && s->name;
		     s++)
			if (s->replay && !kept_by_the_record(s->replay))
				fail_msg("--%s: no invocation key '%s'",
				         s->name, s->replay);
		for (const struct opt_group *const *g = (*c)->groups; g && *g;
		     g++)
			for (const struct opt_spec *s = (*g)->opts; s->name;
			     s++)
				if (s->replay && !kept_by_the_record(s->replay))
					fail_msg("--%s: no invocation key '%s'",
					         s->name, s->replay);
	}
	for (size_t i = 0; (k = record_invocation_key(i)); i++)
		if (!replayed_by_an_option(k))
			fail_msg("invocation key '%s': no option replays it",
			         k);
}

static void test_usage_texts(void **state)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	help_short_usage(&cmd_map, f);
	help_short_usage(&cmd_metrics, f);
	fclose(f);
	assert_string_equal(text,
	                    "usage: fixprice map [OPTIONS] BEFORE [AFTER] "
	                    "--x NAME=LO:HI --y NAME=LO:HI\n"
	                    "Run 'fixprice help map' for the options.\n"
	                    "usage: fixprice metrics [--show NAME]\n"
	                    "Run 'fixprice help metrics' for the options.\n");
	free(text);
	text = help_of(&cmd_tornado);
	/* An option with its help on the same line, one with a continuation
	 * line lined up under it. */
	assert_non_null(strstr(text, "\n  --delta D               relative "
	                             "change, as 25% or 0.25 (default 25%)\n"));
	assert_non_null(strstr(text,
	                       "\n  --column TO=FROM        use run column "
	                       "FROM as TO (e.g.\n                     "
	                       "     runtime=real_time_ns)\n"));
	free(text);
}

static void test_oom_status(void **state)
{
	struct diag d;

	assert_int_equal(diag_oom(&d), FP_ERR);
	assert_string_equal(d.msg, "out of memory");
	assert_int_equal(command_status(&d), EXIT_OOM);
	assert_int_equal(EXIT_OOM, 4);
	/* A later error on the same diag is bad input again. */
	diag_set(&d, "f.csv", 1, 2, "bad cell");
	assert_int_equal(command_status(&d), EXIT_USAGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_option_documented),
	    cmocka_unit_test(test_help_matches_man),
	    cmocka_unit_test(test_every_id_once_per_command),
	    cmocka_unit_test(test_figure_options_replayed),
	    cmocka_unit_test(test_usage_texts),
	    cmocka_unit_test(test_oom_status),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
