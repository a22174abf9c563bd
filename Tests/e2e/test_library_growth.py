"""protocol.md, "library/import" and "fonsters/list": a library of 100,000 Fonsters goes in through
`library/import` in steps, is listed a page at a time and searched, and the server's peak memory
(VmHWM, read from /proc as test_server_bounds.py does) stays within its 256 MiB budget throughout;
an unpaged list too big for one answer is refused at once, naming paging; distinct variants and
documents are compared with all of it."""
import json

import pytest

from conftest import LineClient, proc_status

MiB = 1 << 20
BUDGET = 256 * MiB


def peak(client):
    return proc_status(client.process.pid, "VmHWM")


def bundle(first, count):
    return {"format": "fonsters-library", "version": 1, "engine": "fonsters-v2", "exportedAt": "2026-01-01T00:00:00.000Z",
            "fonsters": [{"seed": f"grown {n}", "createdAt": "2026-01-01T00:00:00.000Z"} for n in range(first, first + count)]}


@pytest.mark.slow
def test_a_hundred_thousand_fonsters_are_imported_listed_and_searched_within_the_budget(fonsters_bin, tmp_path):
    client = LineClient(fonsters_bin, "--store", str(tmp_path / "library.sqlite"), "--no-starter",
                        "--max-response-bytes", str(8_000_000))
    try:
        client.call("initialize", {"capabilities": {}})
        total = 100_000
        for first in range(0, total, 10_000):
            result = client.call("library/import", {"bundle": bundle(first, 10_000)})["result"]
            assert len(result["created"]) == 10_000 and result["skipped"] == 0
            assert peak(client) < BUDGET, f"importing at {first}: peak {peak(client) / MiB:.0f} MiB"
        # Unpaged: refused from the count, naming paging.
        error = client.call("fonsters/list", {})["error"]
        assert error["code"] == -32001 and "'start' and 'count'" in error["message"]
        assert error["data"]["field"] == "count" and 0 < error["data"]["fit"] < total
        # A page at the start, in the middle and at the end.
        for start in (0, total // 2, total - 500):
            page = client.call("fonsters/list", {"start": start, "count": 500})["result"]
            assert page["total"] == total and len(page["fonsters"]) == 500
            assert page["fonsters"][0]["seed"] == f"grown {start}"
        ids = [f["id"] for f in client.call("fonsters/list", {"start": 0, "count": 50})["result"]["fonsters"]]
        found = client.call("creature/search", {"base": "grown", "want": "colors=6", "unlike": ids, "maxCandidates": 5_000})["result"]
        assert found["tried"] > 0
        # Importing the same again finds every one already there (same seed, name and creation time).
        again = client.call("library/import", {"bundle": bundle(total - 10_000, 10_000)})["result"]
        assert again["created"] == [] and again["skipped"] == 10_000
        # Distinct variants compare the whole library, whatever its size: variants saved as
        # Fonsters are not offered again, nor is one that looks like any Fonster of it.
        offered = [v["seed"] for v in client.call("fonsters/distinctVariants", {"seed": "grace", "count": 4})["result"]["variants"]]
        assert len(offered) == 4
        for seed in offered:
            assert "id" in client.call("fonsters/create", {"seed": seed})["result"]
        later = [v["seed"] for v in client.call("fonsters/distinctVariants", {"seed": "grace", "count": 4})["result"]["variants"]]
        assert later and not set(later) & set(offered), (offered, later)
        for seed in later:
            found = client.call("fonsters/lookalikesOf", {"seed": seed})["result"]
            assert found["sameCount"] == 0 and found["nearlyCount"] == 0, (seed, found)
        # A document is compared with all of it too: a line drawing a Fonster's picture is told
        # so, by the Fonster's name.
        fifth = client.call("fonsters/list", {"start": 5, "count": 1})["result"]["fonsters"][0]
        assert client.call("fonsters/update", {"id": fifth["id"], "name": "Fifth"})["result"]["name"] == "Fifth"
        uri = "file:///grown.fonsters"
        client.process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "fonsters", "version": 1, "text": f"{fifth['seed']}\nnot grown at all\n"}}}).encode() + b"\n")
        items = client.call("textDocument/diagnostic", {"textDocument": {"uri": uri}})["result"]["items"]
        found = [d for d in items if d["code"] == "in-library"]
        assert [d["range"]["start"]["line"] for d in found] == [0] and "“Fifth”" in found[0]["message"], items
        assert found[0]["data"]["id"] == fifth["id"]
        assert peak(client) < BUDGET, f"peak {peak(client) / MiB:.0f} MiB"
        assert client.close() == 0
    finally:
        if client.process.poll() is None:
            client.process.kill()
