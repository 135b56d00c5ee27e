# boxtoi.plot: pictures of a query, drawn from what `boxtoi --explain`
# prints; explain-t checks the command's part.
TESTS += python/t/explain-t.sh
EXTRA_DIST += python/t/explain-t.sh
