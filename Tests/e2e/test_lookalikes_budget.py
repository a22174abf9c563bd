"""protocol.md, "fonsters/lookalikes": comparing a library by look holds memory for each look it
draws again, reserved from the server's memory budget before it starts. A budget without room
refuses with noMemoryRoom (1015), saying how much is needed and how to ask for less, and changes
nothing; identical pictures alone (`near: false`) still work; with room, the same library is
grouped by look, and a restarted server reads those groups from the file instead of comparing
the looks again. The peak (VmHWM from /proc) stays within idle + budget."""
import json
import subprocess

from conftest import LineClient, proc_status

MiB = 1 << 20


def status(client, field):
    return proc_status(client.process.pid, field)


def test_comparing_by_look_is_refused_when_the_budget_has_no_room_and_answers_when_it_has(fonsters_bin, tmp_path):
    document, store = tmp_path / "crew.fonsters", str(tmp_path / "library.sqlite")
    document.write_text("# engine: fonsters-v2\n" + "".join(f"crew member {n}\n" for n in range(20_000)))
    subprocess.run([fonsters_bin, "import", str(document), "--store", store, "--no-starter"], check=True, capture_output=True)

    budget = 4 * MiB
    small = LineClient(fonsters_bin, "--store", store, "--memory-budget", str(budget))
    try:
        assert "result" in small.call("creature/describe", {"seed": "idle"})  # started and answering
        idle = status(small, "VmRSS")
        error = small.call("fonsters/lookalikes", {})["error"]
        assert error["code"] == 1015, error
        assert "memory budget" in error["message"] and "near: false" in error["message"] and "--memory-budget" in error["message"]
        assert error["data"]["needed"] > budget
        exact = small.call("fonsters/lookalikes", {"near": False})["result"]
        assert exact["count"] == 20_000 and exact["exact"] and exact["near"] == []
        assert status(small, "VmHWM") - idle < budget + 24 * MiB
    finally:
        small.close()

    roomy = LineClient(fonsters_bin, "--store", store)
    try:
        grouped, reports = call_with_progress(roomy, "fonsters/lookalikes", {"workDoneToken": "first"})
        assert grouped["exact"] == exact["exact"] and grouped["near"], "the same library, grouped by look too"
        assert any(r.get("message", "").startswith("Compared") for r in reports), reports
    finally:
        roomy.close()

    # Restarted, the library unchanged: the groups kept in the file, no look compared again.
    restarted = LineClient(fonsters_bin, "--store", store)
    try:
        again, reports = call_with_progress(restarted, "fonsters/lookalikes", {"workDoneToken": "again"})
        assert again == grouped
        assert not any(r.get("message", "").startswith("Compared") for r in reports), reports
    finally:
        restarted.close()


def call_with_progress(client, method, params):
    """The result of `method`, and the values of the `$/progress` reports sent before it."""
    client.process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": "p", "method": method, "params": params}).encode() + b"\n")
    client.process.stdin.flush()
    reports = []
    while True:
        message = json.loads(client.process.stdout.readline())
        if message.get("method") == "$/progress":
            reports.append(message["params"]["value"])
        elif message.get("id") == "p":
            return message["result"], reports
