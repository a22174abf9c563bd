"""protocol.md, "fonsters/lookalikes": comparing a library by look holds memory for each look it
draws again, reserved from the server's memory budget before it starts. A budget without room
refuses with noMemoryRoom (1015), saying how much is needed and how to ask for less, and changes
nothing; identical pictures alone (`near: false`) still work; with room, the same library is
grouped by look. The peak (VmHWM from /proc) stays within idle + budget."""
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
        grouped = roomy.call("fonsters/lookalikes", {})["result"]
        assert grouped["exact"] == exact["exact"] and grouped["near"], "the same library, grouped by look too"
    finally:
        roomy.close()
