#!/usr/bin/env python3
"""Runs one command and appends "wall-seconds peak-megabytes cpu-seconds" to a file.

usage: measure.py RESULTS OUTPUT -- COMMAND…  (the command's standard output goes to OUTPUT)

Wall time to the microsecond (a one-more-day build takes less than a tenth of a second,
where /usr/bin/time counts hundredths), CPU time as user + system on every core, and the
peak resident memory, all of the command's own process as the kernel reports it on exit.
"""
import os
import subprocess
import sys
import time


def measure(command, output, env=None, cwd=None):
    """Runs `command` once, its standard output into the file `output`, after a `sync`;
    returns (wall seconds, peak megabytes, CPU seconds). Exits when the command fails."""
    wall, megabytes, cpu, status = measure_outcome(command, output, env=env, cwd=cwd)
    if status != 0:
        sys.exit(f"{' '.join(command)} failed ({status})")
    return wall, megabytes, cpu


def measure_outcome(command, output, env=None, cwd=None, stderr=None):
    """As measure(), for a command whose failure is an outcome to report: (wall seconds,
    peak megabytes, CPU seconds, exit status)."""
    os.sync()
    with open(output, "wb") as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=stderr, env=env, cwd=cwd)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
    return wall, usage.ru_maxrss // 1024, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    results, output, separator, *command = sys.argv[1:]
    if separator != "--" or not command:
        sys.exit(__doc__)
    wall, megabytes, cpu = measure(command, output)
    with open(results, "a") as file:
        file.write(f"{wall:.3f} {megabytes} {cpu:.3f}\n")
