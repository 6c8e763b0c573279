"""Saved games: rules + seats + seed + action log, resumed by replaying the log (DESIGN.md §1, §4).

A save never stores a game position. It stores what is needed to play the game again: the rules, the
players, the seed of the session's dice and every action taken. :func:`load` rebuilds a fresh
:class:`~lcr_audio.game.session.Session` from the seed and replays each action through ``engine.step``, so the
position, the action log *and* the random generator's position come out exactly as they were: a resumed game
rolls the same dice the uninterrupted game would have rolled.

How the generator's position is restored: ``random.Random(seed)`` is made again (as the session does), the
random first player is drawn again when the rules ask for one (one ``randrange(players)``), and for each
logged roll the same number of dice are drawn again with :meth:`Session.draw_dice` (what
:meth:`Session.roll` draws with). The faces drawn must equal the logged ones; a difference means the log was
edited or written by an incompatible program, and loading says so. No generator state is stored in the
file. The format is described field by field in ``docs/save-format.md``.

A file that cannot be used is reported with one :class:`SaveError` whose message is one plain, translated
sentence; loading only ever reads the file, never changes, moves or deletes it.
"""

from __future__ import annotations

import enum
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, NoReturn, TypeVar

from lcr_audio import storage
from lcr_audio.engine import (
    Action,
    ChooseSeat,
    Face,
    GameState,
    IllegalActionError,
    Reverse,
    Roll,
    Rules,
    Seat,
)
from lcr_audio.game.bots import Policy
from lcr_audio.game.seating import default_key_of, default_text
from lcr_audio.game.session import Player, Session
from lcr_audio.i18n import _, ngettext
from lcr_audio.names import clean_name, seat_name
from lcr_audio.rule_options import FieldProblem, RuleFieldError, rules_from_json, rules_to_json

FORMAT_NAME: Final = "lcr-audio-save"
"""The value of the ``"format"`` field: what tells our saves from any other JSON file."""

FORMAT_VERSION: Final = 1
"""The format version this module writes and the newest it reads."""

MAX_MEGABYTES: Final = 5
MAX_BYTES: Final = MAX_MEGABYTES * 1024 * 1024
"""The largest save this module writes or reads, in bytes (5 MiB).

One action takes at most 24 bytes in the file (``    {"reverse": false},`` and its line break); everything
else takes a few kilobytes. 5 MiB therefore holds more than 215,000 actions: over twice the 100,000
decisions after which ``Session.play_to_end`` gives up, and hundreds of times a typical game (a few hundred
actions; the longest of 1,500 simulated games with 10 players, 10 chips, Wild dice and roll-all-dots had
115,000). See docs/save-format.md.
"""

AUTOSAVE_NAME: Final = "autosave.json"


class SaveKind(enum.Enum):
    """The kinds of game that each keep their own autosave, so one never replaces another (issue 13, item
    3). The value is the autosave's file name without ``.json`` (its transcript takes ``.txt``)."""

    PLAY = "autosave"
    """A game with people at this keyboard and the computer's dice."""
    SCOREKEEPER = "scorekeeper"
    """The scorekeeper for real dice (``keep-score``): the rolls are typed in."""
    WATCH = "watch"
    """Computer players only (``play --computer all``): recorded, never offered to continue."""

    @classmethod
    def of(cls, session: Session) -> SaveKind:
        """The kind of ``session``: real dice, else people seated, else computers only."""
        if session.physical:
            return cls.SCOREKEEPER
        return cls.PLAY if session.humans else cls.WATCH


_FACES: Final = {face.value: face for face in Face}


class Problem(enum.Enum):
    """What kind of trouble a :class:`SaveError` reports (for callers and tests; the player hears text)."""

    MISSING = "missing"
    """There is no file at the path."""
    UNREADABLE = "unreadable"
    """The file exists but cannot be opened or read (a folder, no permission, a disk error)."""
    TOO_LARGE = "too-large"
    """Larger than :data:`MAX_BYTES`."""
    DAMAGED = "damaged"
    """Not UTF-8 text, or not JSON (cut short, garbled, empty)."""
    FOREIGN = "foreign"
    """JSON, but not one of our saves (no ``"format": "lcr-audio-save"``)."""
    NEWER = "newer"
    """Written by a newer version of the game, in a format this version does not read."""
    FIELD = "field"
    """A field is missing, has the wrong type or a value out of range."""
    RULES = "rules"
    """The rules are out of range or unknown to this version."""
    ACTION = "action"
    """An action is malformed, or the rules refuse it at that point of the game."""
    DICE = "dice"
    """The logged dice (or first player) are not the ones the seed gives."""
    DIGEST = "digest"
    """The replayed game does not end in the position the save recorded."""
    NOT_SAVED = "not-saved"
    """:func:`save` could not write the file (too long a game, or the folder cannot be written)."""


class SaveError(Exception):
    """A game could not be saved or a save could not be used.

    ``str(error)`` is one plain, translated sentence for the player.

    Attributes:
        problem: which kind of trouble (:class:`Problem`).
        path: the file concerned, when known.
    """

    def __init__(self, message: str, problem: Problem, path: Path | None = None) -> None:
        super().__init__(message)
        self.problem = problem
        self.path = path


@dataclass
class Series:
    """The score of games played in a row by the same table.

    Attributes:
        games: games finished so far.
        wins: games won per seat, index = seat (0-based); shorter lists count as zeros for missing seats.
    """

    games: int = 0
    wins: list[int] = field(default_factory=list)

    def record_win(self, seat: Seat) -> None:
        """Count one more finished game, won by ``seat`` (0-based).

        Raises:
            ValueError: ``seat`` is negative.
        """
        if seat < 0:
            raise ValueError(f"Seat index {seat} is not a seat.")
        if seat >= len(self.wins):
            self.wins.extend([0] * (seat + 1 - len(self.wins)))
        self.wins[seat] += 1
        self.games += 1


@dataclass(frozen=True)
class LoadedGame:
    """A game read back by :func:`load`, ready to continue.

    Attributes:
        session: the rebuilt session: every saved action replayed, the dice generator where it was, no
            listeners yet (add them before playing on). ``session.opening`` still holds the events of the
            game's start, not of the resume.
        series: the series score saved with the game (zero games when none was saved).
        saved_at: when the file was written (timezone-aware when the file says so; UTC from :func:`save`).
        transcript: the transcript file the game was writing to, if any.
    """

    session: Session
    series: Series
    saved_at: datetime
    transcript: Path | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, seat 1 first."""
        return tuple(self.session.names)

    @property
    def turn(self) -> int:
        """The number of the turn being played (1-based, as spoken in the game)."""
        return self.session.state.turn

    @property
    def over(self) -> bool:
        """True when the saved game already has a winner."""
        return self.session.state.over

    @property
    def kind(self) -> SaveKind:
        """Which kind of game this is (a scorekeeper table, a game, or computers only)."""
        return SaveKind.of(self.session)


def default_save_path() -> Path:
    """The autosave file of games: ``autosave.json`` in the user's data folder (``storage.data_dir()``)."""
    return autosave_path(SaveKind.PLAY)


def autosave_path(kind: SaveKind) -> Path:
    """The autosave file of a kind of game: ``autosave.json``, ``scorekeeper.json`` or ``watch.json`` in the
    user's data folder (``storage.data_dir()``)."""
    return storage.data_dir() / f"{kind.value}.json"


def latest_autosave(paths: Sequence[Path] | None = None) -> Path | None:
    """The autosave written last, whatever its kind (what ``lcr-audio series`` and ``transcript`` show), or
    None when there is none. ``paths``: the autosaves to look at (default: every kind's
    :func:`autosave_path`)."""
    found: list[tuple[float, Path]] = []
    for path in paths if paths is not None else [autosave_path(kind) for kind in SaveKind]:
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:
            continue
    return max(found, key=lambda pair: pair[0])[1] if found else None


def state_digest(state: GameState) -> str:
    """The SHA-256 (lowercase hex) of the canonical text of ``state``'s position.

    The canonical text is one line, ``;``-separated ``key=value`` pairs in this order (seats 0-based, faces
    by their letters, booleans ``true``/``false``, no winner ``none``)::

        chips=3,0,2;pot=4;seat=1;turn=7;phase=roll;reversed=false;faces=LC.;wilds_left=0;winner=none

    encoded as UTF-8. The rules are not part of it: they are stored in the save themselves.
    """
    text = ";".join(
        (
            "chips=" + ",".join(str(n) for n in state.chips),
            f"pot={state.pot}",
            f"seat={state.seat}",
            f"turn={state.turn}",
            f"phase={state.phase.value}",
            f"reversed={'true' if state.reversed else 'false'}",
            "faces=" + "".join(face.value for face in state.faces),
            f"wilds_left={state.wilds_left}",
            f"winner={'none' if state.winner is None else state.winner}",
        )
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- writing ----------------------------------------------------------------------------------------------


def save(
    session: Session, path: Path, *, series: Series | None = None, transcript: Path | None = None
) -> None:
    """Write ``session`` to ``path`` atomically (temporary file, fsync, rename: ``storage``).

    Args:
        session: the game to save, at any point (a finished game too).
        path: the file to write; its folder is made when missing. An existing file is replaced whole.
        series: the series score to keep with the game; none means zero games.
        transcript: the transcript file the game writes to, if any (only its file name is stored: it lives
            in the game's data folder).

    Raises:
        SaveError: the game is too long to fit in :data:`MAX_BYTES`, or the file cannot be written (the
            old file, if any, is left as it was; the message names the file and says why, in one sentence).
            ``problem`` is :attr:`Problem.NOT_SAVED`.
        ValueError: ``series`` has more seats than the table, or negative counts, or more wins than games.
    """
    document = to_document(session, series=series, transcript=transcript)
    try:
        data = _encode(document).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (a name made of bytes that are not UTF-8): escaped instead
        data = _encode(document, ascii_only=True).encode("ascii")
    if len(data) > MAX_BYTES:
        # Translators: the game has lasted so long that its save file would be larger than the game can read.
        raise SaveError(_("This game is too long to be saved."), Problem.NOT_SAVED, path)
    try:
        storage.atomic_write_text(path, data.decode("utf-8"))
    except (OSError, UnicodeError) as error:
        raise SaveError(not_saved(path, error), Problem.NOT_SAVED, path) from error


def not_saved(path: Path, error: BaseException) -> str:
    """The sentence for a save that could not be written: where, and why (no Python error text)."""
    # Translators: saving the game failed; {path} is the save file, {reason} says why ("the disk is full").
    message = _("The game could not be saved in {path}: {reason}.")
    return message.format(path=storage.display_path(path), reason=storage.reason(error))


def save_text(session: Session) -> str:
    """The text :func:`save` writes for ``session`` (no series, no transcript), for a writer elsewhere (the
    online server writes it from another thread, so the game is read here, in the caller's).

    Raises:
        SaveError: the game is too long to fit in :data:`MAX_BYTES`.
    """
    text = _encode(to_document(session))
    if len(text.encode("utf-8")) > MAX_BYTES:
        # Translators: the game has lasted so long that its save file would be larger than the game can read.
        raise SaveError(_("This game is too long to be saved."), Problem.NOT_SAVED)
    return text


def to_document(
    session: Session, *, series: Series | None = None, transcript: Path | None = None
) -> dict[str, Any]:
    """The JSON document :func:`save` writes for ``session`` (a dict of JSON values; see save-format.md).

    Raises:
        ValueError: ``series`` has more seats than the table, or negative counts, or more wins than games.
    """
    rules = session.rules
    series = series or Series()
    if len(series.wins) > rules.players:
        raise ValueError(f"The series has {len(series.wins)} seats; the table has {rules.players}.")
    if series.games < 0 or any(w < 0 for w in series.wins) or sum(series.wins) > series.games:
        raise ValueError(f"The series {series} does not add up.")  # load would refuse to read it back
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "rules": rules_to_json(rules),
        "players": [_player_to_json(p, session.rules) for p in session.players],
        "seed": session.seed,
        "physical": session.physical,
        "first": session.first,
        "actions": [_action_to_json(a) for a in session.actions],
        "series": {
            "games": series.games,
            "wins": list(series.wins) + [0] * (rules.players - len(series.wins)),
        },
        "transcript": None if transcript is None else storage.display_path(Path(transcript.name)),
        "digest": state_digest(session.state),
    }


def _player_to_json(player: Player, rules: Rules) -> dict[str, Any]:
    """One seat as the file keeps it; a default name also as what it is (``"default_name"``), so that it is
    said in the language of whoever loads the game (the name's text stays for older versions)."""
    item: dict[str, Any] = {
        "name": player.name,
        "human": player.human,
        "policy": {"name": player.policy.name, "reverse_at": player.policy.threshold(rules)},
    }
    if player.default_name is not None:
        item["default_name"] = player.default_name
    return item


def _action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Roll):
        return {"roll": "".join(face.value for face in action.faces)}
    if isinstance(action, Reverse):
        return {"reverse": action.reverse}
    return {"choose": action.seat}


def _encode(document: dict[str, Any], *, ascii_only: bool = False) -> str:
    """Indented JSON, except that each action takes one line (long games stay small and readable).
    ``ascii_only``: every character beyond ASCII escaped (``\\ud800``), for text that is no valid UTF-8."""
    parts = []
    for key, value in document.items():
        if key == "actions" and value:
            lines = ",\n".join("    " + json.dumps(a, ensure_ascii=ascii_only) for a in value)
            body = "[\n" + lines + "\n  ]"
        else:
            body = json.dumps(value, ensure_ascii=ascii_only, indent=2).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key)}: {body}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


# --- reading ----------------------------------------------------------------------------------------------


def load(path: Path) -> LoadedGame:
    """Read the save at ``path`` and rebuild its game by replaying every action. The file is only read.

    Raises:
        SaveError: one plain sentence naming the problem; ``problem`` says which kind (:class:`Problem`):
            no file, unreadable, larger than :data:`MAX_BYTES`, not text or not JSON, not one of our saves,
            a newer format version, a missing or wrongly typed field, rules out of range, an action that is
            malformed or refused by the rules, dice that are not the seed's, or a final position that does
            not match the saved digest.
    """
    raw = _read(path)
    try:
        document = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        # Translators: the saved game's file holds bytes that are not text.
        raise SaveError(_("The saved game is damaged: it is not text."), Problem.DAMAGED, path) from error
    except json.JSONDecodeError as error:
        # Translators: the saved game's file is cut short or garbled; {line} is a line number in the file.
        message = _("The saved game is damaged: its text breaks off or is garbled at line {line}.")
        raise SaveError(message.format(line=error.lineno), Problem.DAMAGED, path) from error
    except (ValueError, RecursionError) as error:  # an integer of thousands of digits; absurd nesting
        # Translators: the saved game's file is garbled (it is not a file the game wrote).
        message = _("The saved game is damaged: its text is garbled.")
        raise SaveError(message, Problem.DAMAGED, path) from error
    return from_document(document, path=path)


def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            if os.fstat(handle.fileno()).st_size > MAX_BYTES:
                _too_large(path)
            raw = handle.read(MAX_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError) as error:  # no such file, or a file where a folder was
        # Translators: the player asked to continue a saved game but its file is not there.
        raise SaveError(_("There is no saved game to continue."), Problem.MISSING, path) from error
    except OSError as error:
        # Translators: the saved game's file exists but the system will not let the game read it.
        message = _("The saved game cannot be opened; it may be a folder or belong to another user.")
        raise SaveError(message, Problem.UNREADABLE, path) from error
    if len(raw) > MAX_BYTES:  # grew while being read
        _too_large(path)
    return raw


def _too_large(path: Path) -> NoReturn:
    # Translators: a file offered as a saved game is far larger than any the game writes; {limit} is a
    # number of megabytes.
    message = ngettext(
        "The file is too large to be a saved game: the limit is {limit} megabyte.",
        "The file is too large to be a saved game: the limit is {limit} megabytes.",
        MAX_MEGABYTES,
    )
    raise SaveError(message.format(limit=MAX_MEGABYTES), Problem.TOO_LARGE, path)


def from_document(document: Any, *, path: Path | None = None) -> LoadedGame:
    """Check a parsed save document and rebuild its game (what :func:`load` does after reading the file).

    Raises:
        SaveError: as :func:`load` does, for everything after parsing the JSON.
    """
    reader = _Reader(path)
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        # Translators: the file offered as a saved game is some other kind of file.
        raise SaveError(_("This file is not a saved Left Right Center game."), Problem.FOREIGN, path)
    version = reader.integer(document, "version")
    if version > FORMAT_VERSION:
        # Translators: {found} and {supported} are format version numbers of saved games.
        message = _(
            "This save was made by a newer version of the game (format {found}); "
            "this version reads format {supported}."
        )
        raise SaveError(message.format(found=version, supported=FORMAT_VERSION), Problem.NEWER, path)
    if version < 1:
        reader.out_of_range("version", version)

    saved_at = reader.timestamp(document, "saved_at")
    rules = reader.rules(reader.mapping(document, "rules"))
    players = reader.players(reader.sequence(document, "players"), rules)
    seed = reader.integer(document, "seed")
    first = reader.integer(document, "first")
    if not 0 <= first < rules.players:
        reader.out_of_range("first", first)
    actions = reader.actions(reader.sequence(document, "actions"))
    series = reader.series(reader.mapping(document, "series"), rules)
    transcript = reader.optional_text(document, "transcript")
    digest = reader.text(document, "digest")

    physical = document.get("physical", False)
    if not isinstance(physical, bool):
        reader.wrong_type("physical")
    session = _replay(Session(rules, players, seed, physical=physical), first, actions, path)
    if state_digest(session.state) != digest.lower():
        # Translators: the saved game was changed or damaged: playing its moves again does not give the
        # position it recorded.
        message = _(
            "The saved game does not match its own check: replaying it leads to a different position."
        )
        raise SaveError(message, Problem.DIGEST, path)
    return LoadedGame(
        session=session,
        series=series,
        saved_at=saved_at,
        transcript=None if transcript is None else Path(Path(transcript).name),  # ours: a name, never a path
    )


def _replay(session: Session, first: Seat, actions: Sequence[Action], path: Path | None) -> Session:
    """Apply ``actions`` to the fresh ``session``, drawing the dice again to move its generator along."""
    if session.first != first:
        # Translators: the saved game was changed or written by another program: the player who started is
        # not the one its random seed picks.
        message = _("The saved game's first player is not the one its seed draws.")
        raise SaveError(message, Problem.DICE, path)
    for number, action in enumerate(actions, start=1):
        try:
            session.apply(action)  # a fresh session has no listeners: nobody hears the replay
        except IllegalActionError as error:
            # Translators: the saved game holds a move the rules do not allow at that point; {number} counts
            # the moves of the game from 1.
            message = _("Move {number} of the saved game is not allowed by the rules at that point.")
            raise SaveError(message.format(number=number), Problem.ACTION, path) from error
        if isinstance(action, Roll) and not session.physical:  # accepted faces; were they the seed's?
            drawn = session.draw_dice(len(action.faces))
            if drawn != action.faces:
                # Translators: the saved game was changed or written by another program: the dice of a move
                # are not the ones its random seed rolls; {number} counts the moves of the game from 1.
                message = _("The dice of move {number} in the saved game are not the ones its seed rolls.")
                raise SaveError(message.format(number=number), Problem.DICE, path)
    return session


_T = TypeVar("_T")


class _Reader:
    """Typed access to the document's fields, raising the right :class:`SaveError` for each problem."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    # the sentences

    def missing(self, name: str) -> NoReturn:
        # Translators: {field} is the name of a field of the save file, e.g. "rules.chips" (not translated).
        message = _("The saved game is missing its {field} field.")
        raise SaveError(message.format(field=name), Problem.FIELD, self.path)

    def wrong_type(self, name: str) -> NoReturn:
        # Translators: {field} is the name of a field of the save file, e.g. "seed" (not translated).
        message = _("The saved game's {field} field holds the wrong kind of value.")
        raise SaveError(message.format(field=name), Problem.FIELD, self.path)

    def out_of_range(self, name: str, value: object) -> NoReturn:
        # Translators: {field} is the name of a field of the save file, e.g. "first" (not translated);
        # {value} is what the file holds there.
        message = _("The saved game's {field} field holds a value out of range: {value}.")
        raise SaveError(message.format(field=name, value=value), Problem.FIELD, self.path)

    def bad_rule(self, name: str, value: object) -> NoReturn:
        # Translators: {field} is the name of a rule option in the save file, e.g. "rules.players" (not
        # translated); {value} is what the file holds there.
        message = _("The saved game's rule {field} has a value this version cannot play: {value}.")
        raise SaveError(message.format(field=name, value=value), Problem.RULES, self.path)

    def bad_action(self, number: int) -> NoReturn:
        # Translators: a move in the saved game's list of moves is garbled; {number} counts the moves of the
        # game from 1.
        message = _("Move {number} of the saved game is written in a way this version does not understand.")
        raise SaveError(message.format(number=number), Problem.ACTION, self.path)

    # the fields

    def get(
        self, mapping: dict[str, Any], key: str, name: str, kind: type[_T], test: Callable[[Any], bool]
    ) -> _T:
        if key not in mapping:
            self.missing(name)
        value = mapping[key]
        if not test(value):
            self.wrong_type(name)
        return value  # type: ignore[no-any-return]

    def integer(self, mapping: dict[str, Any], key: str, name: str | None = None) -> int:
        return self.get(mapping, key, name or key, int, _is_int)

    def boolean(self, mapping: dict[str, Any], key: str, name: str | None = None) -> bool:
        return self.get(mapping, key, name or key, bool, lambda v: isinstance(v, bool))

    def text(self, mapping: dict[str, Any], key: str, name: str | None = None) -> str:
        return self.get(mapping, key, name or key, str, lambda v: isinstance(v, str))

    def optional_text(self, mapping: dict[str, Any], key: str) -> str | None:
        if mapping.get(key) is None:
            return None
        return self.text(mapping, key)

    def mapping(self, mapping: dict[str, Any], key: str, name: str | None = None) -> dict[str, Any]:
        return self.get(mapping, key, name or key, dict, lambda v: isinstance(v, dict))

    def sequence(self, mapping: dict[str, Any], key: str, name: str | None = None) -> list[Any]:
        return self.get(mapping, key, name or key, list, lambda v: isinstance(v, list))

    def timestamp(self, mapping: dict[str, Any], key: str) -> datetime:
        value = self.text(mapping, key)
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            self.wrong_type(key)

    def rules(self, mapping: dict[str, Any]) -> Rules:
        """The ``"rules"`` object, read by the rule options' one policy
        (:func:`~lcr_audio.rule_options.rules_from_json`): a field left out takes its default, a field no
        option declares is ignored (docs/save-format.md), a wrongly typed one and then a value out of range
        are reported (in :data:`~lcr_audio.rule_options.RULE_OPTIONS` order)."""
        try:
            return rules_from_json(mapping, unknown="ignore")
        except RuleFieldError as error:
            name = f"rules.{error.field}"
            if error.problem is FieldProblem.WRONG_TYPE:
                self.wrong_type(name)
            self.bad_rule(name, error.value)

    def players(self, items: list[Any], rules: Rules) -> list[Player]:
        if len(items) != rules.players:
            # Translators: the saved game lists more or fewer players than its rules say.
            message = _("The saved game seats a different number of players than its rules call for.")
            raise SaveError(message, Problem.FIELD, self.path)
        players = []
        for index, item in enumerate(items):
            name = f"players[{index}]"
            if not isinstance(item, dict):
                self.wrong_type(name)
            policy = self.mapping(item, "policy", f"{name}.policy")
            # A name is printed and spoken: escape sequences and control characters never get through.
            spoken = clean_name(self.text(item, "name", f"{name}.name"))
            human = self.boolean(item, "human", f"{name}.human")
            default = self.default_name(item, f"{name}.default_name", spoken, human)
            players.append(
                Player(
                    name=spoken or seat_name(index + 1) if default is None else default_text(default),
                    human=human,
                    policy=Policy(
                        name=self.text(policy, "name", f"{name}.policy.name"),
                        reverse_at=self.integer(policy, "reverse_at", f"{name}.policy.reverse_at"),
                    ),
                    default_name=default,
                )
            )
        return players

    def default_name(self, item: dict[str, Any], name: str, spoken: str, human: bool) -> str | None:
        """The seat's default name (:attr:`Player.default_name`), said in the current language: the
        ``default_name`` field; in a file without one (written before it existed), a person's name that is
        a default name in any of the game's languages ("Du" loaded in a Russian game is "Ты")."""
        if "default_name" not in item:
            return default_key_of(spoken) if human else None
        key = self.text(item, "default_name", name)
        try:
            default_text(key)
        except ValueError:
            self.out_of_range(name, key)
        return key

    def actions(self, items: list[Any]) -> list[Action]:
        actions: list[Action] = []
        for number, item in enumerate(items, start=1):
            if not isinstance(item, dict) or len(item) != 1:
                self.bad_action(number)
            ((key, value),) = item.items()
            if key == "roll" and isinstance(value, str) and value and all(c in _FACES for c in value):
                actions.append(Roll(tuple(_FACES[c] for c in value)))
            elif key == "reverse" and isinstance(value, bool):
                actions.append(Reverse(value))
            elif key == "choose" and _is_int(value):
                actions.append(ChooseSeat(value))
            else:
                self.bad_action(number)
        return actions

    def series(self, mapping: dict[str, Any], rules: Rules) -> Series:
        games = self.integer(mapping, "games", "series.games")
        wins = self.sequence(mapping, "wins", "series.wins")
        if games < 0:
            self.out_of_range("series.games", games)
        if len(wins) != rules.players or not all(_is_int(w) for w in wins):
            self.wrong_type("series.wins")
        if any(w < 0 for w in wins) or sum(wins) > games:
            self.out_of_range("series.wins", ", ".join(str(w) for w in wins))
        return Series(games=games, wins=list(wins))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "AUTOSAVE_NAME",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_BYTES",
    "MAX_MEGABYTES",
    "LoadedGame",
    "Problem",
    "SaveError",
    "SaveKind",
    "Series",
    "autosave_path",
    "default_save_path",
    "from_document",
    "latest_autosave",
    "load",
    "not_saved",
    "save",
    "state_digest",
    "to_document",
]
