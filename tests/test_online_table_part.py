"""An online table's part of the play screen, on its own (:class:`lcr_audio.tui.online_table.OnlineTable`,
and the local table's, :class:`lcr_audio.tui.play_table.LocalTable`; issue 23, item 4). The client is a
fake: nothing connects."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from lcr_audio.engine import Face, GameState, Phase, Roll, Rules, new_game
from lcr_audio.engine.events import TurnStarted
from lcr_audio.game.online.protocol import PlayAgain, action_doc
from lcr_audio.tui.keys import Command
from lcr_audio.tui.online_table import OnlineTable, missed_sentence, no_next_game
from lcr_audio.tui.play_table import AgainReply, LocalTable, MissedMove


class FakeLink:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, message: Any) -> None:
        self.sent.append(message)


class FakeSession:
    """A copy of the game at seat 0 (``humans``) whose seat to play before each action received is next of
    ``seats`` (seat 1 when none is); it keeps what :attr:`FakeClient.missed_move` said at each."""

    def __init__(self, actions: int = 0, seats: Sequence[int] = (), client: Any = None) -> None:
        self.actions = [None] * actions
        self.received: list[tuple[int, Any]] = []
        self.humans = frozenset({0})
        self.seats = list(seats)
        self.client = client
        self.marks: list[MissedMove | None] = []

    @property
    def state(self) -> GameState:
        return state_at(Phase.ROLL, self.seats[len(self.received)] if self.seats else 1)

    def receive(self, index: int, action: Any) -> bool:
        self.received.append((index, action))
        if self.client is not None:
            self.marks.append(self.client.missed_move)
        return True


class FakeClient:
    def __init__(self, *, serving: bool = False, again_offered: bool = True) -> None:
        self.serving = serving
        self.again_offered = again_offered
        self.waiting_again = False
        self.host_plays_again = False
        self.catch_up: list[Any] = []
        self.known_actions = 4
        self.game_number: int | None = None
        self.missed_move: MissedMove | None = None
        self.link = FakeLink()
        self.view = SimpleNamespace(session=None, seats={0})


def name(seat: int) -> str:
    return ("Ana", "Bo", "Cy")[seat]


def state_at(phase: Phase, seat: int) -> GameState:
    state, _events = new_game(Rules(players=3))
    return dataclasses.replace(state, phase=phase, seat=seat)


SEATED = SimpleNamespace(humans=frozenset({0}), computers=frozenset({2}), actions=[None] * 4)
"""This player at seat 0, a computer player at seat 2: seat 1 is a person at another computer; the four
actions the table has sent (:class:`FakeClient`) are told."""
EVENTS = [TurnStarted(1, 1, 3)]


def test_a_person_elsewhere_choosing_or_deciding_is_noticed() -> None:
    table = OnlineTable(FakeClient())
    take = table.notice(EVENTS, state_at(Phase.WILD_TAKE, 1), SEATED, name)
    give = table.notice(EVENTS, state_at(Phase.WILD_GIVE, 1), SEATED, name)
    assert take == "Bo is choosing who to take a chip from."
    assert give == "Bo is choosing who to give a chip to."
    reverse = table.notice(EVENTS, state_at(Phase.REVERSE, 1), SEATED, name)
    assert reverse == "Bo is deciding whether to reverse the dice."


def test_no_notice_for_this_player_a_computer_a_roll_or_no_events() -> None:
    table = OnlineTable(FakeClient())
    assert table.notice(EVENTS, state_at(Phase.WILD_TAKE, 0), SEATED, name) is None  # asked, not noticed
    assert table.notice(EVENTS, state_at(Phase.WILD_TAKE, 2), SEATED, name) is None  # told when it plays
    assert table.notice(EVENTS, state_at(Phase.ROLL, 1), SEATED, name) is None
    assert table.notice([], state_at(Phase.REVERSE, 1), SEATED, name) is None


def test_a_choice_the_table_has_moved_past_is_not_noticed_in_a_catch_up() -> None:
    """Catching up on moves missed, Bo's Wild roll is told while the table has already sent his choice:
    no notice (old main: "Bo is choosing ..." for a choice made); at the last move told, a choice still
    under way is noticed."""
    client = FakeClient()
    table = OnlineTable(client)
    client.known_actions = 5  # one more action has come from the table: Bo's choice
    assert table.notice(EVENTS, state_at(Phase.WILD_GIVE, 1), SEATED, name) is None
    assert table.notice(EVENTS, state_at(Phase.REVERSE, 1), SEATED, name) is None
    client.known_actions = 4  # the last action sent is told: Bo is choosing now
    give = table.notice(EVENTS, state_at(Phase.WILD_GIVE, 1), SEATED, name)
    assert give == "Bo is choosing who to give a chip to."


def test_escape_asks_what_leaving_costs_the_host_and_a_seated_player() -> None:
    """The host's leaving closes the table; a seated player's gives the seat to a computer player for good
    (old main asked them "Quit this game?", which said neither); one who only listens loses nothing, and is
    asked the play screen's own question."""
    host = OnlineTable(FakeClient(serving=True)).quit_question()
    assert host == "Leaving closes this table for everyone. Leave? Y or N."
    guest = OnlineTable(FakeClient(serving=False)).quit_question()
    assert guest == "Leave this table? A computer player takes your seat for good. Y or N."
    listener = FakeClient(serving=False)
    listener.view.seats = set()
    assert OnlineTable(listener).quit_question() is None


def test_f1_says_control_c_keeps_the_seat_online_not_that_it_saves() -> None:
    """At an online table the server keeps the game: F1 says Control+C leaves and the seat waits (old main
    said "save and leave at once" in a game, while Control+S said the game is not being saved here)."""
    from lcr_audio.tui.keys import Context, help_entries

    online = help_entries(Context.ROLL, words=OnlineTable(FakeClient()).help_words)
    assert "Control+C: leave at once; your seat waits for you to join again." in online
    assert not any("save and leave" in entry for entry in online)
    assert "Control+C: save and leave at once." in help_entries(Context.ROLL, words=LocalTable().help_words)


def test_yes_to_play_again_goes_to_the_table_and_waits() -> None:
    """The yes is sent and nothing is said here: the table answers it (the others' answers awaited, or the
    next game when it was the last answer; old main said the wait even to the last one)."""
    client = FakeClient()
    table = OnlineTable(client)
    reply = table.play_again(True)
    assert reply.waiting == ""
    assert reply.ends is None
    assert client.link.sent == [PlayAgain(True)]
    assert client.waiting_again and table.next_game_coming()


def test_no_to_play_again_is_sent_by_a_guest_and_the_screen_ends_as_its_own() -> None:
    guest = FakeClient()
    assert OnlineTable(guest).play_again(False) == AgainReply()
    assert guest.link.sent == [PlayAgain(False)]
    host = FakeClient(serving=True)  # the host's no closes the table: nothing to send
    assert OnlineTable(host).play_again(False) == AgainReply()
    assert host.link.sent == []
    assert not guest.waiting_again and not host.waiting_again


@pytest.mark.usefixtures("english")
def test_a_guests_no_once_the_host_plays_again_says_the_table_plays_on_without_them() -> None:
    """Critic: a guest who said no heard "No more games at this table." while the host's table went on to
    its next game; asked after the host said yes (a newer server), the guest hears that they leave a table
    that plays on."""
    guest = FakeClient()
    guest.host_plays_again = True
    reply = OnlineTable(guest).play_again(False)
    assert reply == AgainReply(ends="You do not play again; the others may play on without you.")
    assert guest.link.sent == [PlayAgain(False)] and not guest.waiting_again


def test_yes_at_a_table_that_offers_no_next_game_ends_saying_so() -> None:
    client = FakeClient(again_offered=False)
    reply = OnlineTable(client).play_again(True)
    assert reply == AgainReply(ends=no_next_game())
    assert client.link.sent == [] and not client.waiting_again


def test_moves_missed_are_counted_then_played_after_the_session_s_own() -> None:
    client = FakeClient()
    session = FakeSession(actions=4)
    client.view.session = session
    rolls = [Roll((Face.LEFT, Face.CENTER, Face.DOT)), Roll((Face.RIGHT, Face.DOT, Face.DOT))]
    client.catch_up = [action_doc(roll) for roll in rolls]
    said: list[str] = []
    assert OnlineTable(client).catch_up(said.append)
    assert said == [missed_sentence(2)] == ["You missed 2 moves; Q skips them."]
    assert session.received == [(4, rolls[0]), (5, rolls[1])]
    assert client.catch_up == []  # told once


def test_each_missed_move_says_how_many_follow_and_where_a_computer_player_stood_in() -> None:
    """Issue 22, item 5: this player (seat 0) was away while the moves of seats 1, 0, 0, 2, 0 were made: the
    play screen hears, at each, how many missed moves follow it (a question a later one answered is not
    asked), and that a computer player stood in at the first of each row of moves in seat 0; nothing once
    they are played."""
    client = FakeClient()
    session = FakeSession(actions=4, seats=(1, 0, 0, 2, 0), client=client)
    client.view.session = session
    client.catch_up = [action_doc(Roll((Face.DOT,)))] * 5
    assert OnlineTable(client).catch_up([].append)
    assert session.marks == [
        MissedMove(4),
        MissedMove(3, stood_in=0),
        MissedMove(2),
        MissedMove(1),
        MissedMove(0, stood_in=0),
    ]
    assert client.missed_move is None and OnlineTable(client).missed_move() is None


def test_nothing_missed_leaves_the_resume_to_the_screen() -> None:
    client = FakeClient()
    client.view.session = FakeSession()
    said: list[str] = []
    assert not OnlineTable(client).catch_up(said.append)
    assert said == []


def test_the_chat_key_works_and_saving_is_the_server_s() -> None:
    table = OnlineTable(FakeClient())
    assert table.chats and table.unused_keys == frozenset({Command.SAVE})


def test_a_local_table_adds_nothing() -> None:
    table = LocalTable()
    assert not table.chats and table.unused_keys == frozenset()
    assert not table.next_game_coming()
    assert table.notice(EVENTS, state_at(Phase.WILD_TAKE, 1), SEATED, name) is None
    assert table.quit_question() is None
    assert table.play_again(True) == AgainReply() == table.play_again(False)
    assert not table.catch_up(lambda text: None)


def test_the_game_s_f1_list_takes_the_table_s_words(pipe: Any) -> None:
    """The play screen's modes hand the table's words to F1 (old main: the game's own, "save and leave")."""
    from support.play import screen_for, your_game

    from lcr_audio.tui.game_modes import game_modes
    from lcr_audio.tui.keys import Context

    online, _recorder, _driver = screen_for(your_game(), pipe, table=OnlineTable(FakeClient()))
    words = game_modes(online)[Context.ROLL].help_words
    assert words[Command.QUIT_NOW] == "leave at once; your seat waits for you to join again"
    local, _recorder, _driver = screen_for(your_game(), pipe)
    assert Command.QUIT_NOW not in game_modes(local)[Context.ROLL].help_words
