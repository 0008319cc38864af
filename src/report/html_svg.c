/* html_svg.c: a plot gnuplot drew, inline in the HTML page, made safe.
 *
 * The SVG is parsed (run/formats/xml.h: no network, no DTD, no entity)
 * and only drawing survives: elements of a fixed list (shapes, text,
 * groups, definitions, filters), attributes that neither run (on...) nor
 * fetch (a link not to "#..." , a url() not to "#...", style); comments,
 * processing instructions and CDATA go.  Then it is written again by
 * libxml2, so every text (case names on the chart) is escaped XML, and no
 * name can end the <svg> element or start a script, whatever gnuplot
 * wrote. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/tree.h>

#include "report/html.h"
#include "run/formats/xml.h"
#include <errno.h>

static const char *const allowed[] = {
    "svg",      "g",
    "defs",     "title",
    "desc",     "path",
    "polygon",  "polyline",
    "rect",     "circle",
    "ellipse",  "line",
    "text",     "tspan",
    "use",      "filter",
    "feFlood",  "feComposite",
    "feMerge",  "feMergeNode",
    "feOffset", "feGaussianBlur",
    "clipPath", "linearGradient",
    "stop",     "symbol",
    "marker",
};

static bool element_ok(const xmlNode *n)
{
	for (size_t k = 0; k < sizeof allowed / sizeof *allowed; k++)
		if (strcmp((const char *)n->name, allowed[k]) == 0)
			return true;
	return false;
}

/* Where needle (lower case) is in s, any case; NULL if nowhere. */
static const char *find_ci(const char *s, const char *needle)
{
	size_t n = strlen(needle);

	for (; *s; s++)
		if (strncasecmp(s, needle, n) == 0)
			return s;
	return NULL;
}

/* An attribute that runs or fetches something. */
static bool attr_bad(const xmlAttr *a)
{
	const char *name = (const char *)a->name;
	xmlChar *v = xmlNodeGetContent((const xmlNode *)a);
	const char *s = v ? (const char *)v : "", *u;
	bool bad = strncasecmp(name, "on", 2) == 0 ||
	           strcasecmp(name, "style") == 0 ||
	           (strcasecmp(name, "href") == 0 && s[0] != '#') ||
	           find_ci(s, "javascript:") != NULL;

	for (u = s; !bad && (u = find_ci(u, "url(")); u += 4)
		bad = u[4] != '#';
	xmlFree(v);
	return bad;
}

static void clean(xmlNode *n)
{
	xmlNode *next;

	for (xmlNode *c = n->children; c; c = next) {
		next = c->next;
		if (c->type == XML_TEXT_NODE)
			continue;
		if (c->type != XML_ELEMENT_NODE || !element_ok(c)) {
			xmlUnlinkNode(c);
			xmlFreeNode(c);
			continue;
		}
		for (xmlAttr *a = c->properties, *an; a; a = an) {
			an = a->next;
			if (attr_bad(a))
				xmlRemoveProp(a);
		}
		clean(c);
	}
}

/* The picture's bytes (at most HTML_SVG_MAX); a plot this tool just drew,
 * not an input (so not util/source). */
static char *slurp(const char *path, size_t *len, struct diag *d)
{
	FILE *f = fopen(path, "rb");
	char *s;

	if (!f) {
		diag_set(d, path, 0, 0, "cannot open: %s", strerror(errno));
		return NULL;
	}
	s = malloc(HTML_SVG_MAX + 1);
	if (!s) {
		fclose(f);
		diag_oom(d);
		return NULL;
	}
	*len = fread(s, 1, HTML_SVG_MAX + 1, f);
	if (ferror(f) || *len > HTML_SVG_MAX) {
		diag_set(d, path, 0, 0,
		         ferror(f) ? "cannot read" : "picture over %d bytes",
		         HTML_SVG_MAX);
		free(s);
		s = NULL;
	}
	fclose(f);
	return s;
}

int html_svg(FILE *out, const char *path, struct diag *d)
{
	size_t len = 0;
	char *text = slurp(path, &len, d);
	xmlDoc *doc = NULL;
	xmlNode *root;
	xmlBuffer *buf;
	int rc = FP_ERR;

	if (!text)
		return FP_ERR;
	if (xml_parse(path, text, len, "an SVG picture", &doc, d) != FP_OK)
		goto out;
	root = xmlDocGetRootElement(doc);
	if (!root || strcmp((const char *)root->name, "svg") != 0) {
		diag_set(d, path, 0, 0, "not an SVG picture");
		goto out;
	}
	/* The root itself: its attributes too. */
	for (xmlAttr *a = root->properties, *an; a; a = an) {
		an = a->next;
		if (attr_bad(a))
			xmlRemoveProp(a);
	}
	clean(root);
	if (!(buf = xmlBufferCreate())) {
		diag_oom(d);
		goto out;
	}
	if (xmlNodeDump(buf, doc, root, 0, 0) < 0) {
		diag_oom(d);
	} else {
		fwrite(xmlBufferContent(buf), 1, (size_t)xmlBufferLength(buf),
		       out);
		rc = FP_OK;
	}
	xmlBufferFree(buf);
out:
	xmlFreeDoc(doc);
	free(text);
	return rc;
}
