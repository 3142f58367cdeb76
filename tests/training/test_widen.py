"""mythenv.train.widen: a policy carried over to a grown observation acts as before."""

import numpy as np
import pytest

from mythenv.core.errors import ConfigError
from mythenv.train.widen import _shape, input_map, widen_columns


def test_input_map_keeps_every_old_entry_in_its_new_place():
    old = {"a": (2,), "b": (3, 2), "c": (1,)}
    new = {"a": (2,), "b": (3, 4), "n": (2,), "c": (1,)}
    idx = input_map(old, new)
    assert idx.tolist() == [0, 1, 2, 3, -1, -1, 4, 5, -1, -1, 6, 7, -1, -1, -1, -1, 8]


def test_a_widened_first_layer_gives_the_same_outputs_on_the_old_inputs():
    rng = np.random.default_rng(0)
    old = {"a": (4,), "preview": (9, 6)}
    new = {"a": (4,), "preview": (9, 8)}
    w = rng.standard_normal((5, 58)).astype(np.float32)
    idx = input_map(old, new)
    w2 = widen_columns(w, idx)
    x_old = rng.random(58).astype(np.float32)
    x_new = np.zeros(len(idx), np.float32)
    x_new[idx >= 0] = x_old[idx[idx >= 0]]
    x_new[idx < 0] = rng.random(int((idx < 0).sum()))  # whatever the new inputs read
    assert np.allclose(w2 @ x_new, w @ x_old, atol=1e-5, rtol=1e-5)  # the zero columns add nothing
    assert not w2[:, idx < 0].any()


def test_a_bad_shape_is_named():
    with pytest.raises(ConfigError, match="9x6"):
        _shape("nine")
