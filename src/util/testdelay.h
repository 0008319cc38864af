/* testdelay.h: test hooks that hold the process still for a while.
 *
 * A test that must act at one step of a command (send a signal while it
 * commits its outputs, cut a file short while it is read) sets an
 * environment variable to a number of seconds, and the command sleeps
 * that long at the step.  Not for users: the manual's ENVIRONMENT lists
 * them as fixprice's own tests'. */
#ifndef FP_UTIL_TESTDELAY_H
#define FP_UTIL_TESTDELAY_H

/* Sleeps the seconds (a decimal number, more than 0 and less than 60) in
 * the environment variable var, if it is set; otherwise returns at once. */
void testdelay_sleep(const char *var);

#endif
