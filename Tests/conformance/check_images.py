#!/usr/bin/env python3
"""Independent-decoder check of the fonsters-rpc image encoders.

Renders golden creatures through the command-line tool and decodes the files with
Pillow, comparing every pixel with the golden grid and colours:

  * PNG and GIF must match exactly (transparent cells must have alpha 0);
  * JPEG, composited onto white, must be within a per-channel tolerance at every
    cell's centre (checked at sizes of 256 pixels and more);
  * animated evolution GIFs must have one frame per prefix, 300 ms per frame,
    loop forever, and each frame must equal the PNG of its prefix, with the
    golden frame grid's transparency;
  * backgrounds (`--background sky` and `#rrggbb`): PNG and GIF must equal the
    golden creature composited onto the backdrop exactly, opaque everywhere; the
    sky is worked out here from the golden `sky` number (docs/engine.md §8.1's three
    stops, one grey per cell row sampled at the row's centre); JPEG must be
    within the tolerance of it; an evolution shows the whole seed's sky behind
    every frame;
  * SVG, as `creature/render` answers it over stdio (a base64 data URI), is
    rasterised by librsvg (`rsvg-convert`, Debian's librsvg2-bin) and must equal,
    pixel for pixel, the PNG the server answers for the same seed, engine, size
    and background — golden seeds of both engines, transparent, on their sky and
    on a colour. (The engines draw opaque colours only, so no translucent fill
    reaches this check; the Swift tests read `fill-opacity` back.)

Usage:
  python3 Tests/conformance/check_images.py --bin PATH_TO_fonsters-rpc --golden Tests/Fixtures/golden [--rsvg rsvg-convert]

Ends with a line "images: N passed, M failed" and exits non-zero on any failure.
"""

import argparse
import base64
import io
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

try:
    from PIL import Image, ImageChops, ImageSequence
except ImportError:  # pragma: no cover - the CI script installs Pillow first
    print("check_images.py needs Pillow: pip install pillow", file=sys.stderr)
    sys.exit(2)

JPEG_TOLERANCE = 24
EVOLUTION_DELAY_MS = 300
MIN_RECORDS = 30


class Checker:
    """Runs the tool, counts passed and failed checks, and reports failures."""

    def __init__(self, binary, workdir, verbose):
        self.binary = binary
        self.workdir = workdir
        self.verbose = verbose
        self.passed = 0
        self.failed = 0
        self.counter = 0
        self.by_kind = {}

    def render(self, seed, fmt, size, evolution=False, background=None):
        """Renders `seed` to a new file and returns its path; raises on a tool error."""
        self.counter += 1
        out = os.path.join(self.workdir, "img%05d.%s" % (self.counter, fmt))
        # The golden files are fonsters-v1's; the command line's default engine is fonsters-v2.
        cmd = [self.binary, "render", seed, "--engine", "fonsters-v1", "--format", fmt, "--size", str(size), "-o", out]
        if background is not None:
            cmd += ["--background", background]
        if evolution:
            cmd.insert(3, "--evolution")
        proc = subprocess.run(cmd, capture_output=True, timeout=120)
        if proc.returncode != 0:
            detail = proc.stderr.decode("utf-8", "replace").strip()[:300]
            raise RuntimeError("`%s` exited with %d: %s" % (describe_cmd(cmd), proc.returncode, detail))
        if not os.path.exists(out) or os.path.getsize(out) == 0:
            raise RuntimeError("`%s` wrote no file" % describe_cmd(cmd))
        return out

    def check(self, kind, label, fn):
        """Runs one check; `fn` returns None on success or a failure message (or raises)."""
        try:
            problem = fn()
        except Exception as exc:  # a tool or decoder error is a failed check
            problem = "%s: %s" % (type(exc).__name__, exc)
        stats = self.by_kind.setdefault(kind, [0, 0])
        if problem is None:
            self.passed += 1
            stats[0] += 1
            if self.verbose:
                print("ok   %-14s %s" % (kind, label))
        else:
            self.failed += 1
            stats[1] += 1
            print("FAIL %-14s %s: %s" % (kind, label, problem))


def describe_cmd(cmd):
    return " ".join(repr(c) if (" " in c or not c or not c.isprintable()) else c for c in cmd)


def hex_rgb(h):
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def cell_rgba(grid, colors, x, y):
    ch = grid[y][x]
    if ch == ".":
        return (0, 0, 0, 0)
    return hex_rgb(colors[int(ch)]) + (255,)


def expected_image(grid, colors, size):
    """The golden creature as an RGBA image of `size` pixels (nearest neighbour)."""
    small = Image.new("RGBA", (32, 32))
    small.putdata([cell_rgba(grid, colors, x, y) for y in range(32) for x in range(32)])
    return small.resize((size, size), Image.NEAREST)


def clear_transparent(img):
    """`img` with every fully transparent pixel set to (0, 0, 0, 0), so colour under alpha 0 is ignored."""
    alpha = img.getchannel("A").point(lambda a: 255 if a else 0)
    return Image.composite(img, Image.new("RGBA", img.size, (0, 0, 0, 0)), alpha)


def compare_exact(actual, expected):
    """None when the RGBA images agree (alpha 0 pixels compare equal whatever their colour)."""
    if actual.size != expected.size:
        return "size %dx%d, expected %dx%d" % (actual.size + expected.size)
    a = clear_transparent(actual.convert("RGBA"))
    e = clear_transparent(expected.convert("RGBA"))
    if a.tobytes() == e.tobytes():
        return None
    box = ImageChops.difference(a, e).getbbox()
    x, y = (box[0], box[1]) if box else (0, 0)
    wrong = 0
    for yy in range(box[1], box[3]) if box else []:
        for xx in range(box[0], box[2]):
            if a.getpixel((xx, yy)) != e.getpixel((xx, yy)):
                if wrong == 0:
                    x, y = xx, yy
                wrong += 1
    return "%d pixels differ; first at (%d, %d): got %s, expected %s" % (
        wrong, x, y, a.getpixel((x, y)), e.getpixel((x, y)))


def check_png(path, grid, colors, size):
    with Image.open(path) as img:
        if img.format != "PNG":
            return "not a PNG (%s)" % img.format
        img.verify()  # chunk CRCs and structure
    with Image.open(path) as img:
        return compare_exact(img.convert("RGBA"), expected_image(grid, colors, size))


def check_gif_still(path, grid, colors, size):
    with Image.open(path) as img:
        if img.format != "GIF":
            return "not a GIF (%s)" % img.format
        frames = getattr(img, "n_frames", 1)
        if frames != 1:
            return "a still has %d frames" % frames
        return compare_exact(img.convert("RGBA"), expected_image(grid, colors, size))


def check_jpeg(path, grid, colors, size):
    with Image.open(path) as img:
        if img.format != "JPEG":
            return "not a JPEG (%s)" % img.format
        if img.size != (size, size):
            return "size %dx%d, expected %dx%d" % (img.size + (size, size))
        rgb = img.convert("RGB")
    scale = size // 32
    worst, where = 0, None
    for y in range(32):
        for x in range(32):
            want = cell_rgba(grid, colors, x, y)
            want = want[:3] if want[3] else (255, 255, 255)
            got = rgb.getpixel((x * scale + scale // 2, y * scale + scale // 2))
            diff = max(abs(g - w) for g, w in zip(got, want))
            if diff > worst:
                worst, where = diff, (x, y, got, want)
    if worst > JPEG_TOLERANCE:
        x, y, got, want = where
        return "cell (%d, %d) centre is %s, expected %s (off by %d > %d)" % (x, y, got, want, worst, JPEG_TOLERANCE)
    return None


def check_evolution(checker, sequence, size):
    seed, frames = sequence["seed"], sequence["frames"]
    path = checker.render(seed, "gif", size, evolution=True)
    with Image.open(path) as img:
        if img.format != "GIF":
            return "not a GIF (%s)" % img.format
        count = getattr(img, "n_frames", 1)
        if count != len(frames):
            return "%d frames, expected %d" % (count, len(frames))
        if len(frames) > 1 and img.info.get("loop") != 0:
            return "loop is %r, expected 0 (forever)" % img.info.get("loop")
        for index, frame in enumerate(ImageSequence.Iterator(img)):
            golden = frames[index]
            duration = frame.info.get("duration")
            if len(frames) > 1 and duration != EVOLUTION_DELAY_MS:
                return "frame %d lasts %r ms, expected %d" % (index, duration, EVOLUTION_DELAY_MS)
            actual = frame.convert("RGBA")
            # The colours come from the tool's own PNG of the prefix; the shape from the golden grid.
            with Image.open(checker.render(golden["prefix"], "png", size)) as png:
                reference = png.convert("RGBA")
            problem = compare_exact(actual, reference)
            if problem:
                return "frame %d (prefix %r) differs from its PNG: %s" % (index, golden["prefix"], problem)
            scale = size // 32
            for y in range(32):
                for x in range(32):
                    transparent = golden["grid"][y][x] == "."
                    alpha = actual.getpixel((x * scale, y * scale))[3]
                    if transparent != (alpha == 0):
                        return "frame %d cell (%d, %d): alpha %d but the golden cell is %r" % (
                            index, x, y, alpha, golden["grid"][y][x])
    return None


def sky_rows(k):
    """The 32 row greys of the sky of a seed whose `h(s, "env_sky")` is `k` (docs/engine.md §8.1)."""
    top, middle, bottom = 0.5 + 0.12 * k, 0.4 + 0.1 * (1 - k), 0.32 + 0.08 * k
    rows = []
    for y in range(32):
        t = (y + 0.5) / 32
        level = top + (middle - top) * (t * 2) if t <= 0.5 else middle + (bottom - middle) * ((t - 0.5) * 2)
        v = int(math.floor(level * 255 + 0.5))
        rows.append((v, v, v))
    return rows


def backdrop_rows(background, record):
    if background == "sky":
        return sky_rows(record["environment"]["sky"])
    return [hex_rgb(background[1:])] * 32


def expected_on(grid, colors, rows, size):
    """The golden creature standing on the 32 row colours `rows`, opaque, at `size` pixels."""
    small = Image.new("RGBA", (32, 32))
    small.putdata([cell_rgba(grid, colors, x, y) if grid[y][x] != "." else rows[y] + (255,)
                   for y in range(32) for x in range(32)])
    return small.resize((size, size), Image.NEAREST)


def check_on_background(path, fmt, grid, colors, rows, size):
    with Image.open(path) as img:
        if img.format != fmt.upper():
            return "not a %s (%s)" % (fmt, img.format)
        rgba = img.convert("RGBA")
    if rgba.getchannel("A").getextrema() != (255, 255):
        return "not opaque everywhere: alpha runs %s" % (rgba.getchannel("A").getextrema(),)
    return compare_exact(rgba, expected_on(grid, colors, rows, size))


def check_jpeg_on_background(path, grid, colors, rows, size):
    with Image.open(path) as img:
        rgb = img.convert("RGB")
    scale = size // 32
    for y in range(32):
        for x in range(32):
            want = cell_rgba(grid, colors, x, y)[:3] if grid[y][x] != "." else rows[y]
            got = rgb.getpixel((x * scale + scale // 2, y * scale + scale // 2))
            if max(abs(g - w) for g, w in zip(got, want)) > JPEG_TOLERANCE:
                return "cell (%d, %d) centre is %s, expected %s" % (x, y, got, want)
    return None


def check_evolution_on_sky(checker, sequence, record, size):
    """Every frame of the evolution shows the whole seed's sky in its transparent golden cells."""
    rows = sky_rows(record["environment"]["sky"])
    path = checker.render(sequence["seed"], "gif", size, evolution=True, background="sky")
    scale = size // 32
    with Image.open(path) as img:
        for index, frame in enumerate(ImageSequence.Iterator(img)):
            rgba = frame.convert("RGBA")
            grid = sequence["frames"][index]["grid"]
            for y in range(32):
                for x in range(32):
                    got = rgba.getpixel((x * scale, y * scale))
                    if got[3] != 255:
                        return "frame %d cell (%d, %d) is not opaque" % (index, x, y)
                    if grid[y][x] == "." and got[:3] != rows[y]:
                        return "frame %d cell (%d, %d) is %s, the sky there is %s" % (index, x, y, got[:3], rows[y])
    return None


class RPCServer:
    """A `fonsters-rpc --stdio` child spoken to with Content-Length framing, one call at a time."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "--stdio", "--memory", "--no-starter", "--log-level", "off"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.last_id = 0
        self.call("initialize", {})

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fonsters-rpc closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def call(self, method, params):
        """The result of `method`; raises with the server's message on an error answer."""
        self.last_id += 1
        self.send({"jsonrpc": "2.0", "id": self.last_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.last_id:
                if "error" in message:
                    raise RuntimeError("%s answered %s" % (method, message["error"]))
                return message["result"]

    def close(self):
        self.send({"jsonrpc": "2.0", "id": "bye", "method": "shutdown"})
        self.receive()
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def data_uri_bytes(uri, mime):
    prefix = "data:%s;base64," % mime
    if not uri.startswith(prefix):
        raise ValueError("the data URI does not start with %r: %r" % (prefix, uri[:40]))
    return base64.b64decode(uri[len(prefix):], validate=True)


def rasterise_svg(rsvg, svg):
    """The SVG document rasterised by librsvg at its own width and height, as an RGBA image."""
    proc = subprocess.run([rsvg, "--format", "png"], input=svg, capture_output=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError("rsvg-convert exited with %d: %s" % (proc.returncode, proc.stderr.decode("utf-8", "replace")[:300]))
    with Image.open(io.BytesIO(proc.stdout)) as img:
        return img.convert("RGBA")


def check_svg_against_png(server, rsvg, seed, engine, size, background):
    """The served SVG, rasterised, equals the served PNG of the same creature."""
    params = {"seed": seed, "engine": engine, "size": size}
    if background is not None:
        params["background"] = background
    svg_result = server.call("creature/render", dict(params, format="svg"))
    png_result = server.call("creature/render", dict(params, format="png"))
    svg = data_uri_bytes(svg_result["dataUri"], "image/svg+xml")
    if len(svg) != svg_result["bytes"]:
        return "the answer says %d bytes, the data URI holds %d" % (svg_result["bytes"], len(svg))
    with Image.open(io.BytesIO(data_uri_bytes(png_result["dataUri"], "image/png"))) as png:
        expected = png.convert("RGBA")
    return compare_exact(rasterise_svg(rsvg, svg), expected)


def usable_seed(seed):
    """Seeds that survive a command line unchanged (no NUL) and cannot pass for an option."""
    return "\x00" not in seed and not seed.startswith("-")


def pick_spread(records, count):
    """`count` records spread evenly over the file, keeping its order."""
    if len(records) <= count:
        return list(records)
    step = len(records) / float(count)
    return [records[int(i * step)] for i in range(count)]


def svg_check(checker, args):
    """SVG against PNG over golden seeds of both engines, three sizes, three backgrounds."""
    rsvg = shutil.which(args.rsvg)
    if rsvg is None:
        checker.check("svg", "rasteriser", lambda: "%s not found (Debian: apt-get install librsvg2-bin)" % args.rsvg)
        return
    server = RPCServer(checker.binary)
    try:
        for engine, name in (("fonsters-v1", "engine-v1.json"), ("fonsters-v2", "engine-v2.json")):
            with open(os.path.join(args.golden, name), encoding="utf-8") as f:
                records = json.load(f)["records"]  # JSON carries every seed, a NUL or a leading dash too
            for index, record in enumerate(pick_spread(records, args.svg_records)):
                size = (32, 96, 256)[index % 3]
                for background in (None, "sky", "#1e90ff"):
                    label = "%s %r on %s @%d" % (engine, record["seed"], background or "transparent", size)
                    kind = {None: "svg", "sky": "svg sky"}.get(background, "svg colour")
                    checker.check(kind, label,
                                  lambda r=record, e=engine, s=size, b=background: check_svg_against_png(server, rsvg, r["seed"], e, s, b))
    finally:
        server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="path to the fonsters-rpc executable")
    parser.add_argument("--golden", required=True, help="folder with engine-v1.json and frames-v1.json")
    parser.add_argument("--records", type=int, default=36, help="how many golden records to render (at least 30)")
    parser.add_argument("--svg-records", type=int, default=40,
                        help="how many golden records of each engine to check as SVG against PNG")
    parser.add_argument("--rsvg", default="rsvg-convert", help="the librsvg rasteriser (Debian: librsvg2-bin)")
    parser.add_argument("--verbose", action="store_true", help="list passing checks too")
    args = parser.parse_args()

    if not (os.path.isfile(args.bin) and os.access(args.bin, os.X_OK)):
        print("no executable at %s" % args.bin, file=sys.stderr)
        print("images: 0 passed, 1 failed")
        return 1
    with open(os.path.join(args.golden, "engine-v1.json"), encoding="utf-8") as f:
        all_records = json.load(f)["records"]
    records = [r for r in all_records if usable_seed(r["seed"])]
    with open(os.path.join(args.golden, "frames-v1.json"), encoding="utf-8") as f:
        sequences = json.load(f)["sequences"]

    chosen = pick_spread(records, max(MIN_RECORDS, args.records))
    skipped = []
    with tempfile.TemporaryDirectory(prefix="fonsters-images-") as workdir:
        checker = Checker(os.path.abspath(args.bin), workdir, args.verbose)

        for index, record in enumerate(chosen):
            seed, grid, colors = record["seed"], record["grid"], record["colors"]
            size = (32, 96, 256)[index % 3]
            sizes = [size, 2048] if index % 12 == 5 else [size]  # a few at the largest size
            for s in sizes:
                label = "%r @%d" % (seed, s)
                checker.check("png", label, lambda s=s: check_png(checker.render(seed, "png", s), grid, colors, s))
                checker.check("gif", label, lambda s=s: check_gif_still(checker.render(seed, "gif", s), grid, colors, s))
            for s in sorted(set(x for x in sizes + [256] if x >= 256)):
                label = "%r @%d" % (seed, s)
                checker.check("jpeg", label, lambda s=s: check_jpeg(checker.render(seed, "jpeg", s), grid, colors, s))

        for index, record in enumerate(pick_spread(records, 12)):
            seed, grid, colors = record["seed"], record["grid"], record["colors"]
            size = (32, 96, 256)[index % 3]
            for background in ("sky", "#1e1e1e", "#ffd700"):
                rows = backdrop_rows(background, record)
                label = "%r on %s @%d" % (seed, background, size)
                for fmt in ("png", "gif"):
                    checker.check(fmt + " background", label, lambda f=fmt, b=background, r=rows: check_on_background(
                        checker.render(seed, f, size, background=b), f, grid, colors, r, size))
                checker.check("jpeg background", label, lambda b=background, r=rows: check_jpeg_on_background(
                    checker.render(seed, "jpeg", 256, background=b), grid, colors, r, 256))
        by_seed = {r["seed"]: r for r in all_records}
        for sequence in sequences[:4]:
            if sequence["frames"] and usable_seed(sequence["seed"]) and sequence["seed"] in by_seed:
                checker.check("evolution sky", repr(sequence["seed"]),
                              lambda seq=sequence: check_evolution_on_sky(checker, seq, by_seed[seq["seed"]], 64))

        svg_check(checker, args)

        for index, sequence in enumerate(sequences):
            if not sequence["frames"]:
                skipped.append((sequence["seed"], "has no frames"))
                continue
            if not usable_seed(sequence["seed"]) or not all(usable_seed(f["prefix"]) for f in sequence["frames"]):
                skipped.append((sequence["seed"], "cannot be passed as a command-line argument"))
                continue
            size = 256 if index == 0 else 96
            label = "%r (%d frames) @%d" % (sequence["seed"], len(sequence["frames"]), size)
            checker.check("evolution gif", label, lambda seq=sequence, s=size: check_evolution(checker, seq, s))

    left_out = [r["seed"] for r in all_records if not usable_seed(r["seed"])]
    print("Sample: %d of the %d golden creatures, spread evenly over the file, rendered by the tool and decoded"
          % (len(chosen), len(all_records)))
    print("by Pillow (swift test checks every record with our own decoders; this cross-checks a sample).")
    for kind, (ok, bad) in sorted(checker.by_kind.items()):
        print("  %-14s %3d passed, %d failed" % (kind, ok, bad))
    if left_out:
        print("Never sampled: %d golden seeds a command-line argument cannot carry as given (a NUL byte, or a"
              " leading dash): %s" % (len(left_out), ", ".join(repr(s) for s in left_out)))
    for seed, reason in skipped:
        print("Evolution sequence of %r skipped: it %s." % (seed, reason))
    print("images: %d passed, %d failed" % (checker.passed, checker.failed))
    return 1 if checker.failed or checker.passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
