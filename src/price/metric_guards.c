/* metric_guards.c: the metric's `guards` key, which turns the verdict's
 * guards (src/noise/verdict.h) on or off:
 *   guards:
 *     newly_failing: off   # accept a fix that makes cases fail
 *     control: off         # decide when net and delta_total differ in sign
 * Both are on when the key is absent. */
#include <string.h>
#include <strings.h>

#include "price/metric_check.h"
#include "price/metric_yaml.h"

static const char *const guard_keys[] = {"newly_failing", "control"};

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

int metric_read_guards(const struct ydoc *doc, struct metric *m, struct diag *d)
{
	const struct ynode *map = ydoc_get(doc->root, "guards"), *n;

	m->guard_newly_failing = m->guard_control = true;
	if (!map || myaml_is_null(map))
		return FP_OK;
	if (map->kind != YNODE_MAP)
		return ydoc_error(doc, map, d,
		                  "guards must be a mapping of "
		                  "newly_failing and control to on or off");
	if (myaml_check_keys(doc, map, "guards.", guard_keys, 2, d))
		return FP_ERR;
	if ((n = ydoc_get(map, "newly_failing")) &&
	    read_switch(doc, n, "newly_failing", &m->guard_newly_failing, d))
		return FP_ERR;
	if ((n = ydoc_get(map, "control")) &&
	    read_switch(doc, n, "control", &m->guard_control, d))
		return FP_ERR;
	return FP_OK;
}
