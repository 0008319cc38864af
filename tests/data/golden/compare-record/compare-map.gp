# compare-map.gp: which candidate has the largest net over two
# parameters, one colour per candidate, each region labelled.
# Data blocks (separated by two blank lines):
#   0: title, x-axis label, y-axis label, number of candidates
#   1: the grid, one line of constant y after another: x, y, the
#      winning candidate (from 0; NaN: none) and its letter
#   2: region labels: x, y, text
#
# Draw:  gnuplot -d -c THIS.gp [svg|png|dumb] [OUTPUT]
# (svg by default; the output goes next to this file, dumb prints text).
# fixprice writes this file again when it draws the chart again: copy
# it under another name to keep a restyled version.  All text that came
# from users (titles, names) is read from the data file THIS.dat, as
# strings; none is in this script, which is the same for every chart of
# its kind.  Never pass those strings to eval or macro expansion.

set encoding utf8
term = ARGC >= 1 ? ARG1 : 'svg'
base = ARG0[1:strlen(ARG0) - 3]
# gnuplot reads a file name that starts with '<' or '|' as a command:
# keep every name a path.
if (base[1:1] ne '/' && base[1:1] ne '.') base = './' . base
data = base . '.dat'
out = ARGC >= 2 ? ARG2 : base . '.' . term
textmode = term eq 'dumb'

# Colours that survive grey-scale printing and colour blindness:
# accept blue, reject red, gain green, cost orange.
gain_color = '#1b7837'
cost_color = '#d95f02'
accept_color = '#2166ac'
reject_color = '#b2182b'
accept_fill = '#d1e5f0'
reject_fill = '#fddbc7'
ink = '#1a1a1a'
grid_color = '#e0e0e0'

stats data index 0 using (title = strcol(1), xlabel = strcol(2), \
	ylabel = strcol(3), k = int(column(4)), 0) nooutput
w = 900; h = 680
tw = 80; th = 36

if (!exists('w') || !exists('h')) exit error 'cannot read ' . data
# Fixed sizes and fonts, so the same data draws the same picture.
if (term eq 'svg') {
	set terminal svg size w, h fixed font 'sans-serif,12' noenhanced background '#ffffff'
} else { if (term eq 'png') {
	if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
		set terminal pngcairo size w, h font 'sans-serif,10' noenhanced background '#ffffff'
	} else {
		set terminal png size w, h font 'sans-serif,10' noenhanced background '#ffffff'
	}
} else { if (textmode) {
	set terminal dumb size tw, th noenhanced
} else {
	exit error 'unknown terminal ' . term . ' (use svg, png or dumb)'
}}}
if (textmode && ARGC < 2) { set output } else { set output out }

tfit(s) = !textmode || strlen(s) <= tw - 2 ? s : s[1:tw - 5] . '...'
tbreak = textmode && strlen(title) > tw - 2 ? strstrt(title, ' -- ') : 0
if (tbreak > 1) {
	set title "\n"
	set label 100 tfit(title[1:tbreak - 1]) at screen 0.5, screen 1 center offset 0, -1 noenhanced front
	set label 103 tfit(title[tbreak + 4:]) at screen 0.5, screen 1 center offset 0, -2 noenhanced front
} else {
	set title ' ' font ',14'
	set label 100 tfit(title) at screen 0.5, screen 1 center offset 0, -1.3 font ',14' noenhanced front
}
set xlabel xlabel noenhanced
set ylabel ylabel noenhanced
# Eight colours, one per candidate (the ninth takes the first's again).
set cbrange [-0.5:7.5]
set palette maxcolors 8
set palette defined (0 '#66c2a5', 1 '#fc8d62', 2 '#8da0cb', 3 '#e78ac3', 4 '#a6d854', 5 '#ffd92f', 6 '#e5c494', 7 '#b3b3b3')
unset colorbox
set tics out nomirror
set autoscale xfix
set autoscale yfix
set style textbox opaque margins 4, 2 border lc rgb '#444444'
image = !textmode
plot for [t=1:image] data index 1 using (column(1)):(column(2)):(column(3) - 8 * floor(column(3) / 8)) \
		with image notitle, \
	for [t=1:textmode] data index 1 using (column(1)):(column(2)):(strcol(4)) \
		with labels notitle, \
	data index 2 using (column(1)):(column(2)):(strcol(3)) \
		with labels boxed font ',13' noenhanced notitle
