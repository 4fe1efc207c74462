"""Source paths for YoWASP Yosys runs (scripts/synth.py, scripts/formal.py).

YoWASP's Wasm sandbox maps the host's directories at their own paths except /tmp, which it
replaces with a private directory, so a checkout under /tmp is invisible to it; and its
SystemVerilog reader (slang) cannot open paths that climb with "..". Copying the sources into
the job's working directory and naming them relative to it works from any checkout."""
import shutil
from pathlib import Path


def stage_sources(files: list[Path], work: Path) -> list[str]:
    """Copies files into work/src and returns their paths relative to work, in order."""
    src = work / "src"
    src.mkdir(parents=True, exist_ok=True)
    out = []
    for f in files:
        shutil.copyfile(f, src / f.name)
        out.append(f"src/{f.name}")
    return out
