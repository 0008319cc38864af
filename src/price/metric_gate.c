/* metric_gate.c: the metric's accuracy gate (keys gate, gate_margin,
 * gate_near, gate_errors; metric.h), read and compiled in the side
 * environment once score and value are declared there, so that reading
 * them (or passed, which the gate makes) is found and refused. */
#include <stdlib.h>
#include <string.h>

#include "price/metric_check.h"
#include "price/metric_yaml.h"

/* What a gate formula may not read: what it decides, and what follows. */
static const char *const gate_forbidden[] = {"passed", "score", "value"};

static int compile_gate(const struct ydoc *doc, struct metric *m,
                        const struct ynode *node, const char *key, int want,
                        struct metric_formula *f, struct diag *d)
{
	f->key = key;
	if (node && myaml_formula(doc, node, m->path, key, &f->src, d))
		return FP_ERR;
	if (!node) { /* gate_near's default */
		f->src.file = m->path;
		if (!(f->src.text = strdup(METRIC_GATE_NEAR)) ||
		    !(f->src.prefix = strdup("")))
			return diag_oom(d);
	}
	if (fx_compile(m->side, &f->src, &f->prog, d) ||
	    (want >= 0 &&
	     fx_prog_require(f->prog, &f->src, (enum fx_shape)want, key, d))) {
		myaml_show_line(doc, d);
		return FP_ERR;
	}
	for (size_t i = 0; i < sizeof gate_forbidden / sizeof *gate_forbidden;
	     i++)
		if (fx_prog_reads(
		        f->prog,
		        fx_env_lookup(m->side, gate_forbidden[i], NULL)))
			return ydoc_error(
			    doc, node, d,
			    "%s may not read '%s': the gate decides passed "
			    "from error columns, before score and value",
			    key, gate_forbidden[i]);
	return FP_OK;
}

/* gate_errors: [col, ...], each a column the metric declares. */
static int read_errors(const struct ydoc *doc, struct metric *m,
                       const struct ynode *seq, struct diag *d)
{
	if (seq->kind != YNODE_SEQ)
		return ydoc_error(doc, seq, d,
		                  "gate_errors must be a list of column names");
	if (!(m->gate_errors = calloc(seq->count + 1, sizeof *m->gate_errors)))
		return diag_oom(d);
	for (size_t i = 0; i < seq->count; i++) {
		const struct ynode *it = seq->items[i];
		bool found = false;

		for (size_t k = 0;
		     it->kind == YNODE_SCALAR && k < m->ncolumns && !found; k++)
			found = strcmp(it->str, m->columns[k]) == 0;
		if (!found)
			return ydoc_error(doc, it, d,
			                  "gate_errors: '%s' is not a column "
			                  "of the metric (columns:)",
			                  it->kind == YNODE_SCALAR ? it->str
			                                           : "");
		if (!(m->gate_errors[i] = strdup(it->str)))
			return diag_oom(d);
		m->ngate_errors++;
	}
	return FP_OK;
}

int metric_read_gate(const struct ydoc *doc, struct metric *m, struct diag *d)
{
	static const char *const needs_gate[] = {"gate_margin", "gate_near",
	                                         "gate_errors"};
	const struct ynode *root = doc->root, *n;

	n = ydoc_get(root, "gate");
	for (size_t i = 0; !n && i < 3; i++)
		if ((n = ydoc_get(root, needs_gate[i])))
			return ydoc_error(doc, n, d,
			                  "%s needs a gate (key gate)",
			                  needs_gate[i]);
	if (!n)
		return FP_OK;
	if (compile_gate(doc, m, n, "gate", FX_PERCASE, &m->gate, d))
		return FP_ERR;
	if ((n = ydoc_get(root, "gate_errors")) && read_errors(doc, m, n, d))
		return FP_ERR;
	if (!(n = ydoc_get(root, "gate_margin"))) {
		if ((n = ydoc_get(root, "gate_near")))
			return ydoc_error(
			    doc, n, d,
			    "gate_near needs gate_margin: near is "
			    "measured in the margin's units");
		return FP_OK;
	}
	if (compile_gate(doc, m, n, "gate_margin", FX_PERCASE, &m->gate_margin,
	                 d))
		return FP_ERR;
	return compile_gate(doc, m, ydoc_get(root, "gate_near"), "gate_near",
	                    -1, &m->gate_near, d);
}
