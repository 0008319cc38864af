/* test_yamldoc.c: the safe YAML loader: tree, positions, every refusal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/yamldoc.h"

static struct ydoc *load_ok(const char *text)
{
	struct ydoc *doc = NULL;
	struct diag d = {0};
	int rc = ydoc_load("t.yaml", text, strlen(text), &doc, &d);

	if (rc != FP_OK)
		fail_msg("unexpected error %d:%d: %s", d.line, d.col, d.msg);
	return doc;
}

/* Loads text of len bytes, expects a refusal at line:col with msg. */
static void expect_error_n(const char *text, size_t len, int line, int col,
                           const char *msg)
{
	struct ydoc *doc = NULL;
	struct diag d = {0};

	assert_int_equal(ydoc_load("t.yaml", text, len, &doc, &d), FP_ERR);
	assert_null(doc);
	assert_string_equal(d.file, "t.yaml");
	assert_string_equal(d.msg, msg);
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
}

static void expect_error(const char *text, int line, int col, const char *msg)
{
	expect_error_n(text, strlen(text), line, col, msg);
}

static void test_tree_and_positions(void **state)
{
	struct ydoc *doc = load_ok("name: pypto\n"
	                           "params:\n"
	                           "  pass_reward: 0.3\n"
	                           "list: [a, 'b', \"c\"]\n"
	                           "score: |\n"
	                           "  min(1, x)\n");
	struct ynode *root = doc->root, *n;

	assert_non_null(root);
	assert_int_equal(root->kind, YNODE_MAP);
	assert_int_equal(root->count, 4);
	assert_int_equal(root->line, 1);
	assert_int_equal(root->col, 1);

	n = ydoc_get(root, "name");
	assert_int_equal(n->kind, YNODE_SCALAR);
	assert_string_equal(n->str, "pypto");
	assert_int_equal(n->len, 5);
	assert_int_equal(n->line, 1);
	assert_int_equal(n->col, 7);
	assert_false(n->quoted);
	assert_false(n->block);

	/* Keys keep their own positions: "pass_reward" is at 3:3. */
	n = ydoc_get(root, "params");
	assert_int_equal(n->kind, YNODE_MAP);
	assert_int_equal(n->keys[0]->line, 3);
	assert_int_equal(n->keys[0]->col, 3);
	assert_int_equal(n->items[0]->line, 3);
	assert_int_equal(n->items[0]->col, 16);

	n = ydoc_get(root, "list");
	assert_int_equal(n->kind, YNODE_SEQ);
	assert_int_equal(n->count, 3);
	assert_false(n->items[0]->quoted);
	assert_true(n->items[1]->quoted);
	assert_true(n->items[2]->quoted);
	/* "list: [a, 'b', \"c\"]": [ at col 7, a at 8, 'b' at 11, "c" at 16 */
	assert_int_equal(n->col, 7);
	assert_int_equal(n->items[1]->col, 11);
	assert_int_equal(n->items[2]->col, 16);

	/* A block scalar's position is that of its '|' indicator. */
	n = ydoc_get(root, "score");
	assert_true(n->block);
	assert_string_equal(n->str, "min(1, x)\n");
	assert_int_equal(n->line, 5);
	assert_int_equal(n->col, 8);

	assert_null(ydoc_get(root, "nope"));
	assert_null(ydoc_get(n, "score")); /* not a map */
	assert_null(ydoc_get(NULL, "score"));
	ydoc_free(doc);
}

static void test_bom_crlf(void **state)
{
	struct ydoc *doc = load_ok("\xef\xbb\xbf" "a: 1\r\nbb: 2\r\n");
	size_t len;
	const char *line;

	/* The byte order mark takes no column. */
	assert_int_equal(doc->root->keys[0]->col, 1);
	assert_int_equal(doc->root->items[1]->line, 2);
	assert_int_equal(doc->root->items[1]->col, 5);
	line = ydoc_line(doc, 1, &len);
	assert_int_equal(len, 4);
	assert_memory_equal(line, "a: 1", 4);
	line = ydoc_line(doc, 2, &len);
	assert_int_equal(len, 5);
	assert_memory_equal(line, "bb: 2", 5);
	assert_null(ydoc_line(doc, 3, &len));
	assert_null(ydoc_line(doc, 0, &len));
	ydoc_free(doc);
}

static void test_empty(void **state)
{
	struct ydoc *doc = load_ok("");
	assert_null(doc->root);
	ydoc_free(doc);
	doc = load_ok("# only a comment\n");
	assert_null(doc->root);
	ydoc_free(doc);
	/* An explicit empty document is one empty plain scalar. */
	doc = load_ok("---\n");
	assert_int_equal(doc->root->kind, YNODE_SCALAR);
	assert_int_equal(doc->root->len, 0);
	ydoc_free(doc);
}

static void test_numbers(void **state)
{
	struct ydoc *doc = load_ok("[1e-3, +2, .5, -0.25, 7, nan, .inf, 0x10, "
	                           "1_000, 1e999, '1', abc, \"\", 1.5.2]");
	struct ynode **it = doc->root->items;
	double v = 42;

	assert_true(ydoc_number(it[0], &v));
	assert_true(v == 1e-3);
	assert_true(ydoc_number(it[1], &v));
	assert_true(v == 2);
	assert_true(ydoc_number(it[2], &v));
	assert_true(v == 0.5);
	assert_true(ydoc_number(it[3], &v));
	assert_true(v == -0.25);
	assert_true(ydoc_number(it[4], &v));
	assert_true(v == 7);
	v = 42;
	for (int i = 5; i < 14; i++)
		assert_false(ydoc_number(it[i], &v));
	assert_true(v == 42); /* untouched on failure */
	assert_false(ydoc_number(doc->root, &v));
	assert_false(ydoc_number(NULL, &v));
	ydoc_free(doc);

	doc = load_ok("x: |\n  1\n");
	assert_false(ydoc_number(doc->root->items[0], &v));
	ydoc_free(doc);
}

static void test_two_documents(void **state)
{
	expect_error("a: 1\n---\nb: 2\n", 2, 1,
	             "only one YAML document is allowed per file");
}

static void test_anchor_alias(void **state)
{
	expect_error("a: &x 1\n", 1, 4, "YAML anchors are not allowed (&x)");
	expect_error("a: 1\nb: *x\n", 2, 4, "YAML aliases are not allowed (*x)");
	expect_error("a: &m {b: 1}\n", 1, 4, "YAML anchors are not allowed (&m)");
	expect_error("- &s [1]\n", 1, 3, "YAML anchors are not allowed (&s)");
}

/* The classic "billion laughs": nine levels of aliases that expand to 10^9
 * strings from a file of under 1 KiB.  It never gets past its first
 * anchor. */
static void test_billion_laughs(void **state)
{
	static const char text[] =
		"a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
		"b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
		"c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
		"d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
		"e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
		"f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
		"g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
		"h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
		"i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n";
	expect_error(text, 1, 4, "YAML anchors are not allowed (&a)");
}

static void test_tags(void **state)
{
	expect_error("a: !!str 1\n", 1, 4, "YAML tags are not allowed (!!str)");
	expect_error("a: !foo x\n", 1, 4, "YAML tags are not allowed (!foo)");
	expect_error("!!map {a: 1}\n", 1, 1, "YAML tags are not allowed (!!map)");
	expect_error("- !!seq []\n", 1, 3, "YAML tags are not allowed (!!seq)");
	expect_error("a: ! x\n", 1, 4, "YAML tags are not allowed (!)");
}

static void test_merge_key(void **state)
{
	struct ydoc *doc;

	expect_error("base: {x: 1}\nd:\n  <<: {y: 2}\n", 3, 3,
	             "YAML merge keys ('<<') are not allowed");
	/* Quoted, it is an ordinary key. */
	doc = load_ok("'<<': 1\n");
	assert_string_equal(doc->root->keys[0]->str, "<<");
	ydoc_free(doc);
}

static void test_duplicate_keys(void **state)
{
	expect_error("a: 1\nb: 2\na: 3\n", 3, 1,
	             "duplicate key 'a' (first on line 1)");
	expect_error("m: {x: 1, y: 2, x: 3}\n", 1, 17,
	             "duplicate key 'x' (first on line 1)");
	/* Two duplicates: the earlier one in the file is reported. */
	expect_error("z: 1\na: 1\na: 2\nz: 2\n", 3, 1,
	             "duplicate key 'a' (first on line 2)");
	/* A key with a control character is shown escaped. */
	expect_error("\"a\\eb\": 1\n\"a\\eb\": 2\n", 2, 1,
	             "duplicate key 'a\\x1bb' (first on line 1)");
	/* Quoting does not make a key different. */
	expect_error("k: 1\n'k': 2\n", 2, 1, "duplicate key 'k' (first on line 1)");
	/* Many keys (the sorted path) and a long key, cut in the message. */
	{
		char text[8192], key[100];
		size_t off = 0;
		memset(key, 'k', 99);
		key[99] = '\0';
		for (int i = 0; i < 200; i++)
			off += (size_t)snprintf(text + off, sizeof text - off,
			                        "k%d: %d\n", i, i);
		off += (size_t)snprintf(text + off, sizeof text - off,
		                        "%s: 1\n%s: 2\n", key, key);
		expect_error(text, 202, 1,
		             "duplicate key 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...' "
		             "(first on line 201)");
	}
}

static void test_complex_key(void **state)
{
	expect_error("? [a]\n: 1\n", 1, 3, "a mapping key must be a scalar");
	expect_error("{{a: 1}: 2}\n", 1, 2, "a mapping key must be a scalar");
}

static void test_depth(void **state)
{
	char text[2 * YDOC_MAX_DEPTH + 8];
	struct ydoc *doc;
	int i;

	/* 64 nested flow sequences are fine ... */
	for (i = 0; i < YDOC_MAX_DEPTH; i++)
		text[i] = '[';
	for (int j = 0; j < YDOC_MAX_DEPTH; j++)
		text[i++] = ']';
	text[i] = '\0';
	doc = load_ok(text);
	ydoc_free(doc);
	/* ... the 65th '[' (column 65) is one too many. */
	for (i = 0; i <= YDOC_MAX_DEPTH; i++)
		text[i] = '[';
	for (int j = 0; j <= YDOC_MAX_DEPTH; j++)
		text[i++] = ']';
	text[i] = '\0';
	expect_error(text, 1, 65, "nesting deeper than 64 levels");
}

/* "[0,0,...]" with k zeros is 1 + k nodes; item j is at column 2j.  With
 * k = 10^7 the last zero is node 10^7 + 1, at column 2 * 10^7.  The file
 * is 20 MB, so it is refused by the checking walk, before any tree. */
static void test_node_cap(void **state)
{
	size_t k = YDOC_MAX_NODES, len = 2 * k + 1;
	char *text = malloc(len + 1);

	assert_non_null(text);
	text[0] = '[';
	for (size_t j = 0; j < k; j++) {
		text[1 + 2 * j] = '0';
		text[2 + 2 * j] = ',';
	}
	text[len - 1] = ']';
	text[len] = '\0';
	expect_error_n(text, len, 1, 20000000, "more than 10000000 YAML nodes");
	free(text);
}

/* At and past a lowered cap: "{a: [1, 2]}" is 5 nodes (the mapping, key
 * a, the list and its two items); a third item is the sixth, at its
 * position.  test_node_cap shows that ydoc_load's cap is YDOC_MAX_NODES. */
static void test_node_cap_lowered(void **state)
{
	struct ydoc *doc;
	struct diag d = {0};

	assert_int_equal(ydoc_load_capped("t.yaml", "{a: [1, 2]}", 11, 5, &doc,
	                                  &d), FP_OK);
	ydoc_free(doc);
	assert_int_equal(ydoc_load_capped("t.yaml", "{a: [1, 2, 3]}", 14, 5,
	                                  &doc, &d), FP_ERR);
	assert_string_equal(d.msg, "more than 5 YAML nodes");
	assert_int_equal(d.line, 1);
	assert_int_equal(d.col, 12);
}

static void test_scalar_cap(void **state)
{
	size_t n = YDOC_MAX_SCALAR + 1;
	char *text = malloc(n + 8);
	struct ydoc *doc;

	assert_non_null(text);
	memcpy(text, "a: ", 3);
	memset(text + 3, 'x', n);
	text[3 + n] = '\0';
	expect_error_n(text, 3 + n, 1, 4, "scalar longer than 1048576 bytes");
	/* Exactly the cap is fine. */
	text[3 + n - 1] = '\0';
	doc = load_ok(text);
	assert_int_equal(doc->root->items[0]->len, YDOC_MAX_SCALAR);
	ydoc_free(doc);
	free(text);
}

/* Over 4 MiB, the file is walked twice (check, then build): five scalars of
 * 1 MiB each must come out whole. */
static void test_large_file(void **state)
{
	size_t n = YDOC_MAX_SCALAR, per = n + 3, len = 5 * per;
	char *text = malloc(len + 1);
	struct ydoc *doc;

	assert_non_null(text);
	for (int i = 0; i < 5; i++) {
		memcpy(text + i * per, "- ", 2);
		memset(text + i * per + 2, 'a' + i, n);
		text[i * per + per - 1] = '\n';
	}
	text[len] = '\0';
	doc = load_ok(text);
	assert_int_equal(doc->root->count, 5);
	assert_int_equal(doc->root->items[4]->len, n);
	assert_int_equal(doc->root->items[4]->str[n - 1], 'e');
	assert_int_equal(doc->root->items[4]->line, 5);
	ydoc_free(doc);
	free(text);
}

static void test_nul(void **state)
{
	expect_error_n("a: 1\nb: x\0y\n", 12, 2, 5,
	               "NUL bytes are not allowed in a YAML file");
	expect_error("a: \"x\\0y\"\n", 1, 4, "NUL characters are not allowed");
}

static void test_libyaml_errors(void **state)
{
	static const char unclosed[] = "quoted scalar is not closed: the "
	                               "file ends before its closing quote";

	expect_error("a: [1\n", 2, 1,
	             "did not find expected ',' or ']' "
	             "(while parsing a flow sequence at line 1)");
	expect_error("a: 1\n b: 2\n", 2, 3,
	             "mapping values are not allowed in this context");
	expect_error("a: \xff\n", 1, 4, "invalid leading UTF-8 octet");
	/* Columns count characters: the 'é' key is one. */
	expect_error("\xc3\xa9: 1\nb: x\x01\n", 2, 5,
	             "control characters are not allowed");
	/* A quote the file never closes, where it opens. */
	expect_error("a: 'x\n", 1, 4, unclosed);
	expect_error("a: 1\nb: \"x\\\"\n\n  y\n", 2, 4, unclosed);
}

/* Escapes that stand for blanks become as many spaces; the others and
 * real line breaks stay as written, up to the unescaped closing quote. */
static void test_quoted_layout(void **state)
{
	static const struct {
		const char *file, *want;
	} cases[] = {
		{"min(1,\\n x)\" # c", "min(1,   x)"},
		{"a\\x20b\\\"c\\u000A\\U00000009\\\td\"",
		 "a    b\\\"c                  d"},
		{"\\r\\x41\n  \\u00e9\"", "  \\x41\n  \\u00e9"},
		{"\"", ""},
	};
	size_t len;
	char *got;

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *f = cases[i].file;
		got = ydoc_quoted_layout(f, f + strlen(f), &len);
		assert_non_null(got);
		assert_string_equal(got, cases[i].want);
		assert_int_equal(len, strlen(cases[i].want));
		free(got);
	}
	assert_null(ydoc_quoted_layout("abc\\\"", "abc\\\"" + 5, &len));
}

static void test_source_line(void **state)
{
	struct ydoc *doc = NULL;
	struct diag d = {0};
	const char *text = "a: 1\nbb: !!str x\n";

	assert_int_equal(ydoc_load("t.yaml", text, strlen(text), &doc, &d),
	                 FP_ERR);
	assert_string_equal(d.src, "bb: !!str x");
	assert_int_equal(d.caret, 5);
}

static void test_ydoc_error(void **state)
{
	struct ydoc *doc = load_ok("a:\n  b: wrong\n");
	struct ynode *b = ydoc_get(ydoc_get(doc->root, "a"), "b");
	struct diag d = {0};

	assert_int_equal(ydoc_error(doc, b, &d, "b must be %s", "a number"),
	                 FP_ERR);
	assert_string_equal(d.file, "t.yaml");
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 6);
	assert_string_equal(d.msg, "b must be a number");
	assert_string_equal(d.src, "  b: wrong");
	assert_int_equal(d.caret, 6);
	/* Without a node: a message about the whole file. */
	ydoc_error(doc, NULL, &d, "empty");
	assert_int_equal(d.line, 0);
	assert_string_equal(d.src, "");
	ydoc_free(doc);
}

static void test_from_file(void **state)
{
	struct ydoc *doc = NULL;
	struct diag d = {0};

	assert_int_equal(ydoc_load(TEST_SRCDIR "/tests/data/runs/simple.yaml",
	                           NULL, 0, &doc, &d), FP_OK);
	assert_int_equal(doc->root->kind, YNODE_SEQ);
	assert_int_equal(doc->root->count, 3);
	assert_string_equal(ydoc_get(doc->root->items[2], "case")->str, "c");
	ydoc_free(doc);

	doc = NULL;
	assert_int_equal(ydoc_load("no/such.yaml", NULL, 0, &doc, &d), FP_ERR);
	assert_null(doc);
	assert_string_equal(d.file, "no/such.yaml");
	assert_int_equal(d.line, 0);
	assert_string_equal(d.msg, "cannot open: No such file or directory");
}

/* A file one byte over 1 GiB (sparse, so the test costs nothing) is
 * refused before it is read. */
static void test_file_cap(void **state)
{
	const char *path = TEST_BUILDDIR "/tests/test_yamldoc-big.yaml";
	struct ydoc *doc = NULL;
	struct diag d = {0};
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fseek(f, (1L << 30), SEEK_SET), 0);
	assert_int_equal(fputc('x', f), 'x');
	assert_int_equal(fclose(f), 0);
	assert_int_equal(ydoc_load(path, NULL, 0, &doc, &d), FP_ERR);
	unlink(path);
	assert_null(doc);
	assert_string_equal(d.msg, "file is larger than 1 GiB");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_and_positions),
		cmocka_unit_test(test_bom_crlf),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_two_documents),
		cmocka_unit_test(test_anchor_alias),
		cmocka_unit_test(test_billion_laughs),
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_merge_key),
		cmocka_unit_test(test_duplicate_keys),
		cmocka_unit_test(test_complex_key),
		cmocka_unit_test(test_depth),
		cmocka_unit_test(test_node_cap),
		cmocka_unit_test(test_node_cap_lowered),
		cmocka_unit_test(test_scalar_cap),
		cmocka_unit_test(test_large_file),
		cmocka_unit_test(test_nul),
		cmocka_unit_test(test_libyaml_errors),
		cmocka_unit_test(test_quoted_layout),
		cmocka_unit_test(test_source_line),
		cmocka_unit_test(test_ydoc_error),
		cmocka_unit_test(test_from_file),
		cmocka_unit_test(test_file_cap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
