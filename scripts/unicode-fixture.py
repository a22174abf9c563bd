#!/usr/bin/env python3
"""Writes Tests/Fixtures/unicode-15.1.json: the code point ranges of the general categories the
engine reads (Mn, Me, Mc, Nd, Zs) as Unicode 15.1 has them (docs/engine.md §1), from the
`unicodedata2` package of that version (pip install unicodedata2==15.1.0). The Swift tests compare
the engine's character properties with it, so that every difference from the toolchain's newer
Unicode data is a deliberate one."""
import json, os, sys
import unicodedata2 as u

assert u.unidata_version == "15.1.0", u.unidata_version
cats = {c: [] for c in ("Mn", "Me", "Mc", "Nd", "Zs")}
for cp in range(0x110000):
    c = u.category(chr(cp))
    if c in cats:
        r = cats[c]
        if r and r[-1][1] == cp - 1: r[-1][1] = cp
        else: r.append([cp, cp])
out = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "unicode-15.1.json")
with open(out, "w") as f:
    json.dump({"version": u.unidata_version, "categories": cats}, f, separators=(",", ":"))
    f.write("\n")
print(out, {k: len(v) for k, v in cats.items()}, file=sys.stderr)
