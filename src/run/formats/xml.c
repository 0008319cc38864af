/* xml.c: parsing XML safely with libxml2 (xml.h). */
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/formats/xml.h"

/* Keeps libxml2's first error: the later ones follow from it. */
static void first_error(void *ctx, xmlErrorPtr e)
{
	xmlError *keep = ctx;

	if (keep->code == 0 && e) {
		keep->code = e->code ? e->code : 1;
		keep->line = e->line;
		keep->int2 = e->int2;
		keep->message = e->message ? strdup(e->message) : NULL;
	}
}

static int not_xml(const char *path, const char *what, xmlError *e,
                   struct diag *d)
{
	char msg[200];
	size_t n;

	snprintf(msg, sizeof msg, "%s", e->message ? e->message : "not XML");
	n = strlen(msg);
	while (n > 0 && msg[n - 1] == '\n')
		msg[--n] = '\0';
	free(e->message);
	return diag_set(d, path, e->line, e->int2, "not %s: %s", what, msg);
}

int xml_parse(const char *path, const char *text, size_t len, const char *what,
              xmlDoc **out, struct diag *d)
{
	/* No network, no DTD, no entity substitution (no XML_PARSE_NOENT,
	 * XML_PARSE_DTDLOAD); errors kept, not printed. */
	int flags = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
	xmlError e = {0};
	xmlDoc *doc;

	*out = NULL;
	if (len > XML_MAX_FILE || len > (size_t)0x7fffffff)
		return diag_set(d, path, 0, 0, "%s over %zu bytes", what,
		                XML_MAX_FILE);
	xmlSetStructuredErrorFunc(&e, first_error);
	doc = xmlReadMemory(text, (int)len, NULL, NULL, flags);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!doc || e.code) {
		xmlFreeDoc(doc);
		return not_xml(path, what, &e, d);
	}
	*out = doc;
	return FP_OK;
}

int xml_is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	       strcmp((const char *)n->name, name) == 0;
}

char *xml_attr(const xmlNode *n, const char *name, int *oom)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s = v ? strdup((const char *)v) : NULL;

	if (v && !s)
		*oom = 1;
	xmlFree(v);
	return s;
}
