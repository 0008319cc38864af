/* funcs.c: the function table, and the per-value meaning of each operation
 * for the places that are not inner loops (folding, scalar instructions,
 * the diagnostic evaluator). */
#include "formula/funcs.h"
#include "formula/lexer.h"

#include <string.h>

const struct fx_func fx_funcs[] = {
	{"min", FN_MIN, 2, -1},
	{"max", FN_MAX, 2, -1},
	{"abs", FN_ABS, 1, 1},
	{"sqrt", FN_SQRT, 1, 1},
	{"exp", FN_EXP, 1, 1},
	{"log", FN_LOG, 1, 1},
	{"log2", FN_LOG2, 1, 1},
	{"log10", FN_LOG10, 1, 1},
	{"pow", FN_POW, 2, 2},
	{"floor", FN_FLOOR, 1, 1},
	{"ceil", FN_CEIL, 1, 1},
	{"round", FN_ROUND, 1, 1},
	{"clamp", FN_CLAMP, 3, 3},
	{"if", FN_IF, 3, 3},
	{"sum", FN_SUM, 1, 1},
	{"mean", FN_MEAN, 1, 1},
	{"count", FN_COUNT, 1, 1},
	{"median", FN_MEDIAN, 1, 1},
	{"geomean", FN_GEOMEAN, 1, 1},
	{"percentile", FN_PERCENTILE, 2, 2},
	{"minof", FN_MINOF, 1, 1},
	{"maxof", FN_MAXOF, 1, 1},
	{NULL, 0, 0, 0},
};

const struct fx_func *fx_func_find(const char *name, size_t len)
{
	for (const struct fx_func *f = fx_funcs; f->name; f++)
		if (strlen(f->name) == len && memcmp(f->name, name, len) == 0)
			return f;
	return NULL;
}

static const char *const fn_names[FN_NFN][2] = {
	[FN_ADD] = {"add", "+"},         [FN_SUB] = {"sub", "-"},
	[FN_MUL] = {"mul", "*"},         [FN_DIV] = {"div", "/"},
	[FN_POW] = {"pow", "**"},        [FN_LT] = {"lt", "<"},
	[FN_LE] = {"le", "<="},          [FN_GT] = {"gt", ">"},
	[FN_GE] = {"ge", ">="},          [FN_EQ] = {"eq", "=="},
	[FN_NE] = {"ne", "!="},          [FN_AND] = {"and", "and"},
	[FN_OR] = {"or", "or"},          [FN_MIN] = {"min", "min"},
	[FN_MAX] = {"max", "max"},       [FN_NEG] = {"neg", "-"},
	[FN_NOT] = {"not", "not"},       [FN_ABS] = {"abs", "abs"},
	[FN_SQRT] = {"sqrt", "sqrt"},    [FN_EXP] = {"exp", "exp"},
	[FN_LOG] = {"log", "log"},       [FN_LOG2] = {"log2", "log2"},
	[FN_LOG10] = {"log10", "log10"}, [FN_FLOOR] = {"floor", "floor"},
	[FN_CEIL] = {"ceil", "ceil"},    [FN_ROUND] = {"round", "round"},
	[FN_IF] = {"if", "if"},          [FN_CLAMP] = {"clamp", "clamp"},
	[FN_SUM] = {"sum", "sum"},       [FN_MEAN] = {"mean", "mean"},
	[FN_COUNT] = {"count", "count"}, [FN_MEDIAN] = {"median", "median"},
	[FN_GEOMEAN] = {"geomean", "geomean"},
	[FN_PERCENTILE] = {"percentile", "percentile"},
	[FN_MINOF] = {"minof", "minof"}, [FN_MAXOF] = {"maxof", "maxof"},
};

bool fx_is_reserved(const char *name)
{
	size_t len = strlen(name);

	return fx_func_find(name, len) != NULL || fx_is_keyword(name, len);
}

const char *fx_fn_name(enum fx_fn fn)
{
	return fn < FN_NFN ? fn_names[fn][0] : "?";
}

const char *fx_fn_symbol(enum fx_fn fn)
{
	return fn < FN_NFN ? fn_names[fn][1] : "?";
}

double fx_apply(enum fx_fn fn, const double *a)
{
	switch (fn) {
	case FN_ADD: return fx_add(a[0], a[1]);
	case FN_SUB: return fx_sub(a[0], a[1]);
	case FN_MUL: return fx_mul(a[0], a[1]);
	case FN_DIV: return fx_div(a[0], a[1]);
	case FN_POW: return fx_pow(a[0], a[1]);
	case FN_LT: return fx_lt(a[0], a[1]);
	case FN_LE: return fx_le(a[0], a[1]);
	case FN_GT: return fx_gt(a[0], a[1]);
	case FN_GE: return fx_ge(a[0], a[1]);
	case FN_EQ: return fx_eq(a[0], a[1]);
	case FN_NE: return fx_ne(a[0], a[1]);
	case FN_AND: return fx_and(a[0], a[1]);
	case FN_OR: return fx_or(a[0], a[1]);
	case FN_MIN: return fx_min(a[0], a[1]);
	case FN_MAX: return fx_max(a[0], a[1]);
	case FN_NEG: return fx_neg(a[0]);
	case FN_NOT: return fx_not(a[0]);
	case FN_ABS: return fx_abs(a[0]);
	case FN_SQRT: return fx_sqrt(a[0]);
	case FN_EXP: return fx_exp(a[0]);
	case FN_LOG: return fx_log(a[0]);
	case FN_LOG2: return fx_log2(a[0]);
	case FN_LOG10: return fx_log10(a[0]);
	case FN_FLOOR: return fx_floor(a[0]);
	case FN_CEIL: return fx_ceil(a[0]);
	case FN_ROUND: return fx_round(a[0]);
	case FN_IF: return fx_if(a[0], a[1], a[2]);
	case FN_CLAMP: return fx_min(fx_max(a[0], a[1]), a[2]);
	default: return NAN; /* aggregates are not per-value operations */
	}
}

const char *fx_fault_text(enum fx_fn fn, const double *a)
{
	switch (fn) {
	case FN_ADD: return "addition overflows";
	case FN_SUB: return "subtraction overflows";
	case FN_MUL: return "multiplication overflows";
	case FN_DIV: return a[1] == 0 ? "division by zero" : "division overflows";
	case FN_POW:
		if (a[0] < 0 && a[1] != floor(a[1]))
			return "power of a negative number with a fractional exponent";
		if (a[0] == 0 && a[1] < 0)
			return "power of zero with a negative exponent";
		return "power overflows";
	case FN_SQRT: return "sqrt of a negative number";
	case FN_EXP: return "exp overflows";
	case FN_LOG: return "log of zero or a negative number";
	case FN_LOG2: return "log2 of zero or a negative number";
	case FN_LOG10: return "log10 of zero or a negative number";
	default: return "result is not a finite number";
	}
}
