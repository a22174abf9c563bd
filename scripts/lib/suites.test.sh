#!/usr/bin/env bash
# Checks scripts/lib/suites.sh: the counts it reads from each runner's log, the failures it shows,
# and the closing line. node and pytest run for real on tiny suites made here; Swift Testing's
# log is a sample of its format. Ends with "N passed, N failed"; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${VENV_PYTHON:-.build/venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# check NAME ACTUAL EXPECTED: one check.
check() {
  if [ "$2" == "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL %s\n  got:      %q\n  expected: %q\n' "$1" "$2" "$3"; fi
}

# suite COMMAND…: runs COMMAND (a run_suite call) in a fresh shell with logs in $work, then the closing
# line and "status N".
suite() {
  bash -c 'source scripts/lib/suites.sh; LOG_DIR="$0"; "$@"; finish_suites; echo "status $?"' "$work" "$@"
}

cat >"$work/mixed.test.js" <<'JS'
const test = require('node:test'); const assert = require('node:assert');
test('good', () => {}); test('skipped', { skip: true }, () => {}); test('bad', () => { assert.strictEqual(1, 2); });
JS
cat >"$work/test_mixed.py" <<'PY'
import pytest
def test_ok(): pass
def test_bad(): assert 1 == 2, "one is not two"
@pytest.mark.skip
def test_skipped(): pass
PY
cat >"$work/swift-sample.log" <<'LOG'
◇ Test run started.
◇ Test ok() started.
✔ Test ok() passed after 0.001 seconds.
✔ Test other(_:) with 3 test cases passed after 0.002 seconds.
➜ Test later() skipped.
✘ Test broken() recorded an issue at A.swift:3:9: Expectation failed: 1 == 2
↳ a comment
✘ Test broken() failed after 0.003 seconds with 1 issue.
✘ Suite S failed after 0.004 seconds with 1 issue.
✘ Test run with 4 tests in 1 suite failed after 0.005 seconds with 1 issue.
	 Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds
LOG

out=$(suite run_suite "node" node n node --test --test-reporter=tap "$work/mixed.test.js")
check "node summary" "$(head -1 <<<"$out")" "node: 1 passed, 1 failed, 1 skipped, exit status 1 (log: $work/n.log)"
check "node shows the failing test" "$(grep -c 'not ok 3 - bad' <<<"$out")" 1
check "node shows the reason" "$(grep -c '1 !== 2' <<<"$out")" 1
check "node closing line" "$(tail -2 <<<"$out" | head -1)" "1 passed, 1 failed, 1 skipped"
check "node status" "$(tail -1 <<<"$out")" "status 1"

out=$(suite run_suite "pytest" pytest p "$PYTHON" -m pytest -q -p no:cacheprovider "$work/test_mixed.py")
check "pytest summary" "$(head -1 <<<"$out")" "pytest: 1 passed, 1 failed, 1 skipped, exit status 1 (log: $work/p.log)"
# The failure's report in full (its "E" line); the short summary's copy varies with CI and width.
check "pytest shows the failure" "$(grep -cE '^ *E +AssertionError: one is not two' <<<"$out")" 1

out=$(suite run_suite "swift" swift s cat "$work/swift-sample.log")
check "swift summary" "$(head -1 <<<"$out")" "swift: 2 passed, 1 failed, 1 skipped (log: $work/s.log)"
check "swift shows the issue" "$(grep -c 'Expectation failed: 1 == 2' <<<"$out")" 1
check "swift hides the progress" "$(grep -c '◇' <<<"$out")" 0

# A passed run whose "✔ Test" lines are not all in the log: its own total counts (skipped ones off).
cat >"$work/swift-lost.log" <<'LOG'
◇ Test run started.
✔ Test ok() passed after 0.001 seconds.
➜ Test later() skipped.
✔ Test run with 4 tests in 1 suite passed after 0.005 seconds.
LOG
out=$(suite run_suite "swift" swift l cat "$work/swift-lost.log")
check "swift counts a passed run by its total" "$(head -1 <<<"$out")" "swift: 3 passed, 0 failed, 1 skipped (log: $work/l.log)"

out=$(suite run_suite "plain" plain q bash -c 'echo "FAIL png x: bad"; echo "images: 3 passed, 1 failed"; exit 1')
check "plain summary" "$(head -1 <<<"$out")" "plain: 3 passed, 1 failed, exit status 1 (log: $work/q.log)"
check "plain shows FAIL lines" "$(sed -n 2p <<<"$out")" "    FAIL png x: bad"

out=$(suite run_suite "crash" plain c bash -c 'echo "boom"; exit 3')
check "a crash counts as a failure" "$(head -1 <<<"$out")" "crash: 0 passed, 1 failed, exit status 3 (log: $work/c.log)"
check "a crash shows the log's tail" "$(sed -n 2p <<<"$out")" "    boom"

out=$(suite run_suite "empty" plain e true)
check "no test is a failure" "$(head -1 <<<"$out")" "empty: 0 passed, 0 failed, no test ran (log: $work/e.log)"
check "no test fails the run" "$(tail -1 <<<"$out")" "status 1"

out=$(suite run_suite "fine" plain f echo "5 passed, 0 failed")
check "a passing suite prints one line" "$out" "fine: 5 passed, 0 failed (log: $work/f.log)
5 passed, 0 failed, 0 skipped
status 0"

out=$(bash -c 'source scripts/lib/suites.sh; LOG_DIR="$0"
  start_suite slowfail bash -c "echo \"1 passed, 1 failed\"; exit 1"; start_suite quick echo "2 passed, 0 failed"
  end_suite "quick" plain quick; end_suite "slowfail" plain slowfail; finish_suites; echo "status $?"' "$work")
check "suites side by side report in the order end_suite names them" "$(sed -n 1p <<<"$out")" "quick: 2 passed, 0 failed (log: $work/quick.log)"
check "a suite side by side keeps its exit status" "$(sed -n 2p <<<"$out")" "slowfail: 1 passed, 1 failed, exit status 1 (log: $work/slowfail.log)"
check "suites side by side add to the totals" "$(tail -2 <<<"$out" | head -1)" "3 passed, 1 failed, 0 skipped"
check "a suite side by side fails the run" "$(tail -1 <<<"$out")" "status 1"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
