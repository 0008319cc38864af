# map.gp: net over two parameters as a heat map (blue: accept, net > 0;
# red: reject, net < 0), the break-even contour net = 0 traced by
# gnuplot, and each region labelled.
# Data blocks (separated by two blank lines):
#   0: title, x-axis label, y-axis label, colour-bar label, largest
#      |net|, whether net changes sign, number of region labels,
#      whether the grid is evenly spaced, whether the current values
#      are marked, the current x and y, their label, where the label
#      goes (1: left of the point, plus 2: below it)
#   1: the grid, one line of constant y after another: x, y, net
#      (NaN: not defined there), the cell's x and y bounds, and the
#      sign of net (1, -1, or 0 where it is 0 or not defined)
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
	ylabel = strcol(3), cblabel = strcol(4), cbmax = column(5), \
	has_zero = int(column(6)), nlabels = int(column(7)), \
	uniform = int(column(8)), \
	has_base = int(column(9)), base_x = column(10), \
	base_y = column(11), base_label = strcol(12), \
	base_right = int(column(13)), 0) nooutput
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

# The zero contour, traced on the grid into the datablock $zero (which
# must exist, if empty, even where it is not drawn).
$zero << EOD
EOD
if (has_zero) {
	set contour base
	set cntrparam levels discrete 0
	unset surface
	set table $zero
	splot data index 1 using (column(1)):(column(2)):(column(3)) with lines notitle
	unset table
	unset contour
	set surface
}

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
set cblabel cblabel noenhanced
set cbrange [-cbmax:cbmax]
set palette defined (-1 reject_color, -0.5 '#ef8a62', 0 '#f7f7f7', 0.5 '#67a9cf', 1 accept_color)
if (textmode) unset colorbox
set key outside below center horizontal height 1.5
set tics out nomirror
set autoscale xfix
set autoscale yfix
set style textbox opaque margins 4, 2 border lc rgb '#444444'
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
image = !textmode && uniform
boxes = !textmode && !uniform

# An evenly spaced grid is drawn as an image; any other as boxes; text
# output shows the sign of net at each point.
plot for [k=1:image] data index 1 using (column(1)):(column(2)):(column(3)) \
		with image notitle, \
	for [k=1:boxes] data index 1 using (column(1)):(column(2)):(column(4)):(column(5)):(column(6)):(column(7)):(column(3)) \
		with boxxyerror fc palette fs solid 1 noborder notitle, \
	for [k=1:textmode] data index 1 using (column(1)):(column(2)):(column(8) > 0 ? '+' : column(8) < 0 ? '-' : ' ') \
		with labels notitle, \
	for [k=1:has_zero] $zero using (column(1)):(column(2)) \
		with lines lc rgb ink lw 2.5 title 'net = 0 (break-even)', \
	for [k=1:(nlabels > 0)] data index 2 using (column(1)):(column(2)):(strcol(3)) \
		with labels boxed font ',13' noenhanced notitle
