/* notes.c: what the commands' steps share about their output: the plot
 * options, a note on standard error, a plot drawn.  Apart from frame.c,
 * which runs the commands, so that no command calls back into it. */
#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"
#include "plot/plot.h"
#include "util/escape.h"

struct plot_opts cmd_plot_opts(const struct output_opts *o)
{
	return (struct plot_opts){
	    .dir = o->plot_dir,
	    .format = o->plot_format,
	    .ascii = o->ascii,
	    /* 0 in the options: not given; below 0: given as no limit. */
	    .timeout = o->plot_timeout > 0   ? o->plot_timeout
	               : o->plot_timeout < 0 ? 0
	                                     : CLI_PLOT_TIMEOUT,
	    .unit = "points",
	};
}

void cmd_note(const struct output_opts *o, const char *note, FILE *out)
{
	/* A note may name a path the user gave (the gnuplot not found note
	 * names the script): nothing raw reaches the terminal or a log. */
	char *final = output_final_text(o, note);
	char *shown = final ? escape_controls(final) : NULL;

	fprintf(out, "fixprice: %s\n", shown ? shown : "out of memory");
	free(final);
	free(shown);
}

void cmd_plot_done(struct plot_result *r, const struct output_opts *o)
{
	char *drew = NULL;

	if (!r->note && (drew = malloc(strlen(r->file) + 6)))
		sprintf(drew, "drew %s", r->file);
	cmd_note(o, r->note ? r->note : drew ? drew : r->file, stderr);
	free(drew);
	if (o->ascii && r->ascii)
		fputs(r->ascii, stdout);
	plot_result_free(r);
}
