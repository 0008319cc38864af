/* metric_check.h: a metric from a parsed YAML document (inside the metric
 * layer: metric.c finds and reads files, metric_check.c checks what they
 * say and compiles it). */
#ifndef FP_METRIC_CHECK_H
#define FP_METRIC_CHECK_H

#include "price/metric.h"
#include "util/yamldoc.h"

/* Checks doc as a metric definition and compiles its formulas.  The
 * metric's path is doc->path and its hash that of doc->text.  Caller owns
 * *out (metric_free); on error nothing is left allocated. */
int metric_from_doc(const struct ydoc *doc, struct metric **out,
                    struct diag *d);

/* Reads the `guards` key into m (metric_guards.c). */
int metric_read_guards(const struct ydoc *doc, struct metric *m,
                       struct diag *d);

/* Reads and compiles the gate keys into m (metric_gate.c), in m->side
 * once score and value are declared there. */
int metric_read_gate(const struct ydoc *doc, struct metric *m, struct diag *d);

#endif
