"""The import benchmark (`benchmarks/run --import`): an export of each app, of valid rows
only, at 2, 20 and 50 MB (benchmarks/import-files.py), each imported once by the release
binary; the peak memory against the bound an import is held to (4 × the input + 50 MB, at
most 500 MB), whether it imported or refused, with the wall and CPU time.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from measure import measure_outcome

SIZES = [2, 20, 50]
HERE = os.path.dirname(os.path.abspath(__file__))


def bound(megabytes):
    """The most memory an import of `megabytes` may take, in MB."""
    return min(4 * megabytes + 50, 500)


def run(program, sizes=SIZES):
    work = tempfile.mkdtemp(prefix="bbreport-import-bench.")
    try:
        rows = [row for size in sizes for row in imports(program, work, size)]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{'file':<26} {'input MB':>8} {'peak MB':>8} {'bound MB':>8}      {'outcome':<10} {'wall s':>7} {'CPU s':>7}")
    for name, megabytes, peak, status, wall, cpu in rows:
        limit = bound(megabytes)
        outcome = "imported" if status == 0 else f"refused ({status})"
        print(f"{name:<26} {megabytes:8.1f} {peak:8d} {limit:8.0f} {'ok' if peak <= limit else 'OVER':>4}  {outcome:<10} {wall:7.2f} {cpu:7.2f}")
    over = sum(1 for row in rows if row[2] > bound(row[1]))
    print("every import within its bound" if over == 0 else f"{over} of {len(rows)} imports past their bound")


def imports(program, work, size):
    """Each app's file of `size` MB imported: (name, input MB, peak MB, exit status, wall s, CPU s)."""
    folder = os.path.join(work, f"{size}mb")
    subprocess.run([sys.executable, os.path.join(HERE, "import-files.py"), folder, str(size)], check=True)
    rows = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        command = [program, "import", path, "--timezone", "UTC", "--child", "Ava", "-o", os.path.join(work, "export.json")]
        wall, peak, cpu, status = measure_outcome(command, os.path.join(work, "summary.txt"), stderr=subprocess.DEVNULL)
        rows.append((name, os.path.getsize(path) / (1 << 20), peak, status, wall, cpu))
    shutil.rmtree(folder)
    return rows
