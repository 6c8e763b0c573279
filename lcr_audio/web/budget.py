"""Heavy work asked from browser tabs, shared fairly (issue 24, item 6).

The screens hand their heavy work (a careful player's thinking, practice's questions) to the event loop's
default executor (``asyncio.to_thread``). :class:`FairExecutor` is that executor on a server with browser
tabs: at most ``workers`` jobs run at once in all, and at most ``per_address`` of them for one client
address, whatever the number of its tabs; the others wait their turn. The address is the tab's
(:data:`ADDRESS`, set in the tab's own context, which ``asyncio.to_thread`` carries to ``submit``).
"""

from __future__ import annotations

import threading
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

ADDRESS: ContextVar[str | None] = ContextVar("lcr_audio_tab_address", default=None)
"""The client address of the browser tab whose code runs in this context (None: not a tab's)."""


class FairExecutor(ThreadPoolExecutor):
    """A thread pool of ``workers`` threads where one address runs at most ``per_address`` jobs at once.

    Args:
        workers: jobs running at once in all (at least 1).
        per_address: jobs running at once for one address (at least 1).

    Work from outside a tab (:data:`ADDRESS` None: the table server writing its files, the host's own
    game) is not budgeted: it runs on threads of its own, as with asyncio's default executor.
    """

    def __init__(self, workers: int = 2, per_address: int = 1) -> None:
        super().__init__(max_workers=max(1, workers), thread_name_prefix="heavy")
        self._per_address = max(1, per_address)
        self._lock = threading.Lock()
        self._running: Counter[str] = Counter()
        self._waiting: dict[str, deque[tuple[Callable[[], Any], Future[Any]]]] = {}
        self._free = ThreadPoolExecutor(thread_name_prefix="server")

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` when its address has room; returns its future."""
        address = ADDRESS.get()
        if address is None:
            return self._free.submit(fn, *args, **kwargs)
        future: Future[T] = Future()
        job = (lambda: fn(*args, **kwargs), future)
        with self._lock:
            if self._running[address] >= self._per_address:
                self._waiting.setdefault(address, deque()).append(job)
                return future
            self._running[address] += 1
        self._start(address, job)
        return future

    def running(self, address: str) -> int:
        """Jobs of ``address`` running now."""
        with self._lock:
            return self._running[address]

    def _start(self, address: str, job: tuple[Callable[[], Any], Future[Any]]) -> None:
        call, future = job
        if not future.set_running_or_notify_cancel():
            self._done(address)
            return

        def run() -> None:
            try:
                result = call()
            except BaseException as error:  # handed to whoever waits for it
                future.set_exception(error)
            else:
                future.set_result(result)
            finally:
                self._done(address)

        super().submit(run)

    def _done(self, address: str) -> None:
        with self._lock:
            queue = self._waiting.get(address)
            if queue:
                job = queue.popleft()
                if not queue:
                    del self._waiting[address]
            else:
                self._running[address] -= 1
                if self._running[address] <= 0:
                    del self._running[address]
                return
        self._start(address, job)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the threads (``wait``: after the jobs running now)."""
        if cancel_futures:
            with self._lock:
                waiting, self._waiting = self._waiting, {}
            for queue in waiting.values():
                for _call, future in queue:
                    future.cancel()
        super().shutdown(wait=wait, cancel_futures=cancel_futures)
        self._free.shutdown(wait=wait, cancel_futures=cancel_futures)
