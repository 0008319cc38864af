/* optable.h: every operation of the formula language, in one table.
 *
 * FX_OPS(X) calls X once per operation, with these columns:
 *
 *   ID      the enum fx_fn constant is FN_ID
 *   name    the function's name in a call, in disassembly and in messages;
 *           its value per number is fx_<name>() in ops.h, and its block
 *           kernels are generated from that (kernels.c)
 *   shape   BIN, UN or TERN (the kernel's arity), or AGG (an aggregate
 *           over cases, computed by agg.c)
 *   symbol  how it is written between or before operands ("+", "not"),
 *           "" for a function only ever called by name
 *   infix   binding power as an infix operator (higher binds tighter), 0
 *           when it is none; assoc LEFT, RIGHT, or NONE for operators that
 *           do not chain (a < b < c is an error)
 *   prefix  binding power as a prefix operator, 0 when it is none
 *   args    fewest and most arguments of a call by name (-1: no limit);
 *           0 0 when it cannot be called by name
 *   fault   why a finite input gave a non-finite result, or NULL for the
 *           generic text (fx_fault_text adds the operands where they
 *           matter)
 *
 * The binding powers are those of the grammar in parser.c, lowest first:
 * or, and, not, comparisons, + -, * /, unary minus, ** (whose right operand
 * may start with a unary minus: 2**-1).  Functions keep the order in which
 * "did you mean" considers them.
 *
 * Adding an operation: one line here and its fx_<name>() in ops.h (an
 * aggregate: its cases in agg.c instead).  The lexer, parser, checker,
 * compiler, evaluators and disassembler take it from the table. */
#ifndef FP_FORMULA_OPTABLE_H
#define FP_FORMULA_OPTABLE_H

/* clang-format off */
#define FX_OPS(X)                                                             \
/*  ID          name        shape sym    infix assoc prefix args    fault */ \
  X(ADD,        add,        BIN,  "+",   8,  LEFT,  0,  0,  0,                \
    "addition overflows")                                                     \
  X(SUB,        sub,        BIN,  "-",   8,  LEFT,  0,  0,  0,                \
    "subtraction overflows")                                                  \
  X(MUL,        mul,        BIN,  "*",   10, LEFT,  0,  0,  0,                \
    "multiplication overflows")                                               \
  X(DIV,        div,        BIN,  "/",   10, LEFT,  0,  0,  0,                \
    "division overflows")                                                     \
  X(LT,         lt,         BIN,  "<",   6,  NONE,  0,  0,  0,  NULL)         \
  X(LE,         le,         BIN,  "<=",  6,  NONE,  0,  0,  0,  NULL)         \
  X(GT,         gt,         BIN,  ">",   6,  NONE,  0,  0,  0,  NULL)         \
  X(GE,         ge,         BIN,  ">=",  6,  NONE,  0,  0,  0,  NULL)         \
  X(EQ,         eq,         BIN,  "==",  6,  NONE,  0,  0,  0,  NULL)         \
  X(NE,         ne,         BIN,  "!=",  6,  NONE,  0,  0,  0,  NULL)         \
  X(AND,        and,        BIN,  "and", 4,  LEFT,  0,  0,  0,  NULL)         \
  X(OR,         or,         BIN,  "or",  2,  LEFT,  0,  0,  0,  NULL)         \
  X(NEG,        neg,        UN,   "-",   0,  LEFT,  11, 0,  0,  NULL)         \
  X(NOT,        not,        UN,   "not", 0,  LEFT,  5,  0,  0,  NULL)         \
  X(MIN,        min,        BIN,  "",    0,  LEFT,  0,  2,  -1, NULL)         \
  X(MAX,        max,        BIN,  "",    0,  LEFT,  0,  2,  -1, NULL)         \
  X(ABS,        abs,        UN,   "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(SQRT,       sqrt,       UN,   "",    0,  LEFT,  0,  1,  1,                \
    "sqrt of a negative number")                                              \
  X(EXP,        exp,        UN,   "",    0,  LEFT,  0,  1,  1,                \
    "exp overflows")                                                          \
  X(LOG,        log,        UN,   "",    0,  LEFT,  0,  1,  1,                \
    "log of zero or a negative number")                                       \
  X(LOG2,       log2,       UN,   "",    0,  LEFT,  0,  1,  1,                \
    "log2 of zero or a negative number")                                      \
  X(LOG10,      log10,      UN,   "",    0,  LEFT,  0,  1,  1,                \
    "log10 of zero or a negative number")                                     \
  X(POW,        pow,        BIN,  "**",  12, RIGHT, 0,  2,  2,                \
    "power overflows")                                                        \
  X(FLOOR,      floor,      UN,   "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(CEIL,       ceil,       UN,   "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(ROUND,      round,      UN,   "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(CLAMP,      clamp,      TERN, "",    0,  LEFT,  0,  3,  3,  NULL)         \
  X(IF,         if,         TERN, "",    0,  LEFT,  0,  3,  3,  NULL)         \
  X(SUM,        sum,        AGG,  "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(MEAN,       mean,       AGG,  "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(COUNT,      count,      AGG,  "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(MEDIAN,     median,     AGG,  "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(GEOMEAN,    geomean,    AGG,  "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(PERCENTILE, percentile, AGG,  "",    0,  LEFT,  0,  2,  2,  NULL)         \
  X(MINOF,      minof,      AGG,  "",    0,  LEFT,  0,  1,  1,  NULL)         \
  X(MAXOF,      maxof,      AGG,  "",    0,  LEFT,  0,  1,  1,  NULL)         \
  /* internal: clamp's upper bound, checked against the lower one */         \
  X(BOUNDS,     bounds,     BIN,  "",    0,  LEFT,  0,  0,  0,  NULL)
/* clang-format on */

#endif
