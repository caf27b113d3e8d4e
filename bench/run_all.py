"""Run every benchmark in bench/ and print its figures (``make bench``)."""

import pathlib
import runpy
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

for script in sorted(HERE.glob("bench_*.py")):
    print(f"== {script.name}")
    runpy.run_path(str(script), run_name="__main__")
