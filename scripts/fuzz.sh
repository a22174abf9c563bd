#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz/targets/ (AddressSanitizer + LeakSanitizer) and
# runs each for SECONDS (default 20) from its seed corpus Tests/Fuzz/corpus/<target>/.
# Fails on any crash, assertion, leak, slow input (over 2 s) or memory over 2 GB.
#
#   scripts/fuzz.sh [SECONDS]            all targets
#   FUZZ_TARGETS="json frames" scripts/fuzz.sh 300   some of them
#
# Targets are compiled with swiftc straight from the module sources (not through SwiftPM)
# into .build-fuzz/ (git-ignored), rebuilt only when a source changed. Two targets run at a
# time. The checked-in corpus is copied to a scratch folder first, so it never grows; crash
# inputs are kept in .build-fuzz/artifacts/<target>/. Reproduce one with
#   SWIFT_BACKTRACE=enable=no .build-fuzz/<target> .build-fuzz/artifacts/<target>/crash-…
set -uo pipefail

seconds=${1:-20}
case $seconds in '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=.build-fuzz
mkdir -p "$out/logs"
export SWIFT_BACKTRACE=enable=no  # the Swift crash reporter hangs libFuzzer after a crash

all_targets="json frames sharelink png picture bundle iso8601 http websocket document"
targets=${FUZZ_TARGETS:-$all_targets}
flags=(-sanitize=fuzzer,address -parse-as-library -O -use-ld=lld
       -I "$out" -I Sources/CZlib -I Sources/CJPEG -I Sources/CSQLite)
libs=("$out/libJSON.a" "$out/libLimits.a" -lz -ljpeg -lsqlite3 -lm)

# The Swift files of a module, or of a folder.
swift_files() { find "$@" -name '*.swift' | sort; }

# build NAME OUTPUT -- SWIFTC-ARGS…: runs swiftc unless OUTPUT was built with the same
# arguments (the same files) and is newer than every input file.
build() {
    local name=$1 output=$2; shift 3
    local stale=1
    if [[ -e $output && "$*" == "$(cat "$output.args" 2>/dev/null)" ]]; then
        stale=0
        for arg in "$@"; do
            if [[ -f $arg && $arg -nt $output ]]; then stale=1; break; fi
        done
    fi
    ((stale)) || return 0
    if swiftc "${flags[@]}" "$@" -o "$output" >"$out/logs/build-$name.log" 2>&1; then
        echo "$*" >"$output.args"
        return 0
    fi
    echo "fuzz: building $name failed:" >&2
    grep -E 'error|Error' "$out/logs/build-$name.log" | head -20 >&2
    rm -f "$output"
    return 1
}

# A static library and module of the Swift sources in FOLDER.
build_module() {
    local module=$1 folder=$2
    build "$module" "$out/lib$module.a" -- -module-name "$module" -emit-library -static \
        -emit-module -emit-module-path "$out/$module.swiftmodule" $(swift_files "$folder")
}

build_target() {
    local target=$1
    case $target in
    json) build json "$out/json" -- -module-name JSONFuzz Tests/Fuzz/targets/JSONParserFuzz.swift \
        Sources/JSON/{JSONParser,JSONValue,JSONObject,JSONParseError,JSONSerializer}.swift ;;
    frames) build frames "$out/frames" -- -module-name FramesFuzz Tests/Fuzz/targets/FrameDecoderFuzz.swift \
        Sources/RPCTransport/{FrameDecoder,Framing,Locked,ServerLimits,Watermark}.swift ;;
    http) build http "$out/http" -- -module-name HTTPFuzz Tests/Fuzz/targets/HTTPRequestFuzz.swift \
        Sources/RPCTransport/HTTP/{HTTPRequestParser,HTTPRequest,OriginPolicy}.swift Sources/RPCTransport/{ServerLimits,Watermark}.swift \
        Sources/RPCTransport/WebSocket/UTF8Validator.swift ;;
    document) build document "$out/document" -- -module-name DocumentFuzz Tests/Fuzz/targets/DocumentEditFuzz.swift \
        Sources/FonsterDocument/{TextPosition,DocumentText,DocumentError,DocumentLimits}.swift ;;
    websocket) build websocket "$out/websocket" -- -module-name WebSocketFuzz Tests/Fuzz/targets/WebSocketFrameFuzz.swift \
        Sources/RPCTransport/WebSocket/{WebSocketFrameDecoder,WebSocketFrame,UTF8Validator}.swift ;;
    sharelink) build sharelink "$out/sharelink" -- -module-name ShareLinkFuzz \
        Tests/Fuzz/targets/ShareLinkFuzz.swift "$out/libCreatureCore.a" "${libs[@]}" ;;
    png) build png "$out/png" -- -module-name PNGFuzz \
        Tests/Fuzz/targets/PNGMetadataFuzz.swift "$out/libCreatureCore.a" "${libs[@]}" ;;
    picture) build picture "$out/picture" -- -module-name PictureFuzz \
        Tests/Fuzz/targets/PictureReaderFuzz.swift "$out/libCreatureCore.a" "${libs[@]}" ;;
    bundle) build bundle "$out/bundle" -- -module-name BundleFuzz Tests/Fuzz/targets/LibraryBundleFuzz.swift \
        "$out/libFonsterStore.a" "$out/libCreatureCore.a" "${libs[@]}" ;;
    iso8601) build iso8601 "$out/iso8601" -- -module-name ISO8601Fuzz Tests/Fuzz/targets/ISO8601Fuzz.swift \
        "$out/libFonsterStore.a" "$out/libCreatureCore.a" "${libs[@]}" ;;
    *) echo "fuzz: unknown target $target (targets: $all_targets)" >&2; return 1 ;;
    esac
}

wants() { [[ " $targets " == *" $1 "* ]]; }
needs_core=0 needs_store=0
for t in $targets; do
    case $t in sharelink | png | picture) needs_core=1 ;; bundle | iso8601) needs_core=1 needs_store=1 ;; esac
done

skipped=""
if wants iso8601 && ! grep -rqs 'enum ISO8601Timestamp' Sources/FonsterStore; then
    skipped="iso8601 (Sources/FonsterStore has no ISO8601Timestamp yet)"
    targets=$(echo " $targets " | sed 's/ iso8601 / /')
fi

# Build: the modules and the self-contained targets first, two compilers at a time.
start=$(date +%s)
run_pair() {  # runs the given shell commands two at a time; fails if any failed
    local status=0 pids=()
    for cmd in "$@"; do
        eval "$cmd" & pids+=($!)
        if ((${#pids[@]} >= 2)); then wait "${pids[0]}" || status=1; pids=("${pids[@]:1}"); fi
    done
    for pid in "${pids[@]}"; do wait "$pid" || status=1; done
    return $status
}
phase0=() phase1=() phase2=() phase3=()
# Limits (imported by the engine) has no dependencies.
((needs_core)) && phase0+=("build_module Limits Sources/Limits")
((needs_core)) && phase0+=("build_module JSON Sources/JSON")
build_core() {  # CreatureCore imports JSON and Limits: a newer one means a rebuild
    [[ $out/libJSON.a -nt $out/libCreatureCore.a || $out/libLimits.a -nt $out/libCreatureCore.a ]] && rm -f "$out/libCreatureCore.a"
    build_module CreatureCore Sources/CreatureCore
}
((needs_core)) && phase1+=("build_core")
for t in json frames http websocket document; do wants "$t" && phase1+=("build_target $t"); done
build_store() {  # FonsterStore imports CreatureCore: a newer CreatureCore means a rebuild
    [[ $out/libCreatureCore.a -nt $out/libFonsterStore.a ]] && rm -f "$out/libFonsterStore.a"
    build_module FonsterStore Sources/FonsterStore
}
((needs_store)) && phase2+=("build_store")
for t in sharelink png picture; do wants "$t" && phase2+=("build_target $t"); done
for t in bundle iso8601; do wants "$t" && phase3+=("build_target $t"); done
run_pair "${phase0[@]}"
run_pair "${phase1[@]}"
run_pair "${phase2[@]}"
run_pair "${phase3[@]}"
echo "fuzz: built in $(($(date +%s) - start)) s"

# Run each target from a copy of its seed corpus.
scratch=$(mktemp -d)
trap 'kill $(jobs -rp) 2>/dev/null; rm -rf "$scratch"' EXIT
run_target() {
    local target=$1
    local corpus="$scratch/$target" log="$out/logs/run-$target.log"
    mkdir -p "$corpus" "$out/artifacts/$target"
    cp Tests/Fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null
    "$out/$target" "$corpus" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 \
        -malloc_limit_mb=2048 -detect_leaks=1 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$target/" >"$log" 2>&1
    echo $? >"$out/logs/rc-$target"
}
for t in $targets; do
    rm -f "$out/logs/rc-$t"
    [[ -x $out/$t ]] || continue
    while (($(jobs -rp | wc -l) >= 2)); do wait -n; done
    run_target "$t" &
done
wait

passed=0 failed=0
for t in $targets; do
    log="$out/logs/run-$t.log"
    if [[ ! -e $out/logs/rc-$t ]]; then
        echo "fuzz: $t FAILED (did not build; see $out/logs/build-$t.log)"
        failed=$((failed + 1)); continue
    fi
    rc=$(cat "$out/logs/rc-$t")
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$')
    [[ -n $runs ]] || runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
    if ((rc == 0)) && ! grep -q 'ERROR: \|SUMMARY: \|Fatal error' "$log"; then
        echo "fuzz: $t passed: ${runs:-?} executions in $seconds s"
        passed=$((passed + 1))
    else
        echo "fuzz: $t FAILED after ${runs:-?} executions (exit $rc); log $log:"
        grep -E 'Fatal error|ERROR: |SUMMARY: |Test unit written|^artifact_prefix' "$log" | head -8 | sed 's/^/    /'
        failed=$((failed + 1))
    fi
done
[[ -n $skipped ]] && echo "fuzz: skipped $skipped"
echo "fuzz: $passed passed, $failed failed"
((failed == 0))
