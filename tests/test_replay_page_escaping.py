"""The replay page's embedded JSON (issue 41): whatever strings a record holds (agent names, step
texts, config keys and values) the page's ``<script type="application/json">`` element holds no raw
``<``, ``>``, ``&``, U+2028 or U+2029, so no string can end it, open a comment (``<!--`` then
``<script`` keeps the element open to the next ``</script>``) or inject markup, and its text parses
back to exactly the record's values. One helper, ``mythenv.serve.page.script_json``, does it."""

from __future__ import annotations

import copy
import functools
import json
import re
from html.parser import HTMLParser

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mythenv
from mythenv.core.record import Recorder, Replay, load_record
from mythenv.serve.page import has_picture, replay_html, script_json

HOSTILE = ["<!--<script>", "</script>", "</SCRIPT >x", "<!--", "-->", "<script>alert(1)</script>",
           "a\u2028b\u2029c", "&amp;&lt;", "]]>", "<\\/script>", "\\u003c", "<!--<script>a</script>-->", "'\"`"]
UNSAFE = "<>&\u2028\u2029"
DRAWS = has_picture(mythenv.make_game("hera_zeus_v0"))


class _Scripts(HTMLParser):
    """The script elements of a page, as an HTML parser (the browser's tokenizer rules) sees them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.scripts: list[tuple[dict, str]] = []
        self._open: dict | None = None
        self._text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "script":
            self._open, self._text = dict(attrs), []

    def handle_data(self, data):
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._open is not None:
            self.scripts.append((self._open, "".join(self._text)))
            self._open = None


def _embedded(page: str):
    p = _Scripts()
    p.feed(page)
    p.close()
    data = [text for attrs, text in p.scripts if attrs.get("id") == "data"]
    assert len(data) == 1 and len(p.scripts) == 2, p.scripts[:3]  # the data and the page's own script
    return data[0], p


def _replay(agents, steps=2):
    game = mythenv.make_game("hera_zeus_v0")
    state = game.new_initial_state(seed=0)
    rec = Recorder(game, 0, agents)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        la = state.legal_actions()
        rec.apply(state, la[int(rng.integers(len(la)))])
    return load_record(rec.finish(state))


@functools.cache
def _plain_tags():
    """The tags of a page for a record with plain strings."""
    return _embedded(replay_html(_replay(["a", "b"])))[1].tags


@pytest.mark.skipif(not DRAWS, reason="needs Game.frame (the pictures)")
@pytest.mark.parametrize("i", range(0, len(HOSTILE), 2))
def test_hostile_agent_names_and_texts(i):
    """Agent names from a valid record, and (in a Replay built by hand) step texts and config keys
    and values holding hostile strings: the page has exactly its own two script elements, the
    data element holds no raw unsafe character, and its JSON is the record's values."""
    names = [HOSTILE[i], HOSTILE[(i + 1) % len(HOSTILE)]]
    rp = _replay(names)
    doc = copy.deepcopy(rp.record)
    for k, st_ in enumerate(doc["steps"]):
        st_["text"] = HOSTILE[(i + 2 + k) % len(HOSTILE)]
    doc["config"] = dict(doc["config"], **{HOSTILE[(i + 4) % len(HOSTILE)]: HOSTILE[(i + 5) % len(HOSTILE)]})
    for replay in (rp, Replay(doc, rp.game, rp.states)):
        page = replay_html(replay)
        text, parsed = _embedded(page)
        assert not any(c in text for c in UNSAFE), [c for c in UNSAFE if c in text]
        data = json.loads(text)
        rec = replay.record
        assert data["agents"] == rec["agents"]
        assert [s["text"] for s in data["steps"]] == [s["text"] for s in rec["steps"]]
        assert data["config"] == rec["config"]
        # no markup came out of the data: the page's tags are the template's
        assert parsed.tags == _plain_tags()
        # and the data element is the one the page's script reads, whole
        m = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
        assert m and m.group(1) == text


def test_seat_page_too():
    """The one-seat page (other seats' texts left out) goes through the same helper."""
    if not DRAWS:
        pytest.skip("needs Game.frame (the pictures)")
    rp = _replay(["</script><!--<script>", "\u2028"])
    text, _ = _embedded(replay_html(rp, seat=1))
    assert not any(c in text for c in UNSAFE)
    assert json.loads(text)["agents"] == ["</script><!--<script>", "\u2028"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2 ** 64), 2 ** 64) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text() | st.sampled_from(HOSTILE),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text() | st.sampled_from(HOSTILE), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=JSON)
def test_script_json_round_trips_and_holds_nothing_unsafe(value):
    text = script_json(value)
    assert not any(c in text for c in UNSAFE)
    assert json.loads(text) == value
