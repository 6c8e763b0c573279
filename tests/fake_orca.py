"""A private D-Bus session bus (``dbus-daemon``, Debian package ``dbus-daemon``) and a fake Orca on it.

The fake answers the calls of Orca's remote controller the way Orca 51 (``org.gnome.Orca1.Service``) or
Orca 49/50 (``org.gnome.Orca.Service``) do and records every call: what Orca was asked to speak and to show
on the braille display. It is a recording braille sink with the real D-Bus wire in between.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from jeepney import MessageType
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection
from jeepney.low_level import HeaderFields, Message
from jeepney.wrappers import new_error, new_method_return

DBUS_DAEMON = shutil.which("dbus-daemon")

ORCA1 = "org.gnome.Orca1.Service"
LEGACY = "org.gnome.Orca.Service"


def stop(process: subprocess.Popen[Any]) -> None:
    """End a daemon the tests started: politely, then for sure (3 s each)."""
    process.terminate()
    try:
        process.wait(3)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(3)


@contextlib.contextmanager
def private_session_bus() -> Iterator[str]:
    """Start a ``dbus-daemon --session`` of our own; yield its address. Stopped on exit."""
    assert DBUS_DAEMON is not None
    process = subprocess.Popen(
        [DBUS_DAEMON, "--session", "--nofork", "--nopidfile", "--print-address=1"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        address = process.stdout.readline().strip()
        if not address:
            raise RuntimeError("dbus-daemon did not print its address")
        yield address
    finally:
        stop(process)


@dataclass
class FakeOrca:
    """Orca's remote controller, faked on ``address``. ``calls`` holds (method, arguments) in order.

    Attributes:
        name: the bus name it owns (:data:`ORCA1` or :data:`LEGACY`).
        modules: the module objects that answer ``InterruptSpeech`` (Orca 49: SpeechAndVerbosityManager;
            50 and 51: SpeechManager).
        refuse: method names answered with an error (to fake an Orca that fails).
    """

    address: str
    name: str = ORCA1
    modules: tuple[str, ...] = ("SpeechManager",)
    refuse: set[str] = field(default_factory=set)
    calls: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._connection = open_dbus_connection(self.address)
        reply = self._connection.send_and_get_reply(message_bus.RequestName(self.name), timeout=2)
        assert reply.body == (1,), reply.body  # DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
        self._thread = threading.Thread(target=self._serve, name="fake Orca", daemon=True)
        self._thread.start()

    @property
    def root(self) -> str:
        return "/" + self.name.replace(".", "/")

    def recorded(self, method: str | None = None) -> list[tuple[str, tuple[Any, ...]]]:
        with self._lock:
            return [call for call in self.calls if method is None or call[0] == method]

    def spoken(self) -> list[str]:
        """What Orca was asked to say (PresentMessage and SpeakMessage)."""
        return [args[0] for method, args in self.recorded() if method in ("PresentMessage", "SpeakMessage")]

    def brailled(self) -> list[str]:
        """What Orca was asked to show in braille (PresentMessage and DisplayMessage)."""
        return [args[0] for method, args in self.recorded() if method in ("PresentMessage", "DisplayMessage")]

    def _answer(self, message: Message) -> Message:
        fields = message.header.fields
        path = fields.get(HeaderFields.path, "")
        interface = fields.get(HeaderFields.interface, "")
        method = fields.get(HeaderFields.member, "")
        service_methods = {"PresentMessage": "s", "DisplayMessage": "sb", "SpeakMessage": "s"}
        if self.name == LEGACY:
            service_methods = {"PresentMessage": "s"}
        allowed = False
        if path == self.root and interface == self.name and method in service_methods:
            allowed = fields.get(HeaderFields.signature, "") == service_methods[method]
        for module in self.modules:
            if path != f"{self.root}/{module}":
                continue
            if self.name == ORCA1:
                allowed = interface == "org.gnome.Orca1.SpeechManager" and method == "InterruptSpeech"
            else:
                allowed = interface == "org.gnome.Orca.Module" and method == "ExecuteCommand"
        if not allowed:
            return new_error(message, "org.freedesktop.DBus.Error.UnknownMethod", "s", (f"no {method}",))
        if method in self.refuse:
            return new_error(message, "org.freedesktop.DBus.Error.Failed", "s", ("refused",))
        with self._lock:
            self.calls.append((method, tuple(message.body)))
        return new_method_return(message, "b", (True,))

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                message = self._connection.receive(timeout=0.05)
            except TimeoutError:
                continue
            except OSError:
                return
            if message.header.message_type is MessageType.method_call:
                self._connection.send(self._answer(message))

    def close(self) -> None:
        """Leave the bus (as Orca does when it quits)."""
        self._stop.set()
        self._thread.join(3)
        self._connection.close()
