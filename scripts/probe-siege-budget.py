#!/usr/bin/env python3
"""The two memory-budget probes of Tests/e2e/test_siege.py that the server does not hold yet:
64 WebSocket clients (60 that never read, 4 prompt readers) on a 64 MiB budget, and six unfinished
60 MiB messages. Each prints its figures (peak RSS over the idle size, clients closed) and this
script exits 1 when a probe's promise does not hold. They stay out of the test suite until they
hold (a test that is expected to fail cannot fail); docs/benchmarks.md ("Siege") keeps the figures.

    .build/venv/bin/python scripts/probe-siege-budget.py [--bin .build/release/fonsters-rpc]
"""
import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests/e2e"))

import test_siege  # noqa: E402  (the probes and their helpers live beside the tests they grew from)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / ".build/debug/fonsters-rpc"))
    args = parser.parse_args()
    failed = 0
    for probe in (test_siege.probe_64_clients_stay_within_the_budget_and_no_prompt_reader_is_closed,
                  test_siege.probe_unfinished_60_mib_messages_stay_within_the_budget):
        try:
            probe(args.bin)
            print(f"{probe.__name__}: held")
        except AssertionError as error:
            failed += 1
            print(f"{probe.__name__}: NOT held: {error}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
