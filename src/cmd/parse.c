/* parse.c: the one option loop of every command.  Its getopt_long tables
 * are built from the command's entry; its messages for a bad option are its
 * own, so that a mistyped long option gets a "did you mean". */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "util/editdist.h"

/* Every option a command takes, with the group it belongs to (NULL: the
 * command's own, or --help), and getopt_long's tables of them. */
struct optlist {
	const struct opt_spec **spec;
	const struct opt_group **group;
	const char **names;
	struct option *longopts;
	char shortopts[64];
	size_t n;
};

static void add(struct optlist *l, const struct opt_spec *s,
                const struct opt_group *g)
{
	size_t len = strlen(l->shortopts);

	if (l->spec) {
		l->spec[l->n] = s;
		l->group[l->n] = g;
		l->names[l->n] = s->name;
		l->longopts[l->n] = (struct option){
		    .name = s->name,
		    .has_arg = s->arg ? required_argument : no_argument,
		    .val = s->letter,
		};
		if (s->letter && len + 3 < sizeof l->shortopts) {
			l->shortopts[len++] = s->letter;
			if (s->arg)
				l->shortopts[len++] = ':';
			l->shortopts[len] = '\0';
		}
	}
	l->n++;
}

/* Own options, each group's, --help; twice: to count, then to fill. */
static void add_all(struct optlist *l, const struct command *c)
{
	l->n = 0;
	/* ':' first: a missing argument returns ':' rather than '?'. */
	strcpy(l->shortopts, ":");
	for (const struct opt_spec *s = c->options; s && s->name; s++)
		add(l, s, NULL);
	for (const struct opt_group *const *g = c->groups; g && *g; g++)
		for (const struct opt_spec *s = (*g)->opts; s->name; s++)
			add(l, s, *g);
	add(l, &opt_help, NULL);
}

static void optlist_free(struct optlist *l)
{
	free(l->spec);
	free(l->group);
	free(l->names);
	free(l->longopts);
}

static int optlist_build(struct optlist *l, const struct command *c)
{
	memset(l, 0, sizeof *l);
	add_all(l, c);
	l->spec = calloc(l->n, sizeof *l->spec);
	l->group = calloc(l->n, sizeof *l->group);
	l->names = calloc(l->n, sizeof *l->names);
	l->longopts = calloc(l->n + 1, sizeof *l->longopts);
	if (!l->spec || !l->group || !l->names || !l->longopts) {
		optlist_free(l);
		return FP_ERR;
	}
	add_all(l, c);
	return FP_OK;
}

static size_t find_letter(const struct optlist *l, int letter)
{
	size_t i = 0;

	while (i < l->n && l->spec[i]->letter != letter)
		i++;
	return i;
}

/* What is wrong with the long option text ("--name" or "--name=value"). */
static void bad_long(const struct optlist *l, const char *text, int ret)
{
	const char *name = text + 2, *near;
	size_t len = strcspn(name, "="), nmatch = 0, m = 0;

	for (size_t i = 0; i < l->n; i++) {
		if (strncmp(l->names[i], name, len) != 0)
			continue;
		m = i;
		nmatch++;
		if (l->names[i][len] == '\0') { /* exact: no other counts */
			nmatch = 1;
			break;
		}
	}
	if (nmatch == 1) {
		fprintf(stderr,
		        ret == ':' ? "option '--%s' needs an argument\n"
		                   : "option '--%s' takes no argument\n",
		        l->names[m]);
	} else if (nmatch > 1) {
		fprintf(stderr, "option '--%.*s' is ambiguous; possibilities:",
		        (int)len, name);
		for (size_t i = 0; i < l->n; i++)
			if (strncmp(l->names[i], name, len) == 0)
				fprintf(stderr, " '--%s'", l->names[i]);
		fputc('\n', stderr);
	} else if ((near = closest_word(name, len, l->names, l->n, 2))) {
		fprintf(stderr,
		        "unknown option '--%.*s'; did you mean '--%s'?\n",
		        (int)len, name, near);
	} else {
		fprintf(stderr, "unknown option '--%.*s'\n", (int)len, name);
	}
}

/* Says what is wrong with the option getopt_long stopped at (ret is '?'
 * or ':'), then the short usage. */
static void bad_option(const struct command *c, const struct optlist *l,
                       char **argv, int ret)
{
	const char *text = optind > 0 ? argv[optind - 1] : "";
	bool is_long = strncmp(text, "--", 2) == 0;

	fprintf(stderr, "fixprice %s: ", c->name);
	/* optopt is a letter this command lacks, or the one short option that
	 * lacks its argument; else the text names a long option. */
	if (optopt != 0 && find_letter(l, optopt) == l->n)
		fprintf(stderr, "unknown option '-%c'\n", optopt);
	else if (optopt != 0 && ret == ':' && !is_long)
		fprintf(stderr, "option '-%c' needs an argument\n", optopt);
	else
		bad_long(l, is_long ? text : "--", ret);
	help_short_usage(c, stderr);
}

/* Hands option i with its argument to its group or to the command. */
static int take(const struct command *c, const struct optlist *l, size_t i,
                const char *arg, struct cmd_call *call, struct diag *d)
{
	if (l->group[i])
		return l->group[i]->take(call, l->spec[i]->id, arg, d);
	return c->option(call->own, l->spec[i]->id, arg, d);
}

/* An option that takes many arguments (opt_spec.many) takes those after
 * its first up to the next option ("-" alone is standard input, not an
 * option); getopt_long then goes on past them. */
static int take_more(const struct command *c, const struct optlist *l, size_t i,
                     int argc, char **argv, struct cmd_call *call,
                     struct diag *d)
{
	while (l->spec[i]->many && optind < argc &&
	       (argv[optind][0] != '-' || strcmp(argv[optind], "-") == 0))
		if (take(c, l, i, argv[optind++], call, d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* Runs getopt_long over argv; FP_ERR with *status when parsing stops. */
static int parse_options(const struct command *c, const struct optlist *l,
                         int argc, char **argv, struct cmd_call *call,
                         int *status)
{
	struct diag d;
	int opt, longindex;

	optind = 0;
	opterr = 0;
	while (longindex = -1,
	       (opt = getopt_long(argc, argv, l->shortopts, l->longopts,
	                          &longindex)) != -1) {
		size_t i =
		    longindex >= 0 ? (size_t)longindex : find_letter(l, opt);

		if (opt == '?' || opt == ':' || i == l->n) {
			bad_option(c, l, argv, opt);
			*status = EXIT_USAGE;
			return FP_ERR;
		}
		if (l->spec[i]->id == OPT_HELP) {
			help_command(c, stdout);
			*status = EXIT_OK;
			return FP_ERR;
		}
		if (take(c, l, i, optarg, call, &d) != FP_OK ||
		    take_more(c, l, i, argc, argv, call, &d) != FP_OK) {
			diag_print(&d, stderr);
			*status = command_status(&d);
			return FP_ERR;
		}
	}
	return FP_OK;
}

/* The positional arguments: their number must fit the command's. */
static int check_args(const struct command *c, struct cmd_call *call,
                      int *status)
{
	if (call->nargs >= c->min_args && call->nargs <= c->max_args)
		return FP_OK;
	/* --before and --after give the runs: the loader checks the rest. */
	if (call->job.nruns[0] || call->job.nruns[1])
		return FP_OK;
	if (c->args_error)
		fprintf(stderr, "fixprice %s: %s\n", c->name, c->args_error);
	else
		help_short_usage(c, stderr);
	*status = EXIT_USAGE;
	return FP_ERR;
}

int cmd_parse(const struct command *c, int argc, char **argv,
              struct cmd_call *call, int *status)
{
	struct optlist l;
	struct diag d;
	int rc;

	memset(call, 0, sizeof *call);
	call->cmd = c;
	call->own = calloc(1, c->own_size ? c->own_size : 1);
	if (!call->own || optlist_build(&l, c) != FP_OK) {
		diag_oom(&d);
		diag_print(&d, stderr);
		*status = EXIT_OOM;
		return FP_ERR;
	}
	rc = parse_options(c, &l, argc, argv, call, status);
	optlist_free(&l);
	if (rc != FP_OK)
		return FP_ERR;
	call->args = argv + optind;
	call->nargs = (size_t)(argc - optind);
	return check_args(c, call, status);
}

int command_status(const struct diag *d)
{
	return diag_is_oom(d) ? EXIT_OOM : EXIT_USAGE;
}

void cmd_call_free(struct cmd_call *call)
{
	if (call->own && call->cmd->free_own)
		call->cmd->free_own(call->own);
	free(call->own);
	job_opts_free(&call->job);
	memset(call, 0, sizeof *call);
}
