"""Errors raised by mythenv. All are ``ValueError`` subclasses with text that names what was
wrong and what is allowed (plus the one warning mythenv issues, :class:`IllegalActionWarning`)."""

from __future__ import annotations


class MythenvError(ValueError):
    """Base class of every mythenv error."""


def _describable(action) -> bool:
    """Only a non-negative integer names an action (a negative index must not read as one from the
    end of a table, a bool or a float not as an integer)."""
    import numpy as np

    return (isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_))
            and action >= 0)


class IllegalActionError(MythenvError):
    """An action that is not legal in the current state. The state is unchanged."""

    def __init__(self, action, legal=None, describe=None, reason: str = ""):
        self.action = action
        self.legal = list(legal) if legal is not None else None
        parts = [f"illegal action {action!r}"]
        if describe is not None and _describable(action):
            try:
                parts[0] += f" ({describe(action)})"
            except Exception:  # noqa: BLE001 - out-of-range actions have no description
                pass
        if reason:
            parts.append(reason)
        if self.legal is not None:
            shown = self.legal[:40]
            if describe is not None:
                txt = ", ".join(f"{a}={describe(a)}" for a in shown)
            else:
                txt = ", ".join(str(a) for a in shown)
            more = f" ... (+{len(self.legal) - 40} more)" if len(self.legal) > 40 else ""
            parts.append(f"legal actions are: {txt}{more}")
        super().__init__("; ".join(parts))


class ConfigError(MythenvError):
    """An unknown configuration key or a value that is not allowed."""


class RenderModeError(ConfigError, TypeError):
    """A render mode the env does not offer. Also a ``TypeError``, the error on which Stable-Baselines3's
    ``make_vec_env`` retries without its default ``render_mode="rgb_array"``."""


class IllegalActionWarning(UserWarning):
    """An env ended a game because of an illegal action (``illegal_action="terminate"`` or
    ``"penalize"``); the text names the action, the seat and the legal actions."""


class DataError(MythenvError):
    """A malformed game data file: names the file, the record and the field."""


class StateError(MythenvError):
    """A corrupt or incompatible saved state, or an operation on a finished game."""


class RecordError(MythenvError):
    """A game record that is not a valid, untampered record of a game this mythenv can replay: names
    what is wrong (a foreign format, an unknown version, a failed integrity check, a field, the step
    where the replay disagrees). Nothing of such a record is executed or handed out."""
