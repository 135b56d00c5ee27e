#!/bin/sh
# t/symbols-t.sh: every global symbol of the library starts with boxtoi_
# (public) or _boxtoi_ (internal) (TAP).  Reads the convenience library
# that libboxtoi.la is linked from (all its objects, static or shared
# build alike) with nm, and lists any symbol without the prefix.
: "${top_builddir:=.}"
lib="$top_builddir/.libs/libboxtoi-core.a"
echo "1..2"
if ! command -v nm >/dev/null 2>&1 || [ ! -f "$lib" ]; then
    echo "ok 1 # SKIP no nm or no $lib"
    echo "ok 2 # SKIP no nm or no $lib"
    exit 0
fi
all=$(nm -g --defined-only "$lib" | awk 'NF == 3 { print $3 }')
n=$(printf '%s\n' "$all" | grep -c .)
if [ "$n" -gt 100 ]; then
    echo "ok 1 - $n global symbols defined"
else
    echo "not ok 1 - only $n global symbols defined (nm output unreadable?)"
fi
# (symbols a sanitizer or coverage build adds for each global, e.g.
# __odr_asan._boxtoi_contact_dirs, are the compiler's, not ours)
bad=$(printf '%s\n' "$all" | grep -v -E '^_?boxtoi_' \
      | grep -v -E '^__(odr_asan|asan|ubsan|sancov|gcov|llvm)' | sort)
if [ -z "$bad" ]; then
    echo "ok 2 - 0 global symbols without the boxtoi_ or _boxtoi_ prefix"
else
    echo "not ok 2 - $(printf '%s\n' "$bad" | wc -l) global symbols without the prefix"
    printf '%s\n' "$bad" | sed 's/^/# /'
fi
