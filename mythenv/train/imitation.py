"""Behaviour cloning warm start: the policy first imitates a teacher agent, then PPO improves on it.

Sparse +-1 rewards at the end of long, luck-heavy games make PPO from scratch spend most of its
budget rediscovering what the rule-based baseline already knows. ``[pretrain]`` in a training config
plays ``games`` games with the ``teacher`` (by default the game's heuristic) at one rotating seat
and the other seats drawn from ``opponents``, records the teacher's decisions from its own seat's
observation and mask, and fits the MaskablePPO policy to them (cross-entropy on the masked action
distribution) and its value head to the discounted final return, before PPO starts.

A teacher that rates several actions as equally good (a heuristic that breaks ties at random) can say
so with ``act_with_ties(view) -> (action, tied_actions)``: the policy is then fitted to put its
probability on the tied set (the loss is minus the log of the set's total probability), not to learn
the random tie-break.

Only what the teacher's seat would see goes into the data: the observation and mask of the acting
seat, as the environments hand them to the learner. Observations are kept as float16 (every piece
lies in [0, 1], so the rounding is below 0.05%) and widened to float32 one batch at a time: a
Theosis warm start of 3,000 games is 260,000 decisions of 4,459 numbers, 4.6 GB as float32.
"""

from __future__ import annotations

import multiprocessing as mp
from dataclasses import dataclass
from typing import Any

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.registry import make_game
from mythenv.core.view import SeatView

DEFAULT_PRETRAIN: dict[str, Any] = {
    "teacher": "heuristic",      # an agent spec (mythenv.agents.make_agent)
    "games": 2000,               # demonstration games
    "opponents": {"heuristic": 0.5, "random": 0.5},  # the other seats, drawn per game and seat
    "epochs": 8,
    "batch_size": 512,
    "learning_rate": 1e-3,
    "vf_coef": 0.5,
    "holdout": 0.05,             # share of the decisions kept out of training to report accuracy
    "workers": 2,
}


def validate_pretrain(d: dict[str, Any]) -> dict[str, Any]:
    unknown = set(d) - set(DEFAULT_PRETRAIN)
    if unknown:
        raise ConfigError(f"unknown [pretrain] key(s) {sorted(unknown)}; known: {', '.join(DEFAULT_PRETRAIN)}")
    out = {**DEFAULT_PRETRAIN, **d}
    for k in ("games", "epochs", "batch_size", "workers"):
        if not isinstance(out[k], int) or out[k] <= 0:
            raise ConfigError(f"[pretrain] {k}={out[k]!r} must be a positive integer")
    if not 0 <= out["holdout"] < 1:
        raise ConfigError(f"[pretrain] holdout={out['holdout']!r} must be in [0, 1)")
    opp = out["opponents"]
    if not isinstance(opp, dict) or not opp or any(w < 0 for w in opp.values()) or sum(opp.values()) <= 0:
        raise ConfigError(f"[pretrain] opponents={opp!r} must map agent names to weights >= 0 with a positive sum")
    return out


@dataclass
class Demonstrations:
    obs: np.ndarray       # float16 [N, obs_size]
    masks: np.ndarray     # bool [N, num_actions]
    actions: np.ndarray   # int64 [N]
    returns: np.ndarray   # float32 [N], the seat's final return discounted to the decision
    games: int
    targets: np.ndarray | None = None  # bool [N, num_actions]: the teacher's tied best actions (act_with_ties)
    #: games left out: still going after ``Game.max_moves`` decisions (a seat repeating a loop the
    #: rules allow, as a greedy teacher may in Mythologies' Bénou / Hyena-Man / Garuda chain)
    dropped: int = 0

    def __len__(self) -> int:
        return len(self.actions)


def _play(args) -> tuple:
    game_id, game_config, teacher, opponents, seeds, gamma, actor = args
    from mythenv.agents import make_agent

    game = make_game(game_id, **game_config)
    n = game.num_players
    names, weights = list(opponents), np.array(list(opponents.values()), float)
    weights = weights / weights.sum()
    obs, masks, actions, rets, ties = [], [], [], [], []
    dropped = 0
    limit = game.max_moves
    for number, g in seeds:
        rng = np.random.default_rng(g)
        learner = number % n
        seat_names = [teacher if s == learner else names[int(rng.choice(len(names), p=weights))]
                      for s in range(n)]
        agents = [make_agent(name, game, seed=int(g) * 31 + s) for s, name in enumerate(seat_names)]
        player = make_agent(actor, game, seed=int(g) * 31 + learner) if actor else agents[learner]
        for s, a in enumerate(agents):
            a.reset(s, int(g) * 17 + s)
        if actor:
            player.reset(learner, int(g) * 17 + learner)
        state = game.new_initial_state(seed=int(g))
        mine: list[int] = []
        first, first_tie, steps = len(actions), len(ties), 0
        while not state.is_terminal() and steps < limit:
            steps += 1
            p = state.current_player()
            view = SeatView(game, state, p, rng)
            if p == learner and hasattr(agents[p], "act_with_ties"):
                a, tied = agents[p].act_with_ties(view)
                ties.append(tied)
            else:
                a = agents[p].act(view)
            if p == learner:
                mine.append(len(actions))
                obs.append(np.asarray(game.observation(state, p), np.float16))
                m = np.zeros(game.num_actions, np.int8)
                state.legal_mask(m)
                masks.append(m.astype(bool))
                actions.append(a)
                rets.append(0.0)
                if actor:  # DAgger: the teacher labelled the decision, the actor plays it
                    a = player.act(SeatView(game, state, p, rng))
            state.apply_action(a)
        if not state.is_terminal():   # a runaway game: none of its decisions is kept
            dropped += 1
            for kept in (obs, masks, actions, rets):
                del kept[first:]
            del ties[first_tie:]
            continue
        r = float(state.returns()[learner])
        for k, i in enumerate(reversed(mine)):  # the reward arrives after the seat's last decision
            rets[i] = r * gamma ** k
    obs_arr = np.stack(obs) if obs else np.zeros((0, game.observation_size), np.float16)
    targets = None
    if ties:
        targets = np.zeros((len(actions), game.num_actions), bool)
        for i, tied in enumerate(ties):
            targets[i, tied] = True
    return obs_arr, np.array(masks, bool).reshape(len(actions), game.num_actions), actions, rets, targets, dropped


#: games per job of ``collect``: the jobs are handed to the workers as they free up (a worker whose
#: games run long does not hold the others back), and each comes back as a small part of the data
CHUNK_GAMES = 25


def collect(game_id: str, teacher: str = "heuristic", opponents: dict[str, float] | None = None,
            games: int = 1000, seed: int = 0, game_config: dict | None = None, gamma: float = 0.99,
            workers: int = 1, actor: str | None = None) -> Demonstrations:
    """Play ``games`` games with ``teacher`` at seat ``game % num_players`` and record its decisions.

    With ``actor`` (an agent spec) that agent plays the seat and the teacher only labels the states
    it reaches (DAgger: the student meets the states its own mistakes lead to, with the teacher's
    answer); the returns are then the actor's.

    The games are played in jobs of up to :data:`CHUNK_GAMES`, over ``workers`` processes, and the
    decisions come back in the games' order whatever the number of workers (each game's generator
    is its own). The jobs' parts are copied into the arrays one by one and let go, so the whole data
    is held about once, not twice."""
    opponents = opponents or {"random": 1.0}
    game_config = dict(game_config or {})
    seeds = [(g, seed * 1_000_003 + g) for g in range(games)]
    size = max(1, min(CHUNK_GAMES, -(-games // max(1, workers))))
    jobs = [(game_id, game_config, teacher, opponents, seeds[i:i + size], gamma, actor)
            for i in range(0, games, size)]
    if workers > 1 and len(jobs) > 1:
        with mp.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
            parts = list(pool.imap(_play, jobs))   # in the jobs' order
    else:
        parts = [_play(j) for j in jobs]
    game = make_game(game_id, **game_config)
    n = sum(len(p[2]) for p in parts)
    obs = np.empty((n, game.observation_size), np.float16)
    masks = np.empty((n, game.num_actions), bool)
    targets = np.zeros((n, game.num_actions), bool) if any(p[4] is not None for p in parts) else None
    actions: list[int] = []
    rets: list[float] = []
    at = dropped = 0
    for k in range(len(parts)):
        part_obs, part_masks, part_actions, part_rets, part_targets, part_dropped = parts[k]
        parts[k] = None   # let the part go once it is copied
        end = at + len(part_actions)
        obs[at:end] = part_obs
        masks[at:end] = part_masks
        if part_targets is not None:
            targets[at:end] = part_targets
        actions += part_actions
        rets += part_rets
        dropped += part_dropped
        at = end
    return Demonstrations(obs, masks, np.array(actions, np.int64), np.array(rets, np.float32), games, targets,
                          dropped)


def fit(model, demos: Demonstrations, epochs: int = 8, batch_size: int = 512, learning_rate: float = 1e-3,
        vf_coef: float = 0.5, holdout: float = 0.05, seed: int = 0, log=None) -> dict[str, Any]:
    """Fit ``model.policy`` (a MaskablePPO policy) to the demonstrations; returns the statistics."""
    import torch
    import torch.nn.functional as F

    policy = model.policy
    device = policy.device
    rng = np.random.default_rng(seed)
    idx = rng.permutation(len(demos))
    n_hold = int(len(idx) * holdout)
    hold, train_idx = idx[:n_hold], idx[n_hold:]

    tied = demos.targets

    def tensors(ix):
        return (torch.as_tensor(demos.obs[ix].astype(np.float32), device=device), torch.as_tensor(demos.actions[ix], device=device),
                torch.as_tensor(demos.masks[ix], device=device), torch.as_tensor(demos.returns[ix], device=device))

    def accuracy(ix) -> float:
        """The share of decisions whose greedy action is the teacher's (one of its tied best ones)."""
        if len(ix) == 0:
            return float("nan")
        hits = 0
        with torch.no_grad():
            for i in range(0, len(ix), 4096):
                o, a, m, _ = tensors(ix[i:i + 4096])
                greedy = policy.get_distribution(o, action_masks=m.numpy()).distribution.probs.argmax(1)
                if tied is None:
                    hits += int((greedy == a).sum())
                else:
                    hits += int(tied[ix[i:i + 4096]][np.arange(len(greedy)), greedy.numpy()].sum())
        return hits / len(ix)

    def losses(o, a, m, r, ix):
        if tied is None:
            values, logp, _ent = policy.evaluate_actions(o, a, action_masks=m.numpy())
            return -logp.mean(), F.mse_loss(values.flatten(), r)
        # the same forward pass as evaluate_actions, with the whole masked distribution kept
        latent_pi, latent_vf = policy.mlp_extractor(policy.extract_features(o))
        dist = policy._get_action_dist_from_latent(latent_pi)
        dist.apply_masking(m.numpy())
        logp = dist.distribution.logits  # normalized log-probabilities, illegal actions at about -1e8
        t = torch.as_tensor(tied[ix], device=device)
        loss_pi = -torch.logsumexp(logp.masked_fill(~t, float("-inf")), dim=1).mean()
        return loss_pi, F.mse_loss(policy.value_net(latent_vf).flatten(), r)

    opt = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    policy.set_training_mode(True)
    history = []
    for epoch in range(epochs):
        perm = rng.permutation(train_idx)
        tot_pi = tot_v = 0.0
        batches = 0
        for i in range(0, len(perm), batch_size):
            o, a, m, r = tensors(perm[i:i + batch_size])
            loss_pi, loss_v = losses(o, a, m, r, perm[i:i + batch_size])
            loss = loss_pi + vf_coef * loss_v
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
            tot_pi += loss_pi.item()
            tot_v += loss_v.item()
            batches += 1
        policy.set_training_mode(False)
        row = {"epoch": epoch + 1, "policy_loss": tot_pi / batches, "value_loss": tot_v / batches,
               "holdout_accuracy": accuracy(hold)}
        policy.set_training_mode(True)
        history.append(row)
        if log is not None:
            log(row)
    policy.set_training_mode(False)
    return {"decisions": len(demos), "games": demos.games, "dropped_games": demos.dropped,
            "tied_targets": tied is not None,
            "train_decisions": int(len(train_idx)),
            "holdout_decisions": int(n_hold), "history": history,
            "holdout_accuracy": history[-1]["holdout_accuracy"] if history else None}


def imitate(model, game_id: str, teacher: str, opponents: dict[str, float], games: int, *, seed: int = 0,
            game_config: dict | None = None, workers: int = 1, epochs: int = 8, batch_size: int = 512,
            learning_rate: float = 1e-3, vf_coef: float = 0.5, holdout: float = 0.05, fit_seed: int | None = None,
            ties: bool = True, teacher_policy: str | None = None, teacher_model: str | None = None,
            actor: str | None = None, log=None, on_collected=None) -> dict[str, Any]:
    """``collect`` then ``fit``: the teacher's games, the model fitted to them; returns ``fit``'s statistics
    with ``collect_seconds`` and ``fit_seconds``. ``teacher_policy``: a policy file handed to the teacher
    in the TEACHER_POLICY environment variable while it plays (restored afterwards), ``teacher_model``
    likewise in TEACHER_MODEL (an SB3 zip: a teacher that also needs the value network); ``ties=False`` fits
    the teacher's one action even when it names tied ones; ``actor``: the agent that plays the seat while
    the teacher labels (``collect``); ``on_collected(demos, seconds)`` is called between the two."""
    import os
    import time

    t0 = time.time()
    handed = {k: str(v) for k, v in (("TEACHER_POLICY", teacher_policy), ("TEACHER_MODEL", teacher_model))
              if v is not None}
    before = {k: os.environ.get(k) for k in handed}
    os.environ.update(handed)
    try:
        demos = collect(game_id, teacher, opponents, games, seed=seed, game_config=game_config,
                        gamma=model.gamma, workers=workers, actor=actor)
    finally:
        for k, v in before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    if not ties:
        demos.targets = None
    t1 = time.time()
    if on_collected is not None:
        on_collected(demos, t1 - t0)
    stats = fit(model, demos, epochs=epochs, batch_size=batch_size, learning_rate=learning_rate, vf_coef=vf_coef,
                holdout=holdout, seed=seed if fit_seed is None else fit_seed, log=log)
    stats.update({"collect_seconds": round(t1 - t0, 1), "fit_seconds": round(time.time() - t1, 1)})
    return stats
