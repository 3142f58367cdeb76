"""The core's rule tables (mythenv.core.engine): marked methods are found by name, overrides keep their
place, a name handled twice is refused when the class is made, an unknown name is a StateError."""

from __future__ import annotations

import pytest

from mythenv.core.engine import Engine, decision, handles, lister, task
from mythenv.core.errors import StateError


class Base(Engine):
    @task("draw")
    def draw(self, n):
        return ("base draw", n)

    @decision("discard")
    def discard(self, fam, i, seat):
        return ("discard", fam, i, seat)

    @lister("discard")
    def discard_options(self, seat):
        return [seat, seat + 1]

    @handles("op", "gain")
    @handles("op", "gain_twice")
    def gain(self, frame, op):
        return op


class Chapter(Engine):
    @task("score")
    def score(self):
        return "scored"


class Game(Chapter, Base):
    def draw(self, n):  # overrides the marked method: the table holds this one, as getattr would
        return ("game draw", n)


def test_marked_methods_are_found_by_kind_and_name():
    s = Game()
    assert s.handlers["task"]["draw"](s, 2) == ("game draw", 2)
    assert s.handlers["task"]["score"](s) == "scored"
    assert s.handlers["decision"]["discard"](s, 1, 2, 0) == ("discard", 1, 2, 0)
    assert s.handlers["lister"]["discard"](s, 1) == [1, 2]
    assert set(s.handlers["op"]) == {"gain", "gain_twice"}
    assert Game.handled("task").keys() == {"draw", "score"}
    assert Base.handled("task").keys() == {"draw"}  # each class has its own table
    assert Base().handler("task", "draw")(Base(), 3) == ("base draw", 3)


def test_a_name_handled_twice_in_one_class_is_refused():
    with pytest.raises(TypeError, match="draw"):
        class Twice(Engine):
            @task("draw")
            def a(self):
                pass

            @task("draw")
            def b(self):
                pass


@pytest.mark.parametrize("name", ["deal", 3, None, ["draw"]])
def test_an_unknown_name_is_a_state_error_naming_it(name):
    with pytest.raises(StateError, match="no task named"):
        Game().handler("task", name)


@pytest.mark.parametrize("args", [("", "x"), ("task", ""), ("task", 1)])
def test_handles_takes_two_names(args):
    with pytest.raises(TypeError):
        handles(*args)


def test_a_real_game_names_itself_in_the_error():
    import mythenv

    state = mythenv.make_game("theosis_v0").new_initial_state(seed=0)
    with pytest.raises(StateError, match=r"^theosis_v0: no decision named 'nope'"):
        state.handler("decision", "nope")
