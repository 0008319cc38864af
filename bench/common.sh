# common.sh: what the bench scripts share, sourced after they set $tmp.
#
# run CMD...: runs CMD once, its output to $tmp/out; sets t (user + sys,
# seconds: the machine may be shared, and wall time then says more about
# the neighbours), m (peak RSS, KiB) and faults (its page faults: on a
# virtual machine each costs microseconds).
run() {
	/usr/bin/time -f '%U %S %M %R' -o "$tmp/time" "$@" >"$tmp/out"
	read -r u s m faults <"$tmp/time"
	t=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
}

# lower A B: the smaller of two times ("" is none yet).
lower() {
	if [ -z "$1" ] || awk -v a="$2" -v b="$1" 'BEGIN { exit !(a < b) }'; then
		echo "$2"
	else
		echo "$1"
	fi
}

# python_with MODULES: sets python to a python3 that imports MODULES (a
# comma list), or to "" when there is none.
python_with() {
	python=
	for p in python3 /usr/bin/python3; do
		if command -v "$p" >/dev/null 2>&1 &&
		   "$p" -c "import $1" >/dev/null 2>&1; then
			python=$p
			return
		fi
	done
}
