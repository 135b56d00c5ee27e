# examples: the named scenarios of README.md ("Examples") and the test
# that each gives its documented answer (golden files in t/data/examples,
# derived by hand in t/data/examples/README).
TESTS += t/examples-t.sh
EXTRA_DIST += t/examples-t.sh t/data/examples/README \
	t/data/examples/verify.py t/data/examples/doubles.py \
	t/data/examples/cell.py t/data/examples/primitives.py \
	t/data/examples/gate.py
EXTRA_DIST += examples/gate.jsonl t/data/examples/gate.out
EXTRA_DIST += examples/cell.jsonl t/data/examples/cell.out
EXTRA_DIST += examples/primitives.jsonl t/data/examples/primitives.out
EXTRA_DIST += examples/drawer.jsonl examples/drop.jsonl \
	examples/grazing.jsonl examples/near-miss.jsonl examples/shear.jsonl \
	examples/tumbling-crate.jsonl examples/doubles.jsonl \
	examples/robot-arm.jsonl examples/pick-and-place.jsonl
EXTRA_DIST += t/data/examples/drawer.out t/data/examples/drop.out \
	t/data/examples/grazing.out t/data/examples/near-miss.out \
	t/data/examples/shear.out t/data/examples/tumbling-crate.out \
	t/data/examples/doubles.out t/data/examples/robot-arm.out \
	t/data/examples/pick-and-place.out
EXTRA_DIST += t/data/timecheck.py
