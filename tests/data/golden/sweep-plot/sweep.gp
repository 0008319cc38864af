# sweep.gp: gain, cost and net as one parameter varies, the accept
# (net > 0) and reject (net < 0) regions shaded, break-even marked.
# Data blocks (separated by two blank lines):
#   0: title, x-axis label, y-axis label, number of break-even points,
#      lowest and highest y, whether the current value is marked, the
#      current value, NaN, its label, whether the label goes left
#   1: parameter, gain, cost, net (NaN: not defined there)
#   2: one row per break-even point: parameter, y of its label, label
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
	ylabel = strcol(3), ncross = int(column(4)), ymin = column(5), \
	ymax = column(6), has_base = int(column(7)), base_x = column(8), \
	base_y = column(9), base_label = strcol(10), \
	base_right = int(column(11)), 0) nooutput
w = 900; h = 560
tw = 80; th = 34

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
set key outside below center horizontal height 1.5
if (!textmode) set grid lc rgb grid_color
set border 3
set xtics nomirror
set ytics nomirror
set autoscale xfix
set offsets 0, 0, graph 0.08, graph 0.08
set style textbox opaque border lc rgb '#777777'
if (has_base) {
	set arrow 101 from base_x, graph 0 to base_x, graph 1 nohead dt 3 lw 2 lc rgb ink front
	if (base_y == base_y) {
		set arrow 102 from graph 0, first base_y to graph 1, first base_y nohead dt 3 lw 2 lc rgb ink front
		set label 102 '' at base_x, base_y point pt 7 ps 1.5 lc rgb ink front
		base_dy = base_right >= 2 ? -1 : 1
		if (base_right % 2) {
			set label 101 base_label at base_x, base_y right offset -1, base_dy boxed front tc rgb ink noenhanced
		} else {
			set label 101 base_label at base_x, base_y left offset 1, base_dy boxed front tc rgb ink noenhanced
		}
	} else { if (base_right % 2) {
		set label 101 base_label at base_x, graph 1 right offset -0.5, -1 front tc rgb ink noenhanced
	} else {
		set label 101 base_label at base_x, graph 1 left offset 0.5, -1 front tc rgb ink noenhanced
	}}
}
fills = !textmode
marks = ncross > 0

plot for [k=1:fills] data index 1 using (column(1)):(column(4)):(0) \
		with filledcurves above fc rgb accept_fill fs solid 1 noborder title 'accept (net > 0)', \
	for [k=1:fills] data index 1 using (column(1)):(column(4)):(0) \
		with filledcurves below fc rgb reject_fill fs solid 1 noborder title 'reject (net < 0)', \
	0 with lines lc rgb '#777777' lw 1 notitle, \
	for [k=1:marks] data index 2 using (column(1)):(ymin):(0):(ymax - ymin) \
		with vectors nohead dt 2 lc rgb '#777777' notitle, \
	data index 1 using (column(1)):(column(2)) with lines lc rgb gain_color lw 2 title 'gain', \
	data index 1 using (column(1)):(column(3)) with lines lc rgb cost_color lw 2 title 'cost', \
	data index 1 using (column(1)):(column(4)) with lines lc rgb ink lw 3 title 'net = gain - cost', \
	for [k=1:marks] data index 2 using (column(1)):(0) \
		with points pt 7 ps 1.3 lc rgb ink title 'break-even (net = 0)', \
	for [k=1:marks] data index 2 using (column(1)):(column(2)):(strcol(3)) \
		with labels boxed noenhanced notitle
