"""Orca's own remote controller on the D-Bus session bus: the way to the player's braille display on Linux.

speech-dispatcher has no braille. Orca 49 and later publish a D-Bus service that presents a message the
way Orca presents its own ("flash" messages): spoken in the player's Orca voice and shown on the braille
display. Two versions of it exist:

- Orca 51 and later: ``org.gnome.Orca1.Service``, with ``PresentMessage`` (speech and braille),
  ``SpeakMessage`` and ``DisplayMessage(message, persistent)`` (braille only), and
  ``org.gnome.Orca1.SpeechManager.InterruptSpeech(notify_user)``.
- Orca 49 and 50: ``org.gnome.Orca.Service``, with ``PresentMessage`` only (speech and braille together);
  speech is interrupted through the generic ``org.gnome.Orca.Module.ExecuteCommand("InterruptSpeech",
  notify_user)`` of the module ``SpeechAndVerbosityManager`` (49) or ``SpeechManager`` (50).

Neither tells when Orca has finished speaking. Orca 48 and older have no service: :meth:`OrcaService.find`
answers None there. The D-Bus client is jeepney (pure Python); every call has a short timeout, so a busy or
hung Orca never stalls the game for long.
"""

from __future__ import annotations

import enum
import logging
import threading
from dataclasses import dataclass
from typing import Any

from lcr_audio.output.speech.base import SpeechError

log = logging.getLogger(__name__)

CALL_TIMEOUT = 0.5
"""Seconds to wait for Orca's answer to one call. Orca answers at once unless its main loop is stuck."""


class OrcaDialect(enum.Enum):
    """Which version of Orca's remote controller answers (see the module docstring)."""

    ORCA1 = "org.gnome.Orca1.Service"
    """Orca 51 and later: braille can be shown without speech (``DisplayMessage``)."""
    LEGACY = "org.gnome.Orca.Service"
    """Orca 49 and 50: ``PresentMessage`` only, which speaks and brailles together."""

    @property
    def bus_name(self) -> str:
        """The well-known name Orca owns on the session bus."""
        return self.value

    @property
    def object_path(self) -> str:
        """The path of the service object."""
        return "/" + self.value.replace(".", "/")


_INTERRUPT_MODULES: dict[OrcaDialect, tuple[str, ...]] = {
    OrcaDialect.ORCA1: ("SpeechManager",),
    OrcaDialect.LEGACY: ("SpeechAndVerbosityManager", "SpeechManager"),  # Orca 49, Orca 50
}


@dataclass(frozen=True)
class _Call:
    path: str
    interface: str
    method: str
    signature: str
    body: tuple[Any, ...]


class OrcaService:
    """A connection to Orca's remote controller. Thread-safe (one call at a time).

    Build it with :meth:`find`. Every method raises :class:`SpeechError` when Orca does not answer in
    :data:`CALL_TIMEOUT` seconds, has left the bus, or refuses the call.
    """

    def __init__(self, connection: Any, dialect: OrcaDialect) -> None:
        """Use :meth:`find`. ``connection``: an open ``jeepney.io.blocking.DBusConnection``."""
        self._connection = connection
        self.dialect = dialect
        self._lock = threading.Lock()
        self._interrupt_module: str | None = None

    @classmethod
    def find(cls, bus: str = "SESSION") -> OrcaService | None:
        """Connect to the session bus and return Orca's service, the newest version first.

        Args:
            bus: ``"SESSION"`` (``$DBUS_SESSION_BUS_ADDRESS``) or a D-Bus address.

        Returns:
            None when there is no session bus, or no Orca service on it (Orca 48 or older, or no Orca).
            Never raises.
        """
        try:
            from jeepney.bus_messages import message_bus
            from jeepney.io.blocking import open_dbus_connection
            from jeepney.wrappers import unwrap_msg

            connection = open_dbus_connection(bus, auth_timeout=CALL_TIMEOUT)
        except Exception as exc:  # no session bus (a console login, CI): no Orca service either
            log.info("No D-Bus session bus: %r", exc)
            return None
        try:
            for dialect in OrcaDialect:
                reply = connection.send_and_get_reply(
                    message_bus.NameHasOwner(dialect.bus_name), timeout=CALL_TIMEOUT
                )
                if unwrap_msg(reply)[0]:
                    log.info("Orca's remote controller answers as %s", dialect.bus_name)
                    return cls(connection, dialect)
        except Exception as exc:
            log.info("Could not ask the session bus for Orca: %r", exc)
        connection.close()
        return None

    @property
    def can_braille_alone(self) -> bool:
        """True when braille can be shown without speech (Orca 51 and later)."""
        return self.dialect is OrcaDialect.ORCA1

    def _call(self, call: _Call) -> Any:
        """Send one method call and return the first value of the answer.

        Raises:
            SpeechError: no answer in time, an error answer, or a closed connection.
        """
        from jeepney.wrappers import DBusAddress, new_method_call, unwrap_msg

        address = DBusAddress(call.path, bus_name=self.dialect.bus_name, interface=call.interface)
        message = new_method_call(address, call.method, call.signature, call.body)
        with self._lock:
            if self._connection is None:
                raise SpeechError("The connection to Orca is closed.")
            try:
                reply = self._connection.send_and_get_reply(message, timeout=CALL_TIMEOUT)
                body = unwrap_msg(reply)
            except Exception as exc:
                raise SpeechError(f"Orca did not take {call.method}: {exc}") from exc
        return body[0] if body else None

    def present(self, text: str) -> None:
        """Have Orca speak ``text`` in the player's voice and flash it on the braille display (Orca queues
        it after what it is saying; it does not cut anything off).

        Raises:
            SpeechError: Orca did not take it.
        """
        path, interface = self.dialect.object_path, self.dialect.bus_name
        if self._call(_Call(path, interface, "PresentMessage", "s", (text,))) is False:
            raise SpeechError("Orca refused the message.")

    def display(self, text: str) -> None:
        """Show ``text`` on the braille display, without speech, until the next message replaces it.

        Raises:
            SpeechError: Orca did not take it, or this Orca (49, 50) cannot show braille alone.
        """
        if not self.can_braille_alone:
            raise SpeechError("This version of Orca cannot show braille without speaking.")
        path, interface = self.dialect.object_path, self.dialect.bus_name
        if self._call(_Call(path, interface, "DisplayMessage", "sb", (text, True))) is False:
            raise SpeechError("Orca refused the braille message.")

    def clear_display(self) -> None:
        """Take the game's last message off the braille display (Orca shows what it showed before).

        Raises:
            SpeechError: Orca did not take it, or this Orca (49, 50) has no such call.
        """
        if not self.can_braille_alone:
            raise SpeechError("This version of Orca cannot change braille without speaking.")
        path, interface = self.dialect.object_path, self.dialect.bus_name
        self._call(_Call(path, interface, "DisplayMessage", "sb", ("", False)))

    def interrupt(self) -> None:
        """Stop Orca's speech at once (what it was saying and what it had queued).

        Raises:
            SpeechError: no interrupt command answered.
        """
        modules = _INTERRUPT_MODULES[self.dialect]
        if self._interrupt_module is not None:
            modules = (self._interrupt_module,)
        last: SpeechError | None = None
        for module in modules:
            path = f"{self.dialect.object_path}/{module}"
            if self.dialect is OrcaDialect.ORCA1:
                call = _Call(path, "org.gnome.Orca1.SpeechManager", "InterruptSpeech", "b", (False,))
            else:
                body = ("InterruptSpeech", False)
                call = _Call(path, "org.gnome.Orca.Module", "ExecuteCommand", "sb", body)
            try:
                self._call(call)
            except SpeechError as exc:
                last = exc
                continue
            self._interrupt_module = module
            return
        raise last or SpeechError("Orca has no command to interrupt speech.")

    def close(self) -> None:
        """Leave the bus. Safe to call twice; never raises."""
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.close()
            except Exception:
                log.debug("Closing the D-Bus connection failed", exc_info=True)
