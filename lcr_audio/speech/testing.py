"""The contract every speech backend keeps, as a pytest mixin (like keyring's ``testing/backend.py``).

Only tests import this module (it needs pytest). Subclass :class:`BackendContract`, give it a ``backend``
fixture that yields a fresh backend, and override :meth:`BackendContract.heard` when the test can observe
what the backend really said::

    class TestSilent(BackendContract):
        @pytest.fixture
        def backend(self) -> Iterator[SpeechBackend]:
            yield SilentBackend()
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lcr_audio.speech.base import SpeechBackend

KNOWN_NAMES = frozenset({"screen-reader", "tts", "console", "silent", "recording"})


class BackendContract:
    """Tests every :class:`SpeechBackend` must pass. Nothing may reach stdout or stderr in any of them."""

    @pytest.fixture
    def backend(self) -> Iterator[SpeechBackend]:
        """A fresh backend; subclasses must override this fixture."""
        raise NotImplementedError("Subclasses give a `backend` fixture.")

    def heard(self, backend: SpeechBackend, expected: list[str]) -> list[str] | None:
        """What ``backend`` has said so far, once it has said ``expected`` (or a timeout passed).

        Returns None when this backend's output cannot be observed (then only silence on the terminal and
        the absence of errors are checked).
        """
        return None

    def assert_heard(self, backend: SpeechBackend, expected: list[str]) -> None:
        heard = self.heard(backend, expected)
        if heard is not None:
            assert heard == expected

    @staticmethod
    def assert_quiet(capfd: pytest.CaptureFixture[str]) -> None:
        out, err = capfd.readouterr()
        assert (out, err) == ("", "")

    def test_name_and_prints(self, backend: SpeechBackend) -> None:
        assert backend.name in KNOWN_NAMES
        assert isinstance(backend.prints, bool)

    def test_speaks_in_order(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.speak("Ana rolls L, dot, C.")
        backend.speak("Bo 4, pot 1.")
        self.assert_heard(backend, ["Ana rolls L, dot, C.", "Bo 4, pot 1."])
        backend.close()
        self.assert_quiet(capfd)

    def test_interrupting_speech(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.speak("It is Cy's turn.")
        self.assert_heard(backend, ["It is Cy's turn."])
        backend.speak("Cy 3 chips, pot 2.", interrupt=True)
        self.assert_heard(backend, ["It is Cy's turn.", "Cy 3 chips, pot 2."])
        backend.close()
        self.assert_quiet(capfd)

    def test_silence_then_speak(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.silence()
        backend.speak("Dee wins with 9 chips.")
        self.assert_heard(backend, ["Dee wins with 9 chips."])
        backend.close()
        self.assert_quiet(capfd)

    def test_braille(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.braille("Pot 3.")
        backend.close()
        self.assert_quiet(capfd)

    def test_close_twice(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.speak("Goodbye.")
        self.assert_heard(backend, ["Goodbye."])
        backend.close()
        backend.close()
        self.assert_quiet(capfd)
