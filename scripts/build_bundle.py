"""Build the one-folder bundle from ``packaging/lcr-audio.spec``; play every feature from it (issues 11, 21).

    python3 scripts/build_bundle.py               # build into a temporary folder, check, play, print figures
    python3 scripts/build_bundle.py --dist DIR    # keep the bundle in DIR/lcr-audio
    python3 scripts/build_bundle.py --no-build --dist DIR   # check and play a bundle built before

Needs PyInstaller (``pip install pyinstaller``) and pexpect (the test extras). The same spec builds the
Windows bundle (docs/windows.md), so a run here shows the spec collects everything the game loads at run
time: the compiled catalogs, the sound cues, accessible_output2's screen-reader DLLs (where
accessible_output2 looks for them when frozen), pygame's libraries, Babel's locale data, and every module a
feature imports only when it is used (numpy for the odds, the careful players and the rules reader's
chances; websockets and msgspec online).

Two kinds of runs, each in its own fresh home folder:

- The watch game (``play --computer all --fast``) is played from the bundle and from this checkout, in
  every language, and the two must print the same lines; the bundle's log must show the sound device
  opened (SDL's dummy driver) and every cue file found.
- Every feature that imports something of its own is played from the bundle in a pseudo-terminal, as a
  player would, with ``--speech console`` (every sentence printed): the rules reader from the main menu
  (its last section, who is likely to win), O in a game, ``odds`` (exact and simulated), ``simulate``
  (with and without a careful seat), a saved game of careful computer players resumed and played to its
  end, practice's odds lesson, and ``host`` with a ``join`` on loopback, played to the end. Each wait is
  bounded (:data:`STEP_SECONDS`).

Any "Traceback", "ModuleNotFoundError", "Something went wrong" or "That did not work" in what the bundle
printed or in its log fails the check, as does a feature that does not reach what a player hears.

Exit status 0 when everything holds; 1 with one line per problem otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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


def environment(home: Path) -> dict[str, str]:
    """The environment of a run whose every file (saves, settings, cache, log) is under ``home``."""
    env = dict(os.environ)
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
    env.pop("LCR_AUDIO_SPEECH", None)
    return env


def play(command: list[str], home: Path, language: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run a watch game with ``command`` (the program and any leading arguments) in a fresh home folder;
    return the run and the log file's path."""
    home.mkdir(parents=True)
    env = environment(home)
    if language == SOUND_LANGUAGE:
        env["SDL_AUDIODRIVER"] = "dummy"  # a sound device on any machine, so that the cue files are loaded
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
        if failure := failure_line(frozen.stdout) or failure_line(text):
            problems.append(f"{language}: the bundle's watch game: {failure!r}")
        if language == SOUND_LANGUAGE and ("Sound cues are off" in text or "sound cue file" in text):
            problems.append(f"{language}: the bundle's sound cues did not load: see {log}")
    return problems, seconds


FAILURES = ("Traceback", "ModuleNotFoundError", "Something went wrong", "That did not work")
"""What the bundle must never print or log: Python's error report, and the game's sentences for a failure
(the program had to stop; a key's action failed)."""
STEP_SECONDS = 60.0
"""The longest one wait of a feature may take (each takes a few seconds at most on a loaded machine)."""
RETRY_SECONDS = 2.0
"""How long a key's answer is waited for before the key is pressed again (only keys that may be pressed
twice: a key the game took as pressed too early is then not lost)."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
CONTROL_C = "\x03"
ESCAPE = "\x1b"


class StepFailed(Exception):
    """A feature did not reach what a player would hear; the message is one line."""


def failure_line(text: str) -> str:
    """The line that names a failure in ``text`` (for a traceback, its last line: the error), or ""."""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("Traceback"):
            error = next((later for later in lines[number + 1 :] if later and not later[0].isspace()), line)
            return error.strip()
    return next((line.strip() for line in lines if any(failure in line for failure in FAILURES)), "")


def last_line(text: str) -> str:
    """The last line printed (what a player heard last), or a note that nothing was."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return repr(lines[-1][-200:]) if lines else "nothing"


class Terminal:
    """The bundle's program in a pseudo-terminal, as a player runs it, in English with ``--speech console``
    (every sentence printed, so the terminal holds everything said); its files under ``home``."""

    def __init__(self, bundle: Path, arguments: list[str], home: Path) -> None:
        import pexpect

        home.mkdir(parents=True, exist_ok=True)
        env = {
            name: value for name, value in environment(home).items() if not name.startswith(("LC_", "LANG"))
        }
        env.update(TERM="xterm", LANG="C.UTF-8")
        self.child = pexpect.spawn(
            str(program(bundle)),
            [*arguments, "--lang", "en", "--speech", "console"],
            env=env,
            cwd=str(home),
            encoding="utf-8",
            codec_errors="replace",
            dimensions=(50, 200),
        )
        self.text = ""

    def read(self, seconds: float = 0) -> str:
        """Everything printed so far, without the terminal's controls (waiting up to ``seconds`` for more)."""
        import pexpect

        with contextlib.suppress(pexpect.TIMEOUT, pexpect.EOF):
            self.text += self.child.read_nonblocking(65536, timeout=seconds)
            while True:
                self.text += self.child.read_nonblocking(65536, timeout=0)
        return ANSI.sub("", self.text)

    def wait_for(self, pattern: str, after: int = 0, seconds: float = STEP_SECONDS) -> re.Match[str]:
        """Wait for ``pattern`` in what is printed from character ``after`` on (of :meth:`read`'s text).

        Raises:
            StepFailed: a failure was printed, or the program ended, or ``seconds`` passed first.
        """
        compiled = re.compile(pattern)
        deadline = time.monotonic() + seconds
        while True:
            text = self.read(0.1)
            found = compiled.search(text, after)
            if found:
                return found
            if failure_line(text[after:]):
                raise StepFailed(failure_line(text[after:]))
            if not self.child.isalive():
                raise StepFailed(
                    f"it ended ({self.status()}) before {pattern!r}; it printed {last_line(text)}"
                )
            if time.monotonic() > deadline:
                raise StepFailed(f"{pattern!r} never came in {seconds:.0f} s; it printed {last_line(text)}")

    def press_until(self, keys: str, pattern: str, after: int) -> int:
        """Press ``keys`` until ``pattern`` is printed after character ``after``; return where it ends.

        Raises:
            StepFailed: as :meth:`wait_for`.
        """
        deadline = time.monotonic() + STEP_SECONDS
        while True:
            self.press(keys)
            try:
                return self.wait_for(pattern, after, RETRY_SECONDS).end()
            except StepFailed:
                if (
                    time.monotonic() > deadline
                    or not self.child.isalive()
                    or failure_line(self.read()[after:])
                ):
                    raise

    def press(self, keys: str) -> None:
        if self.child.isalive():
            self.child.send(keys)

    def end(self, *statuses: int) -> None:
        """Wait for the program to end, with status 0 or one of ``statuses``.

        Raises:
            StepFailed: it did not end within :data:`STEP_SECONDS` (it is then killed), or ended otherwise.
        """
        import pexpect

        try:
            self.child.expect(pexpect.EOF, timeout=STEP_SECONDS)
        except pexpect.TIMEOUT:
            raise StepFailed(
                f"it did not end in {STEP_SECONDS:.0f} s; it printed {last_line(self.read())}"
            ) from None
        self.text += self.child.before or ""
        self.child.wait()
        if self.child.exitstatus not in (0, *statuses):
            raise StepFailed(f"it ended with {self.status()}; it printed {last_line(self.read())}")

    def status(self) -> str:
        if self.child.signalstatus is not None:
            return f"signal {self.child.signalstatus}"
        return f"status {self.child.exitstatus}"

    def close(self) -> None:
        """Kill the program if it still runs."""
        if self.child.isalive():
            self.child.terminate(force=True)


class Step:
    """One feature played from the bundle: the programs it started, each in its own home folder."""

    def __init__(self, bundle: Path, home: Path) -> None:
        self.bundle = bundle
        self.home = home
        self.terminals: list[Terminal] = []

    def run(self, *arguments: str, name: str = "player") -> Terminal:
        terminal = Terminal(self.bundle, list(arguments), self.home / name)
        self.terminals.append(terminal)
        return terminal


def rules_reader(step: Step) -> None:
    """The main menu's Rules, to its last section (each seat's chance, from the exact table), and back."""
    menu = step.run()
    at = menu.wait_for("Main menu").end()
    at = menu.press_until("r", r"Rules\. \d+ of \d+\.", at)  # the first letter moves to the item
    menu.press("\r")
    at = menu.wait_for("Escape goes back", at).end()
    at = menu.press_until(">", r"(\d+) of \1\.", at)  # the last section: who is likely to win
    at = menu.press_until("\r", r"\d percent", at)
    at = menu.press_until(ESCAPE, "Main menu", at)
    at = menu.press_until(ESCAPE, "Y or N", at)
    menu.press_until("y", "Goodbye", at)
    menu.end()


def odds_key(step: Step) -> None:
    """O at the first roll of a game (the chances from the exact table), then Control+C."""
    game = step.run("play", "--seed", "3")
    at = game.wait_for("Press Space to roll").end()
    game.press_until("o", r"\d percent", at)
    game.press(CONTROL_C)
    game.end(130)


def printed(*arguments: str, expected: str) -> Callable[[Step], None]:
    """A command that prints (odds, simulate): it must print ``expected`` and end with status 0."""

    def run(step: Step) -> None:
        command = step.run(*arguments)
        command.wait_for(expected)
        command.end()

    return run


def careful_game(step: Step) -> None:
    """A saved game of three careful computer players with Wild and reversible dice, resumed and played to
    its end: their choices use the odds."""
    from lcr_audio.engine import Rules
    from lcr_audio.game.bots import CAREFUL_POLICY
    from lcr_audio.game.saves import save
    from lcr_audio.game.session import Player, Session

    rules = Rules(players=3, chips=3, wild=True, reversible=True)
    players = [Player(name, policy=CAREFUL_POLICY) for name in ("Ana", "Bo", "Cy")]
    saved = step.home / "careful.json"
    save(Session(rules, players, 5), saved)
    game = step.run("resume", str(saved), "--fast")
    at = game.wait_for("The game continues").end()
    game.wait_for(r"takes a chip from", at)  # a Wild's choice
    game.wait_for(r"wins with", at)
    game.end()


def odds_lesson(step: Step) -> None:
    """Practice's last lesson, who is likely to win: its first answer says the exact chances."""
    lesson = step.run("practice", "--lesson", "odds")
    question = lesson.wait_for(r"(?s)Question 1 of \d+\..*?(Y or N\.|Enter answers\.)")
    answer = "y" if question.group(1).startswith("Y") else "\r"  # a yes-or-no question, or a seat to choose
    lesson.press_until(answer, r"\d percent", question.end())
    lesson.press(CONTROL_C)
    lesson.end(130)


AGAIN_HOST = "Play again at this table?"
"""The question an online table asks its host at a game's end (and the others once the host said yes)."""
AGAIN_OLD = "Play again with the same table?"
"""The question a game at one computer asks (and an online table before it asked its host first)."""


def online(step: Step) -> None:
    """``host`` on a free port and a ``join`` to it on loopback; the host starts, both roll to the end."""
    host = step.run("host", "--port", "0", "--names", "Ana", "--chips", "1", "--fast", name="host")
    found = host.wait_for(r":(\d+) and the code ([a-z0-9 ]+)[.,]")  # "..., or in a browser at ..." follows
    port, code = found.group(1), found.group(2).replace(" ", "")
    guest = step.run("join", f"127.0.0.1:{port}", code, "--names", "Bo", "--fast", name="guest")
    at = host.wait_for("Bo joins the table").end()
    host.press_until("\r", "A game of 3 players", at)
    deadline = time.monotonic() + STEP_SECONDS
    while host.child.isalive() or guest.child.isalive():
        for player in (host, guest):
            text = player.read()
            if failure_line(text):
                raise StepFailed(failure_line(text))
            if not player.child.isalive():
                continue
            if text.rfind("Press Space to roll") > text.rfind("You roll"):  # this player's roll, not yet made
                player.press(" ")
            elif max(text.rfind(AGAIN_OLD), text.rfind(AGAIN_HOST)) > text.rfind("No more games"):
                player.press("n")  # the game's end (the table asks its host first): no second game
        if time.monotonic() > deadline:
            raise StepFailed(
                f"the game did not end in {STEP_SECONDS:.0f} s; the host printed {last_line(host.read())}"
            )
        time.sleep(0.3)
    for player in (host, guest):
        player.end()
        player.wait_for("wins? with")


FEATURES: list[tuple[str, Callable[[Step], None]]] = [
    ("the rules reader from the main menu", rules_reader),
    ("O in a game", odds_key),
    ("odds, exact", printed("odds", "--players", "3", expected=r"Seat 3: wins [\d.]+ percent")),
    ("odds, simulated", printed("odds", "--players", "7", "--games", "20000", expected="give or take")),
    ("simulate", printed("simulate", "--games", "2000", expected=r"Seat 3: wins [\d.]+ percent")),
    (
        "simulate with a careful seat",
        printed("simulate", "--games", "300", "--wild", "--policy", "2=careful", expected=r"careful: wins"),
    ),
    ("a game of careful computer players, resumed", careful_game),
    ("practice's odds lesson", odds_lesson),
    ("host and join on loopback", online),
]
"""Every feature that imports something of its own, as a player reaches it."""


def check_features(bundle: Path, scratch: Path) -> tuple[list[str], float]:
    """Play each of :data:`FEATURES` from the bundle; the problems (one line each), and the seconds."""
    problems = []
    started = time.perf_counter()
    for number, (label, feature) in enumerate(FEATURES, start=1):
        step = Step(bundle, scratch / "features" / str(number))
        symptom = ""
        try:
            feature(step)
        except StepFailed as failed:
            symptom = str(failed)
        finally:
            for terminal in step.terminals:
                terminal.read()
                terminal.close()
        causes = [f"printed {failure!r}" for t in step.terminals if (failure := failure_line(t.read()))]
        for log in sorted(step.home.rglob("*.log")):
            if failure := failure_line(log.read_text(encoding="utf-8", errors="replace")):
                causes.append(f"its log says {failure!r}")
        if causes or symptom:
            problems.append(f"{label}: {'; '.join(dict.fromkeys(causes)) or symptom}")  # each cause once
    return problems, time.perf_counter() - started


def size_megabytes(folder: Path) -> float:
    """The folder's size (a library linked under a second name counts once)."""
    files = [path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()]
    return sum(path.stat().st_size for path in files) / 1e6


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
        playable = program(bundle).is_file() and sys.platform != "win32"  # pexpect's terminals are POSIX's
        feature_problems, feature_seconds = check_features(bundle, scratch) if playable else ([], 0.0)
        problems += feature_problems
        if not args.no_build:
            print(f"build: {build_seconds:.1f} s")
        print(f"bundle: {size_megabytes(bundle):.1f} MB in {bundle}")
        print(f"watch games from the bundle ({', '.join(LANGUAGES)}): {game_seconds:.1f} s")
        if playable:
            print(f"features from the bundle ({len(FEATURES)}): {feature_seconds:.1f} s")
        elif sys.platform == "win32":
            print("features: not played here (they need a POSIX terminal); play them by hand")
        for problem in problems:
            print(problem)
        print("ok" if not problems else f"{len(problems)} problem(s)")
        return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
