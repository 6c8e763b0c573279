"""The browser client in a real browser (issue 24, item 7): Debian's headless Chromium, driven by Selenium
through Debian's chromium-driver, against a real ``lcr-audio serve`` on loopback for each test.

One browser serves the whole file (a session fixture: starting Chromium is the slow part); each test opens
its own server and page. What the page said is read from the page itself: every text its live regions
received, in order, recorded as it arrived (``support.browser.HEARD``), and the accessibility tree a
screen reader reads (DevTools' ``Accessibility.getFullAXTree``). Every wait is on a page condition.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import browser as web
from tests.support.browser import heard, last_message, open_page, press, press_and_wait, wait_until

pytestmark = [pytest.mark.requires_program(*web.BROWSER_PROGRAMS), pytest.mark.browser]

YOUR_TURN = re.compile(r"Press Space to roll")
PLAY_AGAIN = "Play again with the same table? Y or N."
MAIN_MENU = "Left Right Center. Main menu."
ROLL = re.compile(r"^(?:You roll|\S+(?: \S+)? rolls) (?!first)[^\n:.]*[:.]")


@pytest.fixture(scope="session")
def chrome(missing_system: Any) -> Iterator[Any]:
    """One headless Chromium for every test of the session; each test leaves it on a blank page."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing_system("selenium is not installed (pip install -e '.[test]')")
    driver = web.start_chromium()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def tab(chrome: Any) -> Iterator[Any]:
    """The session's browser, left on a blank page afterwards (so the test's page closes its connection
    before its server stops), at desktop size without touch."""
    try:
        yield chrome
    finally:
        chrome.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        chrome.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        chrome.get("about:blank")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[web.Server]:
    with web.serve(tmp_path) as running:
        yield running


def start_game(chrome: Any) -> None:
    """From the main menu, a new game of three (one person, two computer players) by keys alone: Enter
    on New game and on every setup question's default, until the first turn is asked for."""
    wait_until(chrome, lambda: MAIN_MENU in " ".join(heard(chrome)["all"]), "the main menu")
    for _question in range(12):
        if any(YOUR_TURN.search(m) for m in heard(chrome)["messages"]):
            return
        press_and_wait(chrome, web.ENTER, "the next setup question")
    raise AssertionError(f"no first turn after 12 Enters: {heard(chrome)['messages'][-5:]}")


def play_to_the_end(chrome: Any, seconds: float = 180) -> None:
    """Press Space whenever the last message asks this player to roll, until the game asks to play
    again; each press waits until the page said something more."""
    deadline = web.monotonic() + seconds
    while True:
        assert web.monotonic() < deadline, heard(chrome)["messages"][-20:]
        wait_until(
            chrome,
            lambda: YOUR_TURN.search(last_message(chrome)) or PLAY_AGAIN in heard(chrome)["messages"],
            "this player's turn or the game's end",
        )
        if PLAY_AGAIN in heard(chrome)["messages"]:
            return
        press_and_wait(chrome, " ", "the roll")


def test_a_tab_plays_a_game_to_the_end_by_keys_alone(tab: Any, server: web.Server) -> None:
    open_page(tab, server.url)
    start_game(tab)
    play_to_the_end(tab)
    press_and_wait(tab, "n", "the answer to play again")
    wait_until(tab, lambda: MAIN_MENU in web.last_said(tab), "the main menu again")
    said = heard(tab)["messages"]
    assert any(ROLL.match(m) and m.startswith("You roll") for m in said)
    assert not [m for m in said + heard(tab)["answers"] if "Traceback" in m or "Error" in m]


def test_a_page_whose_game_has_ended_says_so_and_offers_no_buttons(tab: Any, server: web.Server) -> None:
    """Leaving from the main menu (Escape, Y) ends the tab's game: the page says so in its answers region and
    its status, and the question's Y/N buttons go with it (before, they stayed, offering dead keys)."""
    open_page(tab, server.url)
    wait_until(tab, lambda: MAIN_MENU in " ".join(heard(tab)["all"]), "the main menu")
    press_and_wait(tab, web.ESCAPE, "the question to leave")
    wait_until(tab, lambda: web.choices(tab), "the question's buttons")
    press_and_wait(tab, "y", "goodbye")
    wait_until(tab, lambda: tab.execute_script("return document.body.dataset.state;") == "ended", "the end")
    assert web.choices(tab) == []
    status = tab.execute_script("return document.getElementById('status').textContent;")
    assert status == "The game has ended. Reload the page to play again."
    assert status in heard(tab)["answers"]


def test_choosing_the_browsers_own_voice_where_it_has_none_says_so(tab: Any, server: web.Server) -> None:
    """Headless Chromium has no voice: choosing the browser's own voice in Options says so in one sentence,
    and the page goes on through the live regions (before, the choice was not offered, with no word why)."""
    open_page(tab, server.url)
    wait_until(tab, lambda: MAIN_MENU in " ".join(heard(tab)["all"]), "the main menu")
    if tab.execute_script("return window.speechSynthesis ? speechSynthesis.getVoices().length : 0;"):
        pytest.skip("this browser has a voice of its own")
    press_and_wait(tab, "o", "the options item")
    press_and_wait(tab, web.ENTER, "the options")
    press_and_wait(tab, "\ue010", "the last option")  # End
    assert heard(tab)["answers"][-1].startswith("Speech output: your screen reader.")
    press(tab, "\ue014")  # Right arrow
    novoice = "This browser offers no voice of its own; the page goes on for your screen reader."
    wait_until(tab, lambda: novoice in heard(tab)["answers"], "the sentence saying there is no voice")
    press_and_wait(tab, "\ue013", "the previous option")  # Up arrow: still heard through the live regions
    assert heard(tab)["answers"][-1].startswith("Computer players' pause")


def _game_lines(transcript: str) -> list[str]:
    """The messages of a transcript, without the headings the file adds ("Game 1.")."""
    return [
        line for line in transcript.splitlines() if line.strip() and not re.fullmatch(r"Game \d+\.", line)
    ]


def test_every_game_message_reaches_the_live_region_once_and_in_order(tab: Any, server: web.Server) -> None:
    """The game's own transcript (written by the tab's game in its folder) is the record: its messages,
    each once and in that order, are what the polite live region received; the history list has every
    message; the accessibility tree's polite region ends with the last of them, and the assertive one holds
    answers only."""
    open_page(tab, server.url)
    start_game(tab)
    play_to_the_end(tab)
    wait_until(tab, lambda: web.transcripts(server), "the game's transcript")
    lines = _game_lines(web.transcripts(server)[-1].read_text(encoding="utf-8"))
    said = heard(tab)["messages"]
    if lines[-1] not in said:  # the series line the transcript adds after the game, when it was not said
        lines = lines[:-1]
    assert lines[0] in said, (lines[:3], said)
    start = said.index(lines[0])
    assert said[start : start + len(lines)] == lines, "not every game message once, in order"
    assert said[start + len(lines) :] == [PLAY_AGAIN]
    assert web.history(tab) == heard(tab)["all"]  # the history: every message and answer, once, in order
    regions = web.live_regions(tab)
    assert " ".join(regions.get("polite", [])).endswith(PLAY_AGAIN), regions
    assert not set(regions.get("assertive", [])) & set(said), regions


def test_a_browser_tab_and_two_terminals_one_french_narrate_every_roll(
    tab: Any, server: web.Server, tmp_path: Path
) -> None:
    """Ana hosts a table from a terminal, Bo joins from a terminal in French, Cy from the browser by the
    page's ``?join=CODE``: each of the three hears every roll the server's save of the table records, once,
    in their own language."""
    from tests.test_online_play import ENGLISH_ROLL, FRENCH_ROLL, _rolls_in_save, join, open_table

    ana, code = open_table(tmp_path, server.port)
    clients = [ana]
    try:
        clients.append(join(ana, tmp_path, server.port, code, "Bo", "--lang", "fr"))
        open_page(tab, f"{server.url}?join={code}")
        wait_until(tab, lambda: "Your name at the table?" in " ".join(heard(tab)["all"]), "the name question")
        press(tab, "Cy")  # typed letters are not said; one typed too soon is dropped, and the name is Player
        press_and_wait(tab, web.ENTER, "joining")
        ana.wait_for("(?:Cy|Player) joins the table")
        ana.press("\r")  # the host starts
        deadline = web.monotonic() + 180
        asked = lambda: YOUR_TURN.search(last_message(tab)) or last_message(tab) == PLAY_AGAIN  # noqa: E731
        for presses in itertools.count():
            if not (any(client.child.isalive() for client in clients) or tab_playing(tab)):
                break
            assert web.monotonic() < deadline, heard(tab)["messages"][-20:]
            for client in clients:  # Space to roll, N to the table's "Play again?" (in any language)
                client.press("n" if presses % 2 else " ")
                client.read()
            if last_message(tab) == PLAY_AGAIN and tab_playing(tab):
                press_and_wait(tab, "n", "the answer to play again")
                wait_until(tab, lambda: not tab_playing(tab), "the tab leaving the table")
            elif YOUR_TURN.search(last_message(tab)):
                press_and_wait(tab, " ", "the roll")
            else:
                web.settle(tab, asked, 0.3)
        rolls = _rolls_in_save(server.data, code)
        assert rolls >= 3
        said = heard(tab)["messages"]
        assert len([m for m in said if ROLL.match(m)]) == rolls, said
        assert len(ENGLISH_ROLL.findall(clients[0].read())) == rolls
        assert len(FRENCH_ROLL.findall(clients[1].read())) == rolls
        assert not [m for m in said if FRENCH_ROLL.match(m)]
    finally:
        for client in clients:
            client.child.terminate(force=True)


def tab_playing(chrome: Any) -> bool:
    """Whether the tab is still at the table (the page is not in its ended state)."""
    return chrome.execute_script("return document.body.dataset.state;") != "ended"


def tap_choice(chrome: Any, label: re.Pattern[str], what: str, *, among: str = "choices") -> None:
    """Tap the current question's button whose text matches ``label`` with a finger until the page says
    something more, once the question was heard (a tap sooner is dropped, as a key is: see
    ``press_and_wait``). ``among``: ``choices`` (the keys' buttons) or ``lines`` (the screen's lines')."""
    from selenium.common.exceptions import StaleElementReferenceException

    texts, find = (web.lines, web.line) if among == "lines" else (web.choices, web.choice)
    before = web.said_count(chrome)
    deadline = web.monotonic() + web.WAIT
    while web.monotonic() < deadline:
        found = wait_until(
            chrome,
            lambda: (
                web.said_count(chrome) > before or next((t for t in texts(chrome) if label.search(t)), None)
            ),
            what,
        )
        if found is True:  # the last tap was answered late, and its button is gone
            return
        text = str(found)
        wait_until(chrome, lambda: web.heard_for(chrome) >= web.REACTION_SECONDS, "the question to be heard")
        try:
            button = find(chrome, text)
            if button is not None:
                web.tap(chrome, button)
        except StaleElementReferenceException:  # the buttons changed under the finger: the next question's
            continue
        if web.settle(chrome, lambda: web.said_count(chrome) > before, web.AGAIN):
            return
    raise AssertionError(f"tapping {what} was never answered: {heard(chrome)['all'][-5:]}")


ACCEPT = re.compile(r"^Enter\b")
"""The button that chooses a menu item, accepts a setup answer or starts the game."""
ROLL_BUTTON = re.compile(r"roll the dice")


def test_a_phone_sized_page_plays_a_game_by_tapping(tab: Any, server: web.Server) -> None:
    """390 by 844 CSS pixels with touch, as a phone: a game is set up and played to its end by tapping the
    current question's buttons only (Enter's, then the roll's on each turn), and the page never needs
    sideways scrolling."""
    tab.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
    )
    tab.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    open_page(tab, server.url)
    wait_until(tab, lambda: MAIN_MENU in " ".join(heard(tab)["all"]), "the main menu")
    deadline = web.monotonic() + 180
    started = lambda: any(YOUR_TURN.search(m) for m in heard(tab)["messages"])  # noqa: E731
    while not started():
        assert web.monotonic() < deadline, heard(tab)["all"][-10:]
        wait_until(tab, lambda: started() or any(ACCEPT.search(t) for t in web.choices(tab)), "a button")
        if not started():
            tap_choice(tab, ACCEPT, "the Enter button")
    while PLAY_AGAIN not in heard(tab)["messages"]:
        assert web.monotonic() < deadline, heard(tab)["messages"][-20:]
        wait_until(
            tab,
            lambda: YOUR_TURN.search(last_message(tab)) or PLAY_AGAIN in heard(tab)["messages"],
            "this player's turn or the game's end",
        )
        if PLAY_AGAIN not in heard(tab)["messages"]:
            tap_choice(tab, ROLL_BUTTON, "the roll button")
        assert tab.execute_script("return document.documentElement.scrollWidth <= innerWidth;")
    assert any(m.startswith("You roll") for m in heard(tab)["messages"])


def test_a_phone_reaches_the_rules_and_the_options_from_the_main_menu_by_tapping_only(
    tab: Any, server: web.Server
) -> None:
    """On a phone-sized page with touch, every screen's lines are buttons too: Rules is tapped in the main
    menu's items, a section of the rules is tapped and read whole, the Escape button goes back, Options is
    tapped and an option tapped and changed with the Right arrow's button; axe-core finds nothing on
    those screens, and the page never needs sideways scrolling."""
    tab.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
    )
    tab.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    open_page(tab, server.url)
    found: dict[str, str] = {}

    def check(screen: str) -> None:
        assert tab.execute_script("return document.documentElement.scrollWidth <= innerWidth;"), screen
        violations = web.axe_violations(tab)
        if violations:
            found[screen] = web.describe(violations)

    wait_until(tab, lambda: "Rules" in web.lines(tab), "the main menu's items as buttons")
    check("the main menu")
    assert web.lines(tab)[0] == "New game"
    assert tab.execute_script("return document.querySelector('#lines button').getAttribute('aria-current');")
    tap_choice(tab, re.compile(r"^Rules$"), "the Rules item", among="lines")
    wait_until(tab, lambda: "Rules. Up and Down move between sections" in web.last_said(tab), "the rules")
    wait_until(tab, lambda: len(web.lines(tab)) > 3 and "Rules" not in web.lines(tab), "the sections")
    check("the rules")
    section = web.lines(tab)[1]
    tap_choice(tab, re.compile(rf"^{re.escape(section)}$"), "a section", among="lines")
    wait_until(tab, lambda: web.last_said(tab).startswith(f"{section}. "), "the section read whole")
    assert len(web.last_said(tab)) > len(section) + 40
    tap_choice(tab, re.compile(r"^Escape\b"), "the Escape button")
    wait_until(tab, lambda: MAIN_MENU in web.last_said(tab), "the main menu again")
    tap_choice(tab, re.compile(r"^Options$"), "the Options item", among="lines")
    wait_until(tab, lambda: any(t.startswith("Sounds: ") for t in web.lines(tab)), "the options")
    check("the options")
    sounds = next(t for t in web.lines(tab) if t.startswith("Sounds: "))
    tap_choice(tab, re.compile(rf"^{re.escape(sounds)}$"), "the Sounds option", among="lines")
    wait_until(tab, lambda: web.last_said(tab).startswith(sounds.removesuffix(".")), "the option said")
    tap_choice(tab, re.compile(r"^Right\b"), "the Right button")
    wait_until(tab, lambda: sounds not in web.lines(tab), "the option changed")
    assert not found, "\n".join(f"{screen}:\n{text}" for screen, text in found.items())


AUDIO_WATCH = """
(() => {
  const seen = window.__lcrAudio = {events: []};
  const Real = window.AudioContext;
  if (!Real) { return; }
  window.AudioContext = function (...args) {
    seen.events.push('made');
    const context = new Real(...args);
    const resume = context.resume.bind(context);
    context.resume = function () { seen.events.push('resumed'); return resume(); };
    return context;
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (String(data).indexOf('"type":"key"') >= 0) { seen.events.push('key'); }
    return send.call(this, data);
  };
})();
"""
"""Records, in order, when the page makes its AudioContext, resumes it and sends a key."""


def test_the_first_key_never_waits_for_the_audio_device(tab: Any, server: web.Server) -> None:
    """Opening the audio device takes Chromium a quarter of a second on the page's one thread: the page
    makes its (suspended) AudioContext once idle after its first sentence, before any key, and the first
    key is sent before the sound is resumed, so that no key's answer waits for it."""
    added = tab.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": AUDIO_WATCH})
    try:
        open_page(tab, server.url)
        wait_until(tab, lambda: MAIN_MENU in " ".join(heard(tab)["all"]), "the main menu")
        if not tab.execute_script("return Boolean(window.AudioContext);"):
            pytest.skip("this Chromium has no Web Audio")
        events = lambda: tab.execute_script("return window.__lcrAudio.events;")  # noqa: E731
        wait_until(tab, lambda: "made" in events(), "the audio context made before any key")
        press_and_wait(tab, web.DOWN, "the next menu item")
        wait_until(tab, lambda: "resumed" in events(), "the sound resumed by the key")
        assert events()[:3] == ["made", "key", "resumed"], events()
    finally:
        tab.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})


def test_axe_finds_no_violation_on_any_screen(tab: Any, server: web.Server) -> None:
    """axe-core's rules (WCAG 2.x A and AA and its best practices) on every screen the page shows: the
    main menu, the key list, a setup question, a turn of a game, the game's end, the rules, practice,
    keep score, the series and the options."""
    open_page(tab, server.url)
    found: dict[str, str] = {}

    def check(screen: str) -> None:
        violations = web.axe_violations(tab)
        if violations:
            found[screen] = web.describe(violations)

    wait_until(tab, lambda: MAIN_MENU in " ".join(heard(tab)["all"]), "the main menu")
    check("the main menu")
    press_and_wait(tab, web.F1, "the key list")
    check("the key list")
    press_and_wait(tab, web.ESCAPE, "the key list closing")
    for screen in ("Practice", "Rules", "Keep score with real dice", "Series scores", "Options"):
        for _down in range(8):  # the menu keeps its place: Down until the item
            if re.search(rf"(?:^|\. ){re.escape(screen)}\. \d of 7\.", web.last_said(tab)):
                break
            press_and_wait(tab, web.DOWN, "the next menu item")
        press_and_wait(tab, web.ENTER, screen)
        check(screen)
        for _escape in range(4):
            if MAIN_MENU in web.last_said(tab):
                break
            press_and_wait(tab, web.ESCAPE, "going back")
        wait_until(tab, lambda: MAIN_MENU in web.last_said(tab), "the main menu again")
    for _up in range(8):
        if re.search(r"(?:^|\. )New game\. 1 of 7\.", web.last_said(tab)):
            break
        press_and_wait(tab, web.UP, "the previous menu item")
    press_and_wait(tab, web.ENTER, "the first setup question")
    check("a setup question")
    start_game(tab)
    check("a turn")
    play_to_the_end(tab)
    check("the game's end")
    assert not found, "\n".join(f"{screen}:\n{text}" for screen, text in found.items())
