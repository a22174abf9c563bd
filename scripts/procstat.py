"""What the benchmarks read of a server from /proc (docs/benchmarks.md): its CPU and memory as the
kernel counts them, taken from outside as a client sees them, and the machine's load."""
import os
import pathlib


def cpu_seconds(pid):
    """The process's user and system CPU, threads that ended included (to the clock tick: 10 ms)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu_seconds(pid):
    """The CPU of the process's threads still running, to the nanosecond (schedstat): for the cost
    of one keystroke, which a clock tick cannot show."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            total += int(pathlib.Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
        except OSError:
            pass  # the thread ended meanwhile
    return total / 1e9


def status_bytes(pid, field):
    """A memory line of /proc/PID/status (VmRSS, VmHWM: the peak), in bytes."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise SystemExit(f"/proc/{pid}/status has no {field}")


def load_average():
    """The 1-, 5- and 15-minute load averages, as text ("?" where /proc has none)."""
    path = pathlib.Path("/proc/loadavg")
    return " ".join(path.read_text().split()[:3]) if path.exists() else "?"
