"""The browser client driven by a real browser (issue 24): Debian's ``chromium`` through its
``chromium-driver`` (Selenium), a real ``lcr-audio serve`` on loopback, and what the page's live regions
said, as the page's own DOM received it.

Nothing is downloaded: Selenium is given the driver's path (:func:`start_chromium`), so Selenium Manager
never runs. The tests wait on the page's conditions (:func:`wait_until`), never on a fixed sleep.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lcr_audio.settings import FORMAT as SETTINGS_FORMAT
from lcr_audio.settings import VERSION as SETTINGS_VERSION
from lcr_audio.tui.input import REACTION_SECONDS as _REACTION_SECONDS

REACTION_SECONDS = _REACTION_SECONDS
"""The game's reaction time (:data:`lcr_audio.tui.input.REACTION_SECONDS`), read when this module is
imported: the server is another process, where it is not set to 0 as the in-process tests set it
(``tests/conftest.py``)."""

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tests" / "vendor" / "axe-core" / "axe.min.js"
"""axe-core, vendored for the tests (its README says which version and how to update it)."""

BROWSER_PROGRAMS = ("chromium", "chromedriver")
"""Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them)."""

WAIT = 60.0
"""Seconds a page condition may take on a loaded machine before the test fails (it normally takes far
less; nothing waits this long unless something is wrong)."""

ENTER = "\ue007"
ESCAPE = "\ue00c"
F1 = "\ue031"
DOWN = "\ue015"
UP = "\ue013"
"""Selenium's names of Enter, Escape, F1, Down and Up (``selenium.webdriver.Keys``), for :func:`press`."""

QUICK_SETTINGS = {
    "format": SETTINGS_FORMAT,
    "version": SETTINGS_VERSION,
    "pause": 0.0,
    "sounds": False,
    "speech": "console",
}
"""The settings every test page starts with (the page keeps the game's settings in its local storage and
hands them to the server, which reads them as the game reads its settings file: without the file's format
and version they would be refused, and the game would play on its defaults): computer players without a
pause, no cues to wait for, and printed lines only, so that the game does not wait on an
estimate of a screen reader's speech (the live regions and the history receive every sentence all the
same)."""

QUICK = (
    "try { if (location.protocol === 'http:' && !localStorage.getItem('lcr-audio-settings')) {"
    f" localStorage.setItem('lcr-audio-settings', {json.dumps(json.dumps(QUICK_SETTINGS))}); }} }}"
    " catch (error) {}"
)

AGAIN = 2.0
"""Seconds without an answer after which :func:`press_and_wait` presses the key again."""

HEARD = r"""
(() => {
  if (window.__lcrHeard) { return; }
  const heard = {messages: [], answers: [], all: [], keyAt: [], changeAt: []};
  window.__lcrHeard = heard;
  const regionOf = (node) => {
    const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    if (!element) { return null; }
    if (element.closest('#messages')) { return 'messages'; }
    if (element.closest('#answers')) { return 'answers'; }
    return null;
  };
  const observer = new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      const region = regionOf(record.target);
      if (region === null) { continue; }
      if (record.type === 'childList') {
        for (const node of record.addedNodes) {
          const text = (node.textContent || '').trim();
          if (text) { heard[region].push(text); heard.all.push(text); heard.changeAt.push(now); }
        }
      } else if (record.type === 'characterData') {
        const text = (record.target.textContent || '').trim();
        if (text) { heard[region].push(text); heard.all.push(text); heard.changeAt.push(now); }
      }
    }
  });
  const start = () => observer.observe(document.documentElement,
    {childList: true, subtree: true, characterData: true});
  if (document.documentElement) { start(); } else { document.addEventListener('readystatechange', start, {once: true}); }
  document.addEventListener('keydown', () => { heard.keyAt.push(performance.now()); }, {capture: true});
})();
"""
"""Installed in every page before its own script (DevTools' ``Page.addScriptToEvaluateOnNewDocument``):
records every text added to ``#messages`` and ``#answers``, in order, as the page's DOM received it, so a
message said twice (or a redraw that says it again) is seen even when the page later trims the region."""


def browser_paths() -> tuple[str, str] | None:
    """Chromium's and its driver's paths, or None where either is not installed."""
    browser, driver = (shutil.which(name) for name in BROWSER_PROGRAMS)
    return (browser, driver) if browser and driver else None


def start_chromium(language: str = "en-US") -> Any:
    """A headless Chromium under Selenium, its driver given by path (no Selenium Manager, no download).

    Args:
        language: the browser's languages list (what the page reads from ``navigator.languages``).
    Raises:
        RuntimeError: chromium or chromedriver is not on PATH.
    """
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    paths = browser_paths()
    if paths is None:
        raise RuntimeError("chromium and chromedriver are not installed")
    browser, driver = paths
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        "--mute-audio",
        "--window-size=1280,900",
        f"--lang={language}",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    chrome = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    chrome.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HEARD})
    chrome.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": QUICK})
    return chrome


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "LCR_AUDIO"))}
    env.update(HOME=str(home), LANG="C.UTF-8", PYTHONUTF8="1", LCR_AUDIO_HOME=str(home / "lcr-audio"))
    env.update(XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    env.update(XDG_STATE_HOME=str(home / "state"))
    return env


@dataclass
class Server:
    """A running ``lcr-audio serve`` on loopback."""

    process: subprocess.Popen[str]
    port: int
    home: Path
    data: Path
    tmp: Path
    """The server's temporary folder (``TMPDIR``): each tab's own files are in it while the tab is open."""

    @property
    def url(self) -> str:
        """The page's address."""
        return f"http://127.0.0.1:{self.port}/"


@contextmanager
def serve(folder: Path, *extra: str) -> Iterator[Server]:
    """A real ``lcr-audio serve`` on a free loopback port, its folders in ``folder`` (its temporary
    folder, where each tab keeps its files, is ``folder/tmp``: :attr:`Server.tmp`); stopped (SIGTERM) at
    the end. ``extra``: more of its words."""
    home = folder / "server-home"
    home.mkdir(parents=True, exist_ok=True)
    (folder / "tmp").mkdir(exist_ok=True)
    data = folder / "tables"
    command = [sys.executable, "-m", "lcr_audio", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--data", str(data), *extra]
    env = _env(home) | {"TMPDIR": str(folder / "tmp")}
    log = folder / "server-stderr.txt"
    with log.open("w", encoding="utf-8") as errors:
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=errors, text=True, env=env, cwd=folder
        )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"://127\.0\.0\.1:(\d+)", line)
        assert found, f"serve printed {line!r}; its errors: {log.read_text(encoding='utf-8')}"
        threading.Thread(target=process.stdout.read, daemon=True).start()  # it never blocks on a full pipe
        yield Server(process, int(found.group(1)), home, data, folder / "tmp")
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until(chrome: Any, condition: Callable[[], Any], what: str, seconds: float = WAIT) -> Any:
    """Wait (Selenium's WebDriverWait) until ``condition()`` is truthy and return it; on time-out fail with
    ``what`` and everything the page said so far."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(chrome, seconds, poll_frequency=0.05).until(lambda _driver: condition())
    except TimeoutException:
        said = heard(chrome)
        raise AssertionError(
            f"{what} never came in {seconds:.0f} s; the page said:\n"
            + "\n".join(said["messages"][-30:])
            + "\nanswers:\n"
            + "\n".join(said["answers"][-10:])
        ) from None


def heard(chrome: Any) -> dict[str, list[str]]:
    """What the page's live regions received so far: ``messages`` (``#messages``), ``answers``
    (``#answers``) and ``all`` (both, in the order they came), each text once per time it was added."""
    result = chrome.execute_script(
        "const h = window.__lcrHeard; return h ? {messages: h.messages, answers: h.answers, all: h.all} : null;"
    )
    return result or {"messages": [], "answers": [], "all": []}


def said_count(chrome: Any) -> int:
    """How many texts both live regions received so far."""
    return int(
        chrome.execute_script(
            "const h = window.__lcrHeard; return h ? h.messages.length + h.answers.length : 0;"
        )
    )


def press(chrome: Any, key: str) -> None:
    """Press ``key`` (a character or a ``selenium.webdriver.Keys`` value) where the page's focus is, as a
    player's keyboard does."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(chrome).send_keys(key).perform()


def heard_for(chrome: Any) -> float:
    """Seconds since either live region last received a text (by the page's own clock), as a player
    hears it; a large number before any."""
    return float(
        chrome.execute_script(
            "const h = window.__lcrHeard;"
            " return h && h.changeAt.length ? (performance.now() - h.changeAt[h.changeAt.length - 1]) / 1000"
            " : 1e9;"
        )
    )


def press_and_wait(chrome: Any, key: str, what: str = "an answer to the key", seconds: float = WAIT) -> None:
    """Press ``key`` as a player does, once what the page said last has been on it for the game's reaction
    time (:data:`REACTION_SECONDS`: a key read sooner after its question was handed to
    speech is taken for a double press typed ahead, and dropped), then wait until the page says something
    more (a message or an answer). The page's clock starts when the page receives the sentence, after the
    game handed it over, so the key always reaches the game late enough. Should the key still be dropped,
    it is pressed again every :data:`AGAIN` seconds, until it is answered or ``seconds`` have passed."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    before = said_count(chrome)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        wait_until(chrome, lambda: heard_for(chrome) >= REACTION_SECONDS, "the question to be heard")
        if said_count(chrome) > before:  # something came meanwhile: answer what is on the page now
            before = said_count(chrome)
            continue
        press(chrome, key)
        try:
            WebDriverWait(chrome, AGAIN, poll_frequency=0.02).until(
                lambda _d, count=before: said_count(chrome) > count
            )
            return
        except TimeoutException:
            continue
    wait_until(chrome, lambda: said_count(chrome) > before, f"{what} ({key!r})", seconds=0.1)


def open_page(chrome: Any, url: str) -> None:
    """Open ``url`` in the tab and wait until the page has said its first sentence (in either live region:
    a menu is said as an answer, cutting what came before, as in the terminal), and check that the game
    took the page's :data:`QUICK_SETTINGS` (it says first when it could not read them)."""
    chrome.get(url)
    wait_until(chrome, lambda: heard(chrome)["all"], "the page's first sentence")
    first = heard(chrome)["all"][0]
    assert "settings could not be read" not in first, f"the page refused QUICK_SETTINGS: {first}"


def last_message(chrome: Any) -> str:
    """The last text ``#messages`` received ("" before any)."""
    messages = heard(chrome)["messages"]
    return messages[-1] if messages else ""


def last_said(chrome: Any) -> str:
    """The last text either live region received ("" before any)."""
    said = heard(chrome)["all"]
    return said[-1] if said else ""


def live_regions(chrome: Any) -> dict[str, list[str]]:
    """The live regions as the accessibility tree has them (DevTools' ``Accessibility.getFullAXTree``), the
    tree a screen reader reads: politeness ("polite", "assertive") to the texts of the region's static text
    nodes, in document order (the outermost region of each politeness)."""
    tree = chrome.execute_cdp_cmd("Accessibility.getFullAXTree", {})
    nodes = {node["nodeId"]: node for node in tree["nodes"]}
    regions: dict[str, list[str]] = {}
    for node in tree["nodes"]:
        live = _ax_property(node, "live")
        if live in ("polite", "assertive") and live not in regions and _role(node) != "StaticText":
            regions[live] = _static_texts(nodes, node)
    return regions


def _ax_property(node: dict[str, Any], name: str) -> Any:
    for item in node.get("properties", []):
        if item["name"] == name:
            return item["value"].get("value")
    return None


def _role(node: dict[str, Any]) -> str:
    return str(node.get("role", {}).get("value", ""))


def _static_texts(nodes: dict[str, dict[str, Any]], node: dict[str, Any]) -> list[str]:
    """The names of the static text nodes under ``node``, in order."""
    if _role(node) == "StaticText":
        return [str(node.get("name", {}).get("value", ""))]
    texts: list[str] = []
    for child_id in node.get("childIds", []):
        child = nodes.get(child_id)
        if child is not None:
            texts += _static_texts(nodes, child)
    return texts


def axe_violations(chrome: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (every rule axe runs by default): each with its
    rule ``id``, ``impact``, ``help`` and the ``nodes`` it found."""
    if not chrome.execute_script("return typeof window.axe !== 'undefined';"):
        chrome.execute_script(AXE.read_text(encoding="utf-8"))
    result = chrome.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(JSON.stringify(r.violations))).catch(e => done(JSON.stringify({error: String(e)})));"
    )
    violations = json.loads(result)
    if isinstance(violations, dict):
        raise RuntimeError(f"axe-core failed: {violations['error']}")
    return list(violations)


def describe(violations: list[dict[str, Any]]) -> str:
    """axe's violations as lines a person reads: rule id, impact, help, and the elements."""
    lines = []
    for violation in violations:
        targets = ", ".join(str(node.get("target")) for node in violation.get("nodes", [])[:5])
        lines.append(f"{violation['id']} ({violation.get('impact')}): {violation.get('help')}: {targets}")
    return "\n".join(lines)


def monotonic() -> float:
    """The clock the tests' bounded loops use."""
    return time.monotonic()


def tap(chrome: Any, element: Any) -> None:
    """Tap ``element`` with a finger (a W3C touch pointer: the browser gets touch events, as on a phone)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(chrome, mouse=finger)
    actions.pointer_action.move_to(element).pointer_down().pointer_up()
    actions.perform()


def choices(chrome: Any) -> list[str]:
    """The current question's answers: the texts of the shown, enabled buttons in ``#choices``."""
    return [
        str(text)
        for text in chrome.execute_script(
            "return Array.from(document.querySelectorAll('#choices button'))"
            ".filter(b => !b.disabled && b.getClientRects().length > 0).map(b => b.textContent.trim());"
        )
    ]


def lines(chrome: Any) -> list[str]:
    """The screen's lines as buttons (``#lines``: a menu's items, the rules' sections, the options), their
    texts, when shown."""
    return [
        str(text)
        for text in chrome.execute_script(
            "return Array.from(document.querySelectorAll('#lines button'))"
            ".filter(b => b.getClientRects().length > 0).map(b => b.textContent.trim());"
        )
    ]


def line(chrome: Any, label: str) -> Any:
    """The button of ``#lines`` whose text is ``label`` (None when there is none now)."""
    return chrome.execute_script(
        "return Array.from(document.querySelectorAll('#lines button'))"
        ".find(b => b.textContent.trim() === arguments[0]) || null;",
        label,
    )


def choice(chrome: Any, label: str) -> Any:
    """The button of ``#choices`` whose text is ``label`` (None when there is none now)."""
    return chrome.execute_script(
        "return Array.from(document.querySelectorAll('#choices button'))"
        ".find(b => b.textContent.trim() === arguments[0]) || null;",
        label,
    )


def transcripts(server: Server) -> list[Path]:
    """The game transcripts the server's tabs have written so far (in each tab's own folder)."""
    return sorted(path for path in server.tmp.rglob("*.txt") if path.is_file())


def history(chrome: Any) -> list[str]:
    """The texts of the history list's items (``#history li``), in order."""
    return [
        str(text).strip()
        for text in chrome.execute_script(
            "return Array.from(document.querySelectorAll('#history li'), li => li.textContent);"
        )
    ]


def settle(chrome: Any, condition: Callable[[], Any], seconds: float) -> Any:
    """Wait at most ``seconds`` for ``condition()``; its value, or None when it did not come (no failure:
    for a loop that also drives other players meanwhile)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(chrome, seconds, poll_frequency=0.05).until(lambda _driver: condition())
    except TimeoutException:
        return None
