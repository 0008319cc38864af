/* test_html.c: a plot put inline in index.html (report/html_svg.c) keeps
 * its drawing and text and loses whatever could run or fetch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/html.h"

static const char hostile[] =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<svg xmlns=\"http://www.w3.org/2000/svg\" "
    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"90\" "
    "onload=\"alert(1)\">\n"
    "<script>alert(2)</script>\n"
    "<!-- a comment -->\n"
    "<defs><path id='gpPt0' d='M-1,0 h2'/></defs>\n"
    "<g fill=\"url(#grad)\" filter=\"url(http://evil/f)\" "
    "style=\"background: url(http://evil/x)\">\n"
    "<use xlink:href='#gpPt0'/><use xlink:href='http://evil/#x'/>\n"
    "<a href=\"javascript:alert(3)\"><text>link</text></a>\n"
    "<text x=\"1\" onclick=\"alert(4)\">&lt;/svg&gt;&lt;script&gt; &amp; "
    "`x`</text>\n"
    "<foreignObject><div>html</div></foreignObject>\n"
    "<image href=\"http://evil/i.png\"/>\n"
    "<text><![CDATA[</svg><script>alert(5)</script>]]></text>\n"
    "</g></svg>\n";

static char *inline_of(const char *svg, int *rc, char *msg, size_t size)
{
	char path[] = "/tmp/fp-test-html-XXXXXX";
	int fd = mkstemp(path);
	FILE *f;
	char *out = NULL;
	size_t len;
	struct diag d = {0};

	assert_true(fd >= 0);
	assert_int_equal(write(fd, svg, strlen(svg)), (ssize_t)strlen(svg));
	close(fd);
	f = open_memstream(&out, &len);
	assert_non_null(f);
	*rc = html_svg(f, path, &d);
	fclose(f);
	snprintf(msg, size, "%s", d.msg);
	unlink(path);
	return out;
}

static void drawing_stays_the_rest_goes(void **state)
{
	int rc;
	char msg[600], *s = inline_of(hostile, &rc, msg, sizeof msg);

	(void)state;
	assert_int_equal(rc, FP_OK);
	/* Drawing and text stay, the text escaped. */
	assert_non_null(strstr(s, "<svg "));
	assert_non_null(strstr(s, "width=\"90\""));
	assert_non_null(strstr(s, "<path id=\"gpPt0\" d=\"M-1,0 h2\"/>"));
	assert_non_null(strstr(s, "<use xlink:href=\"#gpPt0\"/>"));
	assert_non_null(strstr(s, "fill=\"url(#grad)\""));
	assert_non_null(
	    strstr(s, ">&lt;/svg&gt;&lt;script&gt; &amp; `x`</text>"));
	/* What runs or fetches goes. */
	assert_null(strstr(s, "script>"));
	assert_null(strstr(s, "<script"));
	assert_null(strstr(s, "alert"));
	assert_null(strstr(s, "evil"));
	assert_null(strstr(s, "onload"));
	assert_null(strstr(s, "onclick"));
	assert_null(strstr(s, "style="));
	assert_null(strstr(s, "foreignObject"));
	assert_null(strstr(s, "<image"));
	assert_null(strstr(s, "<a "));
	assert_null(strstr(s, "CDATA"));
	assert_null(strstr(s, "comment"));
	assert_null(strstr(s, "<?xml"));
	/* One element: nothing after </svg>. */
	assert_non_null(strstr(s, "</svg>"));
	assert_string_equal(strstr(s, "</svg>"), "</svg>");
	free(s);
}

static void not_a_picture(void **state)
{
	int rc;
	char msg[600], *s;

	(void)state;
	s = inline_of("<html><p>x</p></html>", &rc, msg, sizeof msg);
	assert_int_equal(rc, FP_ERR);
	assert_string_equal(msg, "not an SVG picture");
	assert_string_equal(s, "");
	free(s);
	s = inline_of("<svg><g></svg>", &rc, msg, sizeof msg);
	assert_int_equal(rc, FP_ERR);
	assert_non_null(strstr(msg, "not an SVG picture: "));
	assert_string_equal(s, "");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(drawing_stays_the_rest_goes),
	    cmocka_unit_test(not_a_picture),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
