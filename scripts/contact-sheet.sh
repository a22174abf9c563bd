#!/usr/bin/env bash
# Draws the README's contact sheet, docs/creatures.png (or the file given as $1): the same eight
# seeds drawn by fonsters-v1 (first row) and fonsters-v2 (second row), then the rare pattern
# modes (1 % of seeds each): a v1 flower and space, then v2 clouds, flower, repeating patterns
# and space — each creature on its sky.
# Uses $FONSTERS_RPC when set, else builds and uses .build/debug/fonsters-rpc.
# The test suite checks that the committed sheet is what this script draws now.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/creatures.png}
bin=${FONSTERS_RPC:-}
if [ -z "$bin" ]; then
  swift build --product fonsters-rpc >/dev/null
  bin=.build/debug/fonsters-rpc
fi
seeds=("clouds" "YG7" "Puddle 1551" "forest wind" "Willow 20481" "Rustle 25965" "Willow 24471" "Puddle 17811")
args=()
for s in "${seeds[@]}"; do args+=("v1:$s"); done
for s in "${seeds[@]}"; do args+=("v2:$s"); done
args+=("v1:forest frost flame clover vine light" "v1:glow stone")
args+=("v2:dolor-짜-114" "v2:③ fireworks ~qqx" "v2:00 lights ~qqqqx" "v2:mallory-ピ-72" "v2:Untitled 27993"
       "v2:Neutron pirate 🍀")
"$bin" sheet --columns 8 --scale 4 -o "$out" -- "${args[@]}"
