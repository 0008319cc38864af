/* candidate.c: an after run or a scenario, read once (candidate.h). */
#include "price/candidate.h"

#include <string.h>
#include <strings.h>

#include "run/load.h"
#include "util/source.h"
#include "util/yamldoc.h"

static bool yaml_name(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot && !strchr(dot, '/') &&
	       (strcasecmp(dot, ".yaml") == 0 || strcasecmp(dot, ".yml") == 0);
}

int candidate_read(const char *path, const struct run_opts *opts,
                   struct scenario **s, struct run **r, struct diag *d)
{
	struct source src;
	struct ydoc *doc = NULL;
	const struct ynode *root;
	int rc;

	*s = NULL;
	*r = NULL;
	if (!yaml_name(path))
		return FP_OK;
	if (source_read(path, RUN_MAX_FILE, &src, d) != FP_OK)
		return FP_ERR;
	if (ydoc_load(src.name, src.data, src.len, &doc, d) != FP_OK) {
		source_free(&src);
		return FP_ERR;
	}
	/* A YAML run is a list of cases or a mapping with `cases`
	 * (run/formats/yaml.c); a scenario is any other mapping. */
	root = doc->root;
	if (root && root->kind == YNODE_MAP && !ydoc_get(root, "cases")) {
		rc = scenario_of_doc(doc, s, d);
	} else {
		rc = run_parse(path, src.data, src.len, opts, r, d);
		if (rc == FP_OK)
			memcpy((*r)->sha256, src.sha256, sizeof src.sha256);
	}
	ydoc_free(doc);
	source_free(&src);
	return rc;
}
