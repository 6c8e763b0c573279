"""Build the one-folder bundle from ``packaging/lcr-audio.spec`` and play a watch game from it (issue 11).

    python3 scripts/build_bundle.py               # build into a temporary folder, check, play, print figures
    python3 scripts/build_bundle.py --dist DIR    # keep the bundle in DIR/lcr-audio
    python3 scripts/build_bundle.py --no-build --dist DIR   # check and play a bundle built before

Needs PyInstaller (``pip install pyinstaller``). The same spec builds the Windows bundle (docs/windows.md),
so a run here shows the spec collects everything the game loads at run time: the compiled catalogs, the
sound cues, accessible_output2's screen-reader DLLs (where accessible_output2 looks for them when frozen),
pygame's libraries and Babel's locale data. The watch game (``play --computer all --fast``) is played from
the bundle and from this checkout, in English and in Spanish, and the two must print the same lines; the
bundle's log must show the sound device opened (SDL's dummy driver) and every cue file found.

Exit status 0 when everything holds; 1 with one line per problem otherwise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "lcr-audio.spec"
NAME = "lcr-audio"
WATCH = ["play", "--computer", "all", "--fast", "--speech", "console", "--seed", "3"]
LANGUAGES = ["en", *sorted(po.parent.parent.name for po in ROOT.glob("locales/*/LC_MESSAGES/lcr_audio.po"))]
"""Each language's watch game is played from the bundle and the checkout."""
SOUND_LANGUAGE = "en"
"""The game played with SDL's dummy sound device (slower: it paces the cues), so that the cue files load."""


def program(bundle: Path) -> Path:
    """The bundle's program: ``lcr-audio.exe`` on Windows, ``lcr-audio`` elsewhere."""
    return bundle / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def missing_files(bundle: Path) -> list[str]:
    """What the bundle lacks, one sentence each (empty when complete)."""
    import accessible_output2

    problems = []
    wanted = [program(bundle)]
    wanted += [
        bundle / "lcr_audio" / "locales" / po.parent.parent.name / "LC_MESSAGES" / "lcr_audio.mo"
        for po in sorted((ROOT / "locales").glob("*/LC_MESSAGES/lcr_audio.po"))
    ]
    wanted += [bundle / "lcr_audio" / "sounds" / wav.name for wav in sorted((ROOT / "sounds").glob("*.wav"))]
    # accessible_output2.load_library looks beside the program when frozen: <folder>/accessible_output2/lib.
    library = Path(accessible_output2.__file__).parent / "lib"
    wanted += [bundle / "accessible_output2" / "lib" / dll.name for dll in sorted(library.glob("*.dll"))]
    wanted += [bundle / "babel" / "locale-data" / f"{language}.dat" for language in LANGUAGES]
    problems += [f"missing: {path.relative_to(bundle)}" for path in wanted if not path.is_file()]
    sdl = [path for path in bundle.rglob("*") if "sdl2" in path.name.lower() and "mixer" in path.name.lower()]
    if not sdl:
        problems.append("missing: pygame's SDL2_mixer library")
    return problems


def play(command: list[str], home: Path, language: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run a watch game with ``command`` (the program and any leading arguments) in a fresh home folder;
    return the run and the log file's path."""
    env = dict(os.environ)
    home.mkdir(parents=True)
    env.update(
        HOME=str(home),
        USERPROFILE=str(home),
        APPDATA=str(home / "AppData" / "Roaming"),
        LOCALAPPDATA=str(home / "AppData" / "Local"),
        LCR_AUDIO_HOME=str(home / "lcr-audio"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"),
        PYTHONUTF8="1",
    )
    if language == SOUND_LANGUAGE:
        env["SDL_AUDIODRIVER"] = "dummy"  # a sound device on any machine, so that the cue files are loaded
    env.pop("LCR_AUDIO_SPEECH", None)
    run = subprocess.run(
        [*command, *WATCH, "--lang", language],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    logs = sorted(home.rglob("lcr-audio.log"))
    return run, logs[0] if logs else home / "no-log"


def check_game(bundle: Path, scratch: Path) -> tuple[list[str], float]:
    """Play the watch game from the bundle and from the checkout; the problems, and the bundle's seconds."""
    problems = []
    seconds = 0.0
    for language in LANGUAGES:
        started = time.perf_counter()
        frozen, log = play([str(program(bundle))], scratch / f"bundle-{language}", language)
        seconds += time.perf_counter() - started
        source, _log = play([sys.executable, "-m", "lcr_audio"], scratch / f"source-{language}", language)
        if frozen.returncode != 0:
            problems.append(f"{language}: the bundle's game ended with status {frozen.returncode}")
        if frozen.stderr:
            problems.append(f"{language}: the bundle wrote to stderr: {frozen.stderr.strip()[:300]}")
        if not frozen.stdout.strip():
            problems.append(f"{language}: the bundle's game printed nothing")
        if frozen.stdout != source.stdout:
            problems.append(f"{language}: the bundle's game differs from the checkout's")
        text = log.read_text(encoding="utf-8") if log.is_file() else ""
        if language == SOUND_LANGUAGE and ("Sound cues are off" in text or "sound cue file" in text):
            problems.append(f"{language}: the bundle's sound cues did not load: see {log}")
    return problems, seconds


def size_megabytes(folder: Path) -> float:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, help="where to put the bundle (default: a temporary folder)")
    parser.add_argument("--no-build", action="store_true", help="check a bundle built before in --dist")
    args = parser.parse_args(argv)
    if args.no_build and args.dist is None:
        parser.error("--no-build needs --dist")
    with tempfile.TemporaryDirectory(prefix="lcr-bundle-") as temporary:
        scratch = Path(temporary)
        dist = args.dist.resolve() if args.dist else scratch / "dist"
        bundle = dist / NAME
        build_seconds = 0.0
        if not args.no_build:
            started = time.perf_counter()
            built = subprocess.run(
                [
                    *(sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN"),
                    *("--distpath", str(dist), "--workpath", str(scratch / "build"), str(SPEC)),
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            build_seconds = time.perf_counter() - started
            if built.returncode != 0:
                print(f"PyInstaller failed (status {built.returncode}):\n{built.stderr[-3000:]}")
                return 1
        problems = missing_files(bundle)
        game_problems, game_seconds = check_game(bundle, scratch) if program(bundle).is_file() else ([], 0.0)
        problems += game_problems
        if not args.no_build:
            print(f"build: {build_seconds:.1f} s")
        print(f"bundle: {size_megabytes(bundle):.1f} MB in {bundle}")
        print(f"watch games from the bundle ({', '.join(LANGUAGES)}): {game_seconds:.1f} s")
        for problem in problems:
            print(problem)
        print("ok" if not problems else f"{len(problems)} problem(s)")
        return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
