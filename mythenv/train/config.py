"""Training configuration: one small TOML file per game (``training/configs/<game>.toml``).

Every key has a default here, so a config file only lists what differs. The file layout::

    game = "hera_zeus_v0"
    steps = 1_500_000
    seed = 0
    n_envs = 2
    [opponents]            # weights of the opponent pool; "self" = frozen snapshots of the learner
    random = 0.2
    heuristic = 0.5
    self = 0.3
    [ppo]                  # passed to sb3_contrib.MaskablePPO
    learning_rate = 3e-4
    n_steps = 1024
    net_arch = [256, 256]
    [game_config]          # passed to the game (player count, modes, ...)
    [pretrain]             # optional behaviour cloning warm start before PPO (imitation.py)
    teacher = "heuristic"
    games = 2000
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from mythenv.core.errors import ConfigError
from mythenv.vector.engine import check_shaping

OPPONENT_KINDS = ("random", "heuristic", "self")

DEFAULT_PPO: dict[str, Any] = {
    "learning_rate": 3e-4,
    "n_steps": 32,            # per env; a rollout is n_steps * n_envs learner steps (2,048 at the default 64 envs)
    "batch_size": 256,
    "n_epochs": 4,
    "gamma": 0.99,
    "gae_lambda": 0.95,
    "clip_range": 0.2,
    "ent_coef": 0.01,
    "vf_coef": 0.5,
    "max_grad_norm": 0.5,
    "target_kl": None,        # stop an update's epochs early past this KL (useful after a warm start)
    "net_arch": [256, 256],
}


VEC_ENVS = ("subproc", "dummy", "batched")


def _is_agent_spec(name: Any) -> bool:
    """Whether ``name`` is an agent spec the batched engine can play as an opponent (a registered
    agent, ``ppo:PATH``, a policy file, ``module:NAME``; see :func:`mythenv.agents.loaders.resolve_agent_spec`)."""
    from mythenv.agents.loaders import resolve_agent_spec

    try:
        resolve_agent_spec(name)
    except (ConfigError, AttributeError, TypeError):
        return False
    return True


@dataclass
class TrainConfig:
    game: str = "hera_zeus_v0"
    steps: int = 200_000
    seed: int = 0
    n_envs: int = 64
    # "batched" (mythenv.make_vec: n_envs games in one engine, opponents inside it with batched policy
    # forwards; vec_workers processes), "subproc" (SubprocVecEnv of single-game envs: what reward shaping
    # needs, and how the policies shipped before the batched engine were trained) or "dummy" (in-process)
    vec_env: str = "batched"
    vec_workers: int = 1
    seat: str | int = "rotate"              # the learner's seat: "rotate", "random" or an int
    opponents: dict[str, float] = field(default_factory=lambda: {"random": 0.2, "heuristic": 0.5, "self": 0.3})
    snapshot_every: int = 50_000            # learner steps between frozen snapshots for the pool
    pool_size: int = 10                     # the most recent snapshots the "self" opponent draws from
    latest_prob: float = 0.5                # P(the newest snapshot) when a "self" opponent is drawn
    checkpoint_every: int = 100_000         # learner steps between full checkpoints (for --resume)
    eval_every: int = 100_000               # learner steps between arena evaluations
    eval_games: int = 100                   # games per evaluation opponent
    eval_opponents: list[str] = field(default_factory=lambda: ["random", "heuristic"])
    # torch threads in the learner: 0 (auto) is every core with vec_env="batched" (its worker processes
    # wait while the learner computes: SB3 steps them synchronously) and 1 otherwise (the SubprocVecEnv's
    # processes run their own opponents' torch forwards beside the learner's)
    torch_threads: int = 0
    ppo: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_PPO))
    game_config: dict[str, Any] = field(default_factory=dict)
    pretrain: dict[str, Any] = field(default_factory=dict)  # behaviour cloning warm start (imitation.py)
    # potential-based reward shaping for games that measure progress (State.progress(), by default the points):
    # each learner step adds gamma * phi(s') - phi(s), phi = shaping * (own progress - the others' mean),
    # phi = 0 at the end; 0: off. Every vec_env does it (the batched engine in its rows)
    shaping: float = 0.0
    # stop early once an evaluation reaches every target win rate, e.g. {"heuristic": 0.55} (the
    # learning-speed benchmark: steps and wall time from scratch to a strength); empty: run all steps
    stop_at: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.validate()

    def learner_threads(self) -> int:
        """The torch threads the learner uses (``torch_threads``, 0: auto, see the field)."""
        if self.torch_threads:
            return self.torch_threads
        return max(1, min(os.cpu_count() or 1, 256)) if self.vec_env == "batched" else 1

    def validate(self) -> None:
        if self.steps <= 0:
            raise ConfigError(f"steps={self.steps} must be positive")
        if self.n_envs <= 0:
            raise ConfigError(f"n_envs={self.n_envs} must be positive")
        if self.vec_env not in VEC_ENVS:
            raise ConfigError(f"vec_env={self.vec_env!r} is not allowed; allowed: {', '.join(map(repr, VEC_ENVS))}")
        if isinstance(self.vec_workers, bool) or not isinstance(self.vec_workers, int) or self.vec_workers < 1:
            raise ConfigError(f"vec_workers={self.vec_workers!r} must be a positive integer")
        if isinstance(self.torch_threads, bool) or not isinstance(self.torch_threads, int) \
                or not 0 <= self.torch_threads <= 256:
            raise ConfigError(f"torch_threads={self.torch_threads!r} must be an integer from 0 (auto) to 256")
        if self.vec_env == "batched" and self.n_envs % self.vec_workers:
            raise ConfigError(f"vec_env='batched': n_envs={self.n_envs} must be a multiple of vec_workers={self.vec_workers}")
        bad = [k for k in self.opponents if k not in OPPONENT_KINDS]
        if bad and self.vec_env == "batched":  # the engine plays any agent (one decision at a time if need be)
            bad = [k for k in bad if not _is_agent_spec(k)]
        if bad:
            raise ConfigError(f"unknown opponent kind(s) {bad}; allowed: {', '.join(OPPONENT_KINDS)}"
                              + ("" if self.vec_env == "batched" else
                                 " (with vec_env='batched': any agent spec, e.g. ppo or ismcts:iterations=4)"))
        if not self.opponents or any(w < 0 for w in self.opponents.values()) or sum(self.opponents.values()) <= 0:
            raise ConfigError(f"opponent weights {self.opponents} must be >= 0 with a positive sum")
        unknown = set(self.ppo) - set(DEFAULT_PPO)
        if unknown:
            raise ConfigError(f"unknown [ppo] key(s) {sorted(unknown)}; known: {', '.join(DEFAULT_PPO)}")
        if self.pretrain:
            from .imitation import validate_pretrain

            self.pretrain = validate_pretrain(self.pretrain)
        if check_shaping(self.shaping):
            from mythenv.core.registry import make_game

            check_shaping(self.shaping, make_game(self.game, **self.game_config))
        for kind, rate in self.stop_at.items():
            if kind not in self.eval_opponents:
                raise ConfigError(f"stop_at names {kind!r}, which is not among eval_opponents {self.eval_opponents}")
            if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0.0 < rate <= 1.0:
                raise ConfigError(f"stop_at {kind}={rate!r} must be a win rate in (0, 1]")
        for name in ("snapshot_every", "checkpoint_every", "eval_every", "eval_games", "pool_size"):
            if getattr(self, name) <= 0:
                raise ConfigError(f"{name}={getattr(self, name)} must be positive")

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TrainConfig:
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise ConfigError(f"unknown training config key(s) {sorted(unknown)}; known: {', '.join(sorted(known))}")
        d = dict(d)
        d["ppo"] = {**DEFAULT_PPO, **d.get("ppo", {})}
        return cls(**d)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def replace(self, **changes: Any) -> TrainConfig:
        d = self.to_dict()
        d.update({k: v for k, v in changes.items() if v is not None})
        return TrainConfig.from_dict(d)


def parse_opponents(text: str) -> dict[str, float]:
    """``"random,heuristic,self"`` (equal weights) or ``"random=0.2,heuristic=0.5,self=0.3"``."""
    out: dict[str, float] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, w = part.partition("=")
        try:
            out[name] = float(w) if w else 1.0
        except ValueError:
            raise ConfigError(f"--opponents: weight {w!r} of {name!r} is not a number") from None
    if not out:
        raise ConfigError("--opponents is empty; e.g. random,heuristic,self")
    return out


def parse_ppo(text: str) -> dict[str, Any]:
    """``"learning_rate=5e-5,ent_coef=0.001"``: [ppo] values given on the command line (numbers;
    ``target_kl=none`` turns the early stop off). ``net_arch`` is the config file's business."""
    out: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in DEFAULT_PPO or name == "net_arch":
            allowed = ", ".join(k for k in DEFAULT_PPO if k != "net_arch")
            raise ConfigError(f"--ppo: {part!r} is not KEY=NUMBER with a known key; allowed keys: {allowed}")
        value = value.strip()
        if value.lower() == "none" and name == "target_kl":
            out[name] = None
            continue
        try:
            out[name] = int(value) if name in ("n_steps", "batch_size", "n_epochs") else float(value)
        except ValueError:
            raise ConfigError(f"--ppo: {name}={value!r} is not a number") from None
    if not out:
        raise ConfigError("--ppo is empty; e.g. learning_rate=5e-5,ent_coef=0.001")
    return out


#: the per-game training configs installed with the package: copies of the checkout's
#: ``training/configs`` (tests/test_wheel.py checks they are identical), read where there is no checkout
PACKAGED_CONFIG_DIR = Path(__file__).resolve().parent / "configs"


def repo_config_dir() -> Path:
    """``training/configs`` of a source checkout (an installed wheel has none: see :func:`config_dir`)."""
    return Path(__file__).resolve().parents[2] / "training" / "configs"


def config_dir() -> Path:
    """Where the per-game training configs are read: the checkout's ``training/configs`` when this
    mythenv runs from one (an edit there takes effect at once), else the copies installed with the
    package (``mythenv/train/configs``), so ``mythenv train GAME`` trains with the same config either way."""
    d = repo_config_dir()
    return d if d.is_dir() else PACKAGED_CONFIG_DIR


def read_toml(p: Path, what: str, known: str = "") -> dict[str, Any]:
    """The TOML file ``p`` as a dict, or a ConfigError naming it (``what``: "training config", ...)."""
    try:
        return tomllib.loads(p.read_text())
    except FileNotFoundError:
        raise ConfigError(f"no {what} at {str(p)!r}{known}") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{p}: {e}") from None


def load_config(path: str | Path | None = None, game: str | None = None) -> TrainConfig:
    """The config at ``path``; else ``training/configs/<game>.toml`` when it exists; else defaults."""
    if path is None and game is not None:
        cand = config_dir() / f"{game}.toml"
        path = cand if cand.exists() else None
    if path is None:
        return TrainConfig(game=game or TrainConfig.game)
    p = Path(path)
    d = read_toml(p, "training config")
    if game is not None and d.get("game", game) != game:
        raise ConfigError(f"{p} is a config for {d['game']!r}, not {game!r}")
    d.setdefault("game", game or TrainConfig.game)
    return TrainConfig.from_dict(d)
