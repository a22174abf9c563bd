# Runs test suites with a concise log: each suite's full output goes to .build/test-logs/NAME.log,
# the screen gets one summary line per suite ("swift test: 312 passed, 0 failed (log: …)") and,
# when a suite fails, its failures in full. `finish_suites` prints the closing
# "N passed, N failed, N skipped" that CI reads.

LOG_DIR=.build/test-logs
TOTAL_PASSED=0
TOTAL_FAILED=0
TOTAL_SKIPPED=0
SUITES_FAILED=0
mkdir -p "$LOG_DIR"

# The counts "PASSED FAILED SKIPPED" a suite's log reports, by the runner's own lines.
#   swift:  Swift Testing's "✔ Test …", "✘ Test … failed" and "➜ Test … skipped" lines, plus
#           XCTest's last "Executed N tests, with F failures"; a run that passed counts its own
#           total ("✔ Test run with N tests", skipped ones in it), as its ✔ lines can go missing
#           (two tests ending at one instant: seen once in CI)
#   pytest: "N passed", "N failed", "N error(s)", "N skipped" of pytest's closing line
#   node:   the TAP reporter's "# pass N", "# fail N" and "# skipped N"
#   plain:  the last "N passed, N failed" line (check_images.py, scripts/fuzz.sh, …)
count_tests() {
  local kind=$1 log=$2
  case $kind in
    swift)
      local p f s xp xf
      p=$(grep -E '^✔ Test ' "$log" | grep -vc '^✔ Test run ')
      s=$(grep -cE '^➜ Test .* skipped' "$log")
      f=$(grep -E '^✘ Test ' "$log" | grep -v '^✘ Test run' | grep -c ' failed after')
      local run
      run=$(grep -E '^✔ Test run with [0-9]+ tests? ' "$log" | tail -1 | grep -oE '[0-9]+' | head -1 || true)
      [ -n "$run" ] && [ $((run - s)) -gt "$p" ] && p=$((run - s))
      read -r xp xf < <(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1 \
        | sed -E 's/.*Executed ([0-9]+) tests?, with ([0-9]+) failures?.*/\1 \2/' || true)
      echo $((p + ${xp:-0} - ${xf:-0})) $((f + ${xf:-0})) "$s" ;;
    pytest)
      local line
      line=$(grep -E '^(=+ )?[0-9]+ (passed|failed|error)' "$log" | tail -1)
      echo "$(grep -oE '[0-9]+ passed' <<<"$line" | grep -oE '[0-9]+' || echo 0)" \
           "$(( $(grep -oE '[0-9]+ failed' <<<"$line" | grep -oE '[0-9]+' || echo 0) + $(grep -oE '[0-9]+ errors?' <<<"$line" | grep -oE '[0-9]+' || echo 0) ))" \
           "$(grep -oE '[0-9]+ skipped' <<<"$line" | grep -oE '[0-9]+' || echo 0)" ;;
    node)
      echo "$(grep -E '^# pass [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)" \
           "$(grep -E '^# fail [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)" \
           "$(grep -E '^# skipped [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)" ;;
    *)
      grep -E '([0-9]+) passed, ([0-9]+) failed' "$log" | tail -1 \
        | sed -E 's/(^|.*[^0-9])([0-9]+) passed, ([0-9]+) failed.*/\2 \3 0/' | grep . || echo "0 0 0" ;;
  esac
}

# The part of a failed suite's log worth reading: the failures the runner reports, in full.
show_failures() {
  local kind=$1 log=$2 shown
  case $kind in
    swift)  shown=$(awk '/^(◇|✔)/ { p = 0 } /^✘ (Suite|Test run)/ { p = 0; next } /^✘/ { p = 1 } p' "$log"
                    grep -E 'error:|Fatal error|[Cc]rashed|signal [0-9]' "$log") ;;
    pytest) shown=$(sed -n '/^=* \(FAILURES\|ERRORS\) =*$/,$p' "$log") ;;
    node)   shown=$(awk '/^ *not ok / { p = 1 } p { print } p && /^ *\.\.\.$/ { p = 0 }' "$log") ;;
    *)      shown=$(grep -E '^(FAIL|ERROR)|[Ee]rror:' "$log") ;;
  esac
  if [ -n "$shown" ]; then printf '%s\n' "$shown"; else tail -n 40 "$log"; fi | sed 's/^/    /'
}

# run_suite TITLE KIND LOGNAME COMMAND…: runs COMMAND with its output in the log and prints the
# suite's summary line; a failing suite (a failed test, a non-zero exit, or no test at all) also
# prints its failures.
run_suite() {
  local title=$1 kind=$2 log="$LOG_DIR/$3.log"
  shift 3
  "$@" >"$log" 2>&1
  report_suite "$title" "$kind" "$log" $?
}

# start_suite LOGNAME COMMAND…: starts COMMAND in the background with its output in the log, for
# suites that mostly wait (for browsers, editors, servers) to run beside another; end_suite
# reports it.
declare -A SUITE_PIDS=()
start_suite() {
  local name=$1
  shift
  "$@" >"$LOG_DIR/$name.log" 2>&1 &
  SUITE_PIDS[$name]=$!
}

# end_suite TITLE KIND LOGNAME: waits for the suite start_suite began as LOGNAME and reports it
# as run_suite does.
end_suite() {
  local status=0
  wait "${SUITE_PIDS[$3]}" || status=$?
  report_suite "$1" "$2" "$LOG_DIR/$3.log" "$status"
}

# report_suite TITLE KIND LOG STATUS: the summary line of a suite that ended with STATUS, its
# counts added to the totals, and its failures when it failed.
report_suite() {
  local title=$1 kind=$2 log=$3 status=$4 passed failed skipped
  read -r passed failed skipped < <(count_tests "$kind" "$log")
  passed=${passed:-0} failed=${failed:-0} skipped=${skipped:-0}
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi  # a crash or an error outside any test
  TOTAL_PASSED=$((TOTAL_PASSED + passed))
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
  TOTAL_SKIPPED=$((TOTAL_SKIPPED + skipped))
  local note=""
  [ "$skipped" -gt 0 ] && note=", $skipped skipped"
  [ "$status" -ne 0 ] && note="$note, exit status $status"
  [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ] && note="$note, no test ran"
  echo "$title: $passed passed, $failed failed$note (log: $log)"
  if [ "$status" -ne 0 ] || [ "$failed" -ne 0 ] || [ "$passed" -eq 0 ]; then
    SUITES_FAILED=$((SUITES_FAILED + 1))
    show_failures "$kind" "$log"
  fi
}

# Prints the closing line over all suites and returns non-zero when anything failed.
finish_suites() {
  echo "$TOTAL_PASSED passed, $TOTAL_FAILED failed, $TOTAL_SKIPPED skipped"
  [ "$TOTAL_FAILED" -eq 0 ] && [ "$SUITES_FAILED" -eq 0 ]
}
