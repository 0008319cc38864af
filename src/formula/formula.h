/* formula.h: the formula language, the one public face of src/formula/.
 *
 * A formula is compiled once against an environment (the names it may use,
 * each bound to a slot) into a program that runs over blocks of cases, like
 * numexpr, rather than walking a tree case by case.  Slots hold data, not
 * constants: a parameter changed between evaluations, or a column rebound to
 * another run's array, needs no recompilation.
 *
 * Shapes: every name, and so every expression, is either per-case (a column
 * of N values) or one number (a scalar).  The shape of a whole formula is
 * known after compilation, before anything runs.
 *
 * Domain errors (x/0, log of a number <= 0, sqrt of a negative, pow with a
 * non-real result) produce NaN, and NaN propagates through every operator,
 * function and aggregate (min/max/comparisons/if included), except through
 * the branch of if() that is not selected for that case.  fx_eval reports a
 * non-finite result as a fault naming the case and the operator that first
 * produced it; it never hands back a silently repaired number.  Operations
 * that overflow to an infinity (exp, pow) give NaN too; + - * / that
 * overflow, and infinite input values, are reported like NaN.
 *
 * Functions: min/max (2 or more arguments), abs, sqrt, exp, log, log2,
 * log10, pow, floor, ceil, round (halves away from zero), clamp(x, lo, hi)
 * = min(max(x, lo), hi), if(c, a, b) (c != 0 selects a).  Comparisons,
 * and, or, not give 1 or 0.
 *
 * Aggregates turn a per-case value into one number and need a per-case
 * argument ("sum needs a per-case value" otherwise): sum, mean, count(c)
 * (cases with c != 0), median, geomean, percentile(x, p), minof, maxof.
 * percentile is numpy's default "linear" method: with the n values sorted,
 * position h = (n-1) p/100 is interpolated between the closest ranks; p is
 * one number in 0..100; median is percentile 50.  geomean of values with a
 * 0 is 0; of a negative value it is a domain fault.  Over zero cases sum
 * and count are 0, the others a fault ("mean of no cases").  An aggregate
 * may stand inside a per-case formula (x / sum(x)): it is computed in a
 * pass over the cases before the per-case pass.  Inside an aggregate, a NaN
 * for any case makes the aggregate NaN (nothing is skipped); the fault then
 * names that case and operator.  Sums are compensated and deterministic:
 * case i goes to lane i % 8 of eight TwoSum accumulators merged in a fixed
 * order, so the value depends on the data alone (not on block size or
 * vector width); 10^7 terms of 0.1 sum to exactly 1e6. */
#ifndef FP_FORMULA_H
#define FP_FORMULA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/diag.h"

/* Limits a hostile formula cannot exceed (documented in fixprice-metric(5)). */
#define FX_MAX_DEPTH 256    /* nesting of parentheses, calls and operators */
#define FX_MAX_SOURCE 65536 /* bytes of one formula */

enum fx_shape { FX_SCALAR, FX_PERCASE };

/* ---- Environment: the names a formula may use ------------------------- */

struct fx_env;

/* Returns a new, empty environment, or NULL when out of memory.
 * The caller owns it and frees it with fx_env_free(), after every program
 * compiled against it. */
struct fx_env *fx_env_new(void);
void fx_env_free(struct fx_env *env);

/* Returns a copy of env (same slots, so programs compiled against env run
 * on it; same scalars and bindings), or NULL when out of memory.  The
 * caller owns it.  Only reads env: several threads may clone one template
 * at once, each then binding and evaluating its own copy. */
struct fx_env *fx_env_clone(const struct fx_env *env);

/* Declares a name and returns its slot (>= 0), or -1 when out of memory.
 * Declaring an existing name again returns its slot if the shape matches
 * and -1 if not.  The name is copied. */
int fx_env_declare(struct fx_env *env, const char *name, enum fx_shape shape);

/* True if name is a function or a word of the language (sum, if, and, ...),
 * which a parameter or column of that name would hide or confuse. */
bool fx_is_reserved(const char *name);

/* Returns the slot of name, or -1; *shape is set when found (shape may be
 * NULL). */
int fx_env_lookup(const struct fx_env *env, const char *name,
                  enum fx_shape *shape);

/* Number of declared slots and the name of one (owned by env). */
int fx_env_count(const struct fx_env *env);
const char *fx_env_name(const struct fx_env *env, int slot);

/* Binds a per-case slot to n values owned by the caller; they must stay valid
 * until the next evaluation that reads them.  All per-case slots share one n,
 * set with fx_env_set_ncases. */
void fx_env_bind(struct fx_env *env, int slot, const double *values);
void fx_env_set_scalar(struct fx_env *env, int slot, double value);
double fx_env_scalar(const struct fx_env *env, int slot);
void fx_env_set_ncases(struct fx_env *env, size_t n);
size_t fx_env_ncases(const struct fx_env *env);

/* ---- Compiling -------------------------------------------------------- */

/* Where a formula's text comes from, for messages.  line and col (1-based)
 * are the position of text[0] in file; `prefix` (may be NULL) is what stands
 * before text[0] on that line in the file (e.g. "score: "), so that an error
 * shows the file's real line with the caret in the right place.  Text after
 * a newline in `text` is counted from column 1 of the next line. */
struct fx_src {
	const char *file; /* "<command line>" for formulas typed by the user */
	int line, col;
	const char *prefix;
	const char *text;
};

struct fx_prog;

/* Compiles src against env: lexes, parses, resolves names, checks shapes
 * and argument counts, folds constants, and emits the program.
 * On success returns FP_OK and *out (caller frees with fx_prog_free).
 * On error returns FP_ERR and fills d with file:line:col, the message,
 * the source line and a caret. */
int fx_compile(struct fx_env *env, const struct fx_src *src,
               struct fx_prog **out, struct diag *d);

enum fx_shape fx_prog_shape(const struct fx_prog *prog);
/* Whether fx_eval_shares splits prog into per-case shares (below). */
bool fx_prog_has_shares(const struct fx_prog *prog);

/* Fails with "WHAT must be one number; did you mean sum(...)?" (d points at
 * the formula's start) when prog is per-case and one number is needed, or
 * "WHAT must be per case" the other way round.  `what` names the formula. */
int fx_prog_require(const struct fx_prog *prog, const struct fx_src *src,
                    enum fx_shape want, const char *what, struct diag *d);

/* True if the program reads slot (directly).  Sensitivity analysis uses this
 * to evaluate once what does not depend on the parameter it varies. */
bool fx_prog_reads(const struct fx_prog *prog, int slot);

/* True if the program's value is affine in the scalar slot: a + b*x for
 * one-number a and b that do not depend on it (read off the syntax tree,
 * so exact; false when unsure).  Sweeps use it to evaluate twice instead
 * of at every point. */
bool fx_prog_affine(const struct fx_prog *prog, int slot);

/* How a value depends on one number x an analysis varies (pieces.c):
 * its form, free of x, affine in x, a ratio of two affine functions of x
 * (a Moebius map: monotone, one root at most), or anything else; and
 * whether it is piecewise, made of such pieces that meet where a branch
 * (comparison, min/max, if, abs, and/or, count) flips. */
enum fx_dform { FX_FREE, FX_AFFINE, FX_MOBIUS, FX_NONLINEAR };
struct fx_dep {
	enum fx_dform form;
	bool piecewise;
};

/* A branch that flips where a difference crosses 0: of node's two
 * arguments (arg -1), or argument arg itself; form: that difference's. */
struct fx_flip {
	int node, arg;
	enum fx_dform form;
};
struct fx_flips {
	struct fx_flip *at;
	size_t n, cap;
	bool incomplete; /* a branch flips where no root is computable */
};

/* The dependence on x of a + b or a - b. */
struct fx_dep fx_dep_diff(struct fx_dep a, struct fx_dep b);

/* Reads off prog's tree, with deps[slot] the dependence of each slot
 * (slots from ndeps on are free of x), the dependence of its value, and
 * appends its branches that flip with x to fl (sets fl->incomplete when
 * one flips where its difference is not affine or Moebius).  FP_ERR only
 * when out of memory.  Free fl with fx_flips_free. */
int fx_prog_pieces(const struct fx_prog *prog, const struct fx_dep *deps,
                   int ndeps, struct fx_dep *result, struct fx_flips *fl);
void fx_flips_free(struct fx_flips *fl);

/* The difference of flip f with env's current bindings: one value per
 * case into out (room for max(1, ncases)), or one value for a one-number
 * node; *nout says how many.  FP_ERR when out of memory. */
int fx_flip_values(const struct fx_prog *prog, const struct fx_env *env,
                   const struct fx_flip *f, double *out, size_t *nout);

void fx_prog_free(struct fx_prog *prog);

/* Prints the compiled program, one instruction a line, for --disasm and for
 * tests that check folding and hoisting. */
void fx_disasm(const struct fx_prog *prog, const struct fx_env *env, FILE *out);

/* ---- Evaluating ------------------------------------------------------- */

/* What went wrong when a result is not a finite number.
 *
 * has_case and case_index: for a per-case program, the first case whose
 * result is not finite; for a one-number result that comes from an
 * aggregate, the first case whose value inside the aggregate is not finite
 * (has_case is false when the aggregate itself is at fault: no cases, a sum
 * that overflows, percentile's p out of range).  When a per-case result is
 * bad because of an aggregate it uses, the case is the one inside that
 * aggregate, where the operator is.  A fault in one-number work (a
 * parameter divided by zero) has no case.  line and col: the operator, or
 * the name whose value is not finite ("'runtime' is nan"). */
struct fx_fault {
	bool has_case; /* false when the fault is not tied to one case */
	size_t case_index;
	int line, col; /* position in the formula's file of the operator */
	char
	    what[160]; /* "division by zero", "log of a negative number", ... */
	bool oom;      /* the evaluator ran out of memory (what says so) */
};

/* Evaluates prog with env's current bindings into out: n values for a
 * per-case program, out[0] for a scalar one.  out must not overlap a
 * column the program reads.  Returns FP_OK, or FP_ERR with
 * *fault filled when any result is NaN or infinite (out is then filled as
 * far as it was computed).  Thread-compatible: a program may be evaluated
 * from several threads with different envs. */
int fx_eval(const struct fx_prog *prog, const struct fx_env *env, double *out,
            struct fx_fault *fault);

/* Evaluates progs[0..n) in order into outs[k], with the same results as
 * n calls of fx_eval, but in one sweep over the cases when every program
 * needs at most one pass (no aggregate inside a per-case value): each
 * block of cases goes through all the programs before the next block, so
 * a column several of them read comes from memory once, and a column one
 * program writes (bind it to that program's out beforehand) is read by the
 * later ones while still in cache.  One-number results are not passed on.
 * Returns FP_OK, or FP_ERR with *fault for the first program, in order,
 * that fails, and its index in *failed (may be NULL). */
int fx_eval_many(const struct fx_prog *const *progs, size_t n,
                 const struct fx_env *env, double *const *outs,
                 struct fx_fault *fault, size_t *failed);

/* ---- A sweep in steps ------------------------------------------------- */

/* fx_eval_many with the blocks in the caller's hands, for a pipeline that
 * makes each block of its input columns just before the programs read it
 * (a bootstrap resample).  Each program is added with an environment as
 * bound at that moment: its columns and parameters are read from that
 * binding, so one env may be rebound between adds (the two sides).  Then
 * fx_sweep_block for cases [base, base + len), len <= fx_sweep_block_size()
 * and in order from 0, runs every program over them in the order added;
 * fx_sweep_finish completes the sums.  One-number results are not passed
 * on: a program that reads another's must not be in the same sweep. */
struct fx_sweep;

/* fx_sweep_add's answer for a program that needs more than one pass. */
#define FX_NOT_ONE_PASS 2

/* Room for `cap` programs; NULL when out of memory.  Free with
 * fx_sweep_free. */
struct fx_sweep *fx_sweep_new(size_t cap);

/* FP_OK, FX_NOT_ONE_PASS (nothing added), or FP_ERR with *fault (out of
 * memory, or env does not fit the program). */
int fx_sweep_add(struct fx_sweep *sw, const struct fx_prog *prog,
                 const struct fx_env *env, double *out, struct fx_fault *fault);

/* Marks `block` (fx_sweep_block_size() numbers) as a block's scratch: a
 * program added afterwards that reads it as a column, or writes it as its
 * output, reads and writes it from its start for every block, so that a
 * column only the sweep's programs read never leaves the cache.  FP_ERR
 * past 32 of them. */
int fx_sweep_scratch(struct fx_sweep *sw, const double *block);

/* Marks `block` as a block's scratch (fx_sweep_scratch) holding v in
 * every case: the programs added after it run with the operations its
 * number decides left out (known.h), with the same results.  FP_ERR when
 * the sweep has no room for it (nothing changed). */
int fx_sweep_known(struct fx_sweep *sw, const double *block, double v);

/* Whether prog reads any per-case column. */
bool fx_prog_reads_columns(const struct fx_prog *prog);

size_t fx_sweep_block_size(void);

void fx_sweep_block(struct fx_sweep *sw, size_t base, size_t len);

/* FP_OK, or FP_ERR with *failed the first program whose result is not
 * finite: *fault then says only that, since the environments may have been
 * rebound since (fx_eval the program again to learn where). */
int fx_sweep_finish(struct fx_sweep *sw, struct fx_fault *fault,
                    size_t *failed);

void fx_sweep_free(struct fx_sweep *sw);

/* ---- Per-case shares -------------------------------------------------- */

/* fx_eval_shares's answer when the formula is not of the required form. */
#define FX_NOT_SHARES 1

/* Splits a one-number formula into each case's share of it, when the
 * formula is a linear combination of sums over cases with one-number
 * coefficients free of aggregates:  c1 * sum(T1) + c2 * sum(T2) - ...
 * (any arrangement of + - * / by such coefficients, e.g. the default
 * `sum(weight * x) / W * 100`).  Then shares[i] = c1 * T1[i] + c2 * T2[i]
 * ..., and the shares add up to the formula's value.  Returns FP_OK with
 * shares (n values) filled, FX_NOT_SHARES when the formula has another form
 * (shares untouched), or FP_ERR with *fault on a domain error. */
int fx_eval_shares(const struct fx_prog *prog, const struct fx_env *env,
                   double *shares, struct fx_fault *fault);

/* ---- tokens ------------------------------------------------------------ */

/* The tokens of a formula as the compiler reads them, for tools that show
 * or rewrite a formula's text (the Markdown record plugs numbers into it). */
enum fx_lexeme_kind {
	FX_LEX_NUMBER,
	FX_LEX_NAME,     /* a name that stands for a value */
	FX_LEX_FUNCTION, /* a name called as a function: it is before '(' */
	FX_LEX_OPERATOR, /* "+", "**", "and", ... */
	FX_LEX_PUNCT,    /* '(', ')', ',' */
};

struct fx_lexeme {
	enum fx_lexeme_kind kind;
	size_t pos, len; /* bytes text[pos..pos+len) */
};

/* Where a scan over a formula's text stands (fields are private). */
struct fx_scan {
	const char *text;
	size_t len, pos;
};

/* Starts a scan of text, which is not copied and must outlive the scan. */
void fx_scan_init(struct fx_scan *scan, const char *text);

/* Reads the next token into *t and returns true; returns false at the end
 * of the text, or at a character that starts no token (text that would not
 * compile).  Whitespace between tokens is skipped: it lies between one
 * token's end and the next one's pos. */
bool fx_scan_next(struct fx_scan *scan, struct fx_lexeme *t);

#endif
