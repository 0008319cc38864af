/* xml.h: the one safe way the readers parse XML (JUnit reports, Catch2's
 * XML reporter) with libxml2: no network (XML_PARSE_NONET), no DTD
 * loaded, no entity substituted, at most XML_MAX_FILE bytes, libxml2's
 * messages kept as one error (FILE:LINE:COL) and never printed. */
#ifndef FP_RUN_XML_H
#define FP_RUN_XML_H

#include <stddef.h>

#include <libxml/tree.h>

#include "util/diag.h"

#define XML_MAX_FILE ((size_t)256 << 20)

/* Parses text[0..len) of the file named path; what names the kind of
 * document in errors ("a JUnit XML report": "not a JUnit XML report:
 * MESSAGE").  On success the caller owns *out (xmlFreeDoc). */
int xml_parse(const char *path, const char *text, size_t len, const char *what,
              xmlDoc **out, struct diag *d);

/* True if n is an element called name. */
int xml_is(const xmlNode *n, const char *name);

/* The attribute name of n as a malloc'd string, or NULL (none, or out of
 * memory: *oom set then). */
char *xml_attr(const xmlNode *n, const char *name, int *oom);

#endif
