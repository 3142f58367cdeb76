"""Behaviour must not change under performance work: the observations (every seat), legal action
lists, masks and ``to_dict()`` of seeded random games hash to the committed fingerprints.

The committed file was recorded before the encoders and rules were optimized; regenerate it
(``python -m tests.perf.fingerprint --games 5 --write``) only for an intended behaviour change.
"""

import json

import pytest

import mythenv

from .fingerprint import FILE, configs, fingerprint, label

REF = json.loads(FILE.read_text())


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_behaviour_fingerprint(gid):
    cases = [(g, c) for g, c in configs() if g == gid]
    assert cases
    bad = []
    for g, cfg in cases:
        key = label(g, cfg)
        if key not in REF["fingerprints"]:
            continue  # a config added later: nothing recorded to compare with
        if fingerprint(g, cfg, REF["games"]) != REF["fingerprints"][key]:
            bad.append(key)
    assert not bad, f"behaviour changed (observations / legal actions / to_dict) for {bad}"
