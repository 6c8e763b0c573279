"""The play screen's history, on its own (:class:`lcr_audio.tui.play_history.History`; issue 23, item 4)."""

from __future__ import annotations

from lcr_audio.tui.play_history import History


def kept(*lines: str) -> History:
    history = History()
    for line in lines:
        history.add(line)
    return history


def test_the_first_press_says_the_last_message_then_steps() -> None:
    history = kept("one", "two", "three")
    assert history.step(-1) == "three"
    assert history.step(-1) == "two"
    assert history.step(+1) == "three"
    assert history.position == 2


def test_stepping_past_either_end_says_which_end() -> None:
    history = kept("one", "two")
    assert history.jump(0) == "one"
    assert history.step(-1) == "First message. one"
    assert history.jump(1) == "two"
    assert history.step(+1) == "Last message. two"
    assert history.position == 1


def test_with_nothing_kept_it_says_so() -> None:
    history = History()
    assert history.step(-1) == "No messages yet."
    assert history.jump(0) == "No messages yet."
    assert history.position is None


def test_a_new_line_starts_the_review_again_from_it() -> None:
    history = kept("one", "two")
    history.jump(0)
    history.add("three")
    assert history.position is None
    assert history.step(-1) == "three"


def test_a_key_too_early_is_told_once_by_the_first_press() -> None:
    history = kept("one", "two")
    history.came_too_early()
    assert history.step(-1) == "That key came before its question was heard, so it did nothing."
    assert history.step(-1) == "two"  # then the messages, from the last
    assert history.step(-1) == "one"


def test_a_new_question_forgets_a_key_too_early() -> None:
    history = kept("one")
    history.came_too_early()
    history.forget_too_early()
    assert history.step(-1) == "one"


def test_marks_say_where_each_batch_begins_and_an_undo_keeps_the_earlier_ones() -> None:
    history = History()
    history.mark(0)
    history.add("opening")
    history.mark(1)
    history.add("first roll")
    history.add("its question")
    history.mark(2)
    history.add("second roll")
    assert [history.line_of(n) for n in (0, 1, 2, 3)] == [0, 1, 3, None]
    history.keep_marks(1)
    assert history.before == {0: 0, 1: 1}
    assert history.lines == ["opening", "first roll", "its question", "second roll"]  # the lines stay


def test_take_back_removes_only_the_newest_line_when_it_is_that_text() -> None:
    history = kept("Your turn.", "Bo rolled.")
    assert not history.take_back("Your turn.")
    assert history.take_back("Bo rolled.")
    assert history.lines == ["Your turn."]
    assert not History().take_back("anything")
