#!/bin/sh
# Every workbook the project writes, from the checkout TREE into OUT (for
# _compare_workbooks.py): the templates, the demo, crosstables of two real files in both
# forms, the period workbook of the example period, and a norm certificate.
# Usage: benchmarks/write_all_workbooks.sh TREE OUT [PYTHON]
set -e
TREE=$(cd "$1" && pwd); OUT=$2; PY=${3:-python}
rm -rf "$OUT"; mkdir -p "$OUT/templates" "$OUT/demo"
run() { (cd "$TREE" && PYTHONPATH="$TREE" "$PY" -m xlfuncs "$@") >/dev/null 2>&1; }
run templates -o "$OUT/templates" --force
run demo -o "$OUT/demo" --force
for f in karl-mala-2005 crete-friendship-cup-2024-rapid; do
  for form in lite classic; do
    run crosstable "tests/data/real/$f.trf" --for "$form" -o "$OUT/crosstable-$f-$form.xlsx" --force || true
  done
done
run period $(cd "$TREE" && ls docs/examples/period/*.trf) -o "$OUT/period.xlsx" --force || true
run norms xlfuncs/data/demo_round_robin.trf --certificate 8 -o "$OUT/it1.xlsx" --force || true
ls -R "$OUT" | grep -c xlsx
