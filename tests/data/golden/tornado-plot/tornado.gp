# tornado.gp: for each parameter, the net at its low and at its high
# value, drawn from the base net; the widest swing on top.
# Data blocks (separated by two blank lines):
#   0: title, x-axis label, number of parameters, base net, its label,
#      number of value labels right and left of their bar, x range
#   1: one row per parameter: y, name, net at low, net at high value
#   2: value labels drawn right of their bar end: x, y, text
#   3: value labels drawn left of their bar end: x, y, text
# (a block with nothing to draw holds one NaN row)
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
	rows = int(column(3)), net_base = column(4), baselabel = strcol(5), \
	nright = int(column(6)), nleft = int(column(7)), xmin = column(8), \
	xmax = column(9), 0) nooutput
w = 900; h = 200 + 40 * rows
tw = 80; th = 12 + 3 * rows

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

low_color = '#92c5de'
high_color = '#2166ac'
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
set tmargin 5
set xlabel xlabel noenhanced
set xrange [xmin:xmax]
set yrange [0.3:rows + 0.7]
set ytics scale 0 noenhanced
set xtics nomirror
set border 1
if (!textmode) set grid xtics lc rgb grid_color
set key outside below center horizontal height 1.5
# Right of net = 0 the fix would be accepted, left of it rejected.
if (!textmode) {
	set object 1 rectangle from first 0, graph 0 to graph 1, graph 1 behind fc rgb '#eef5fb' fs solid 1 noborder
	set object 2 rectangle from graph 0, graph 0 to first 0, graph 1 behind fc rgb '#fdf0e8' fs solid 1 noborder
}
set arrow 1 from first 0, graph 0 to first 0, graph 1 nohead lc rgb reject_color lw 1.5 dt 2 front
set label 2 'accept' at graph 0.99, graph 0.97 right tc rgb accept_color front
set label 3 'reject' at graph 0.01, graph 0.97 left tc rgb reject_color front
set style fill solid 1 border lc rgb '#555555'
set arrow 2 from first net_base, graph 0 to first net_base, graph 1 nohead lc rgb ink lw 1.5 front
set label 1 baselabel at first net_base, graph 1 center offset 0, 0.8 noenhanced front

plot data index 1 using (0):(column(1)):(net_base):(column(3)):(column(1) - 0.3):(column(1) + 0.3):ytic(2) \
		with boxxyerror lc rgb low_color title 'parameter at its low value', \
	data index 1 using (0):(column(1)):(net_base):(column(4)):(column(1) - 0.3):(column(1) + 0.3) \
		with boxxyerror lc rgb high_color title 'parameter at its high value', \
	for [k=1:(nright > 0)] data index 2 using (column(1)):(column(2)):(strcol(3)) \
		with labels left offset 0.5, 0 noenhanced notitle, \
	for [k=1:(nleft > 0)] data index 3 using (column(1)):(column(2)):(strcol(3)) \
		with labels right offset -0.5, 0 noenhanced notitle
