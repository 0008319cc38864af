/* metric_guards.c: the metric's `guards` key, which turns the verdict's
 * guards (price/guards.h: the table names them) on or off:
 *   guards:
 *     newly_failing: off   # accept a fix that makes cases fail
 *     control: off         # decide when net and delta_total differ in sign
 * All are on when the key is absent.  And the key `margin`: points of net
 * within which a fix has no material effect (0 when absent). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "price/guards.h"
#include "price/metric_check.h"
#include "price/metric_yaml.h"

static int read_switch(const struct ydoc *doc, const struct ynode *n,
                       const char *what, bool *out, struct diag *d)
{
	static const char *const on[] = {"on", "true", "yes"};
	static const char *const off[] = {"off", "false", "no"};

	for (size_t k = 0; n && n->kind == YNODE_SCALAR && k < 3; k++) {
		if (strcasecmp(n->str, on[k]) == 0) {
			*out = true;
			return FP_OK;
		}
		if (strcasecmp(n->str, off[k]) == 0) {
			*out = false;
			return FP_OK;
		}
	}
	return ydoc_error(doc, n, d, "guards.%s must be on or off", what);
}

/* "newly_failing, control" from the table. */
static void key_list(char *buf, size_t size)
{
	size_t at = 0;

	buf[0] = 0;
	for (size_t g = 0; g < GUARD_COUNT && at < size; g++)
		at += (size_t)snprintf(buf + at, size - at, "%s%s",
		                       g == 0                ? ""
		                       : g + 1 < GUARD_COUNT ? ", "
		                                             : " and ",
		                       guard_table[g].key);
}

static int read_margin(const struct ydoc *doc, struct metric *m, struct diag *d)
{
	const struct ynode *n = ydoc_get(doc->root, "margin");

	m->margin = 0;
	if (!n || myaml_is_null(n))
		return FP_OK;
	if (myaml_number(doc, n, "margin", &m->margin, d) != FP_OK)
		return FP_ERR;
	if (!(m->margin >= 0))
		return ydoc_error(doc, n, d,
		                  "margin must be a number of points "
		                  "0 or above");
	return FP_OK;
}

/* Key `suspicious`: a ratio in [0, 1). */
static int read_suspicious(const struct ydoc *doc, struct metric *m,
                           struct diag *d)
{
	const struct ynode *n = ydoc_get(doc->root, "suspicious");

	m->suspicious_ratio = METRIC_SUSPICIOUS_RATIO;
	if (!n || myaml_is_null(n))
		return FP_OK;
	if (myaml_number(doc, n, "suspicious", &m->suspicious_ratio, d) !=
	    FP_OK)
		return FP_ERR;
	if (!(m->suspicious_ratio >= 0 && m->suspicious_ratio < 1))
		return ydoc_error(doc, n, d,
		                  "suspicious must be a ratio from 0 "
		                  "(off) to below 1");
	return FP_OK;
}

int metric_read_guards(const struct ydoc *doc, struct metric *m, struct diag *d)
{
	const struct ynode *map = ydoc_get(doc->root, "guards"), *n;
	const char *keys[GUARD_COUNT];
	char list[128];

	for (size_t g = 0; g < GUARD_COUNT; g++) {
		keys[g] = guard_table[g].key;
		*(bool *)((char *)m + guard_table[g].metric_offset) = true;
	}
	if (read_margin(doc, m, d) != FP_OK ||
	    read_suspicious(doc, m, d) != FP_OK)
		return FP_ERR;
	if (!map || myaml_is_null(map))
		return FP_OK;
	key_list(list, sizeof list);
	if (map->kind != YNODE_MAP)
		return ydoc_error(doc, map, d,
		                  "guards must be a mapping of %s to on or off",
		                  list);
	if (myaml_check_keys(doc, map, "guards.", keys, GUARD_COUNT, d))
		return FP_ERR;
	for (size_t g = 0; g < GUARD_COUNT; g++)
		if ((n = ydoc_get(map, guard_table[g].key)) &&
		    read_switch(
		        doc, n, guard_table[g].key,
		        (bool *)((char *)m + guard_table[g].metric_offset), d))
			return FP_ERR;
	return FP_OK;
}
