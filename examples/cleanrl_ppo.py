"""CleanRL-style single-file masked PPO on ``mythenv.make_vec`` (torch only, no Stable-Baselines3).

    python examples/cleanrl_ppo.py --game hera_zeus_v0 --num-envs 64 --num-steps 64 \
        --total-steps 16384 --opponents heuristic=0.35,random=0.35 --seed 0 --eval-games 100

An MLP actor-critic (separate actor and critic nets, 256x256 tanh as SB3's MlpPolicy) learns one seat
per row against the engine's opponents. Illegal logits are set to -1e8 from ``env.action_masks()``.
The hyperparameters default to training/configs/hera_zeus_v0.toml's [ppo] section and SB3's defaults
(GAE gamma 0.99 lambda 0.95, clip 0.2, 5 epochs, minibatch 512, lr 1e-4, entropy 0.003, value 0.5,
grad norm 0.5, target KL 0.03, normalized advantages) so it compares with ``mythenv train``.

The env runs with ``copy=False``: its returned arrays are rewritten in place by the next step, so every
step copies them into the rollout storage. Autoreset is same-step: after a row's game ends the returned
observation is the next game's and ``rewards`` holds the ended game's return, so a step that ends a
game is stored with ``done=1`` and its reward, and GAE does not bootstrap through it.

``main(argv)`` returns a dict (steps, seconds, steps_per_s, win_rate, losses, collect_seconds,
update_seconds) for tests.
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import torch
import torch.nn as nn

import mythenv


def parse_opponents(spec: str):
    """``"heuristic"`` -> ``"heuristic"``; ``"heuristic=0.35,random=0.35"`` -> a weighted pool dict."""
    if "=" not in spec:
        return spec
    pool = {}
    for part in spec.split(","):
        name, _, w = part.rpartition("=")
        pool[name.strip()] = float(w)
    return pool


def mlp(d_in: int, hidden: list[int], d_out: int, out_gain: float) -> nn.Sequential:
    layers, d = [], d_in
    for h in hidden:
        lin = nn.Linear(d, h)
        nn.init.orthogonal_(lin.weight, np.sqrt(2))
        nn.init.zeros_(lin.bias)
        layers += [lin, nn.Tanh()]
        d = h
    out = nn.Linear(d, d_out)
    nn.init.orthogonal_(out.weight, out_gain)
    nn.init.zeros_(out.bias)
    return nn.Sequential(*layers, out)


class Agent(nn.Module):
    """Separate actor and critic MLPs (SB3's MlpPolicy with net_arch=dict(pi=h, vf=h))."""

    def __init__(self, d_obs: int, n_actions: int, hidden: list[int]):
        super().__init__()
        self.actor = mlp(d_obs, hidden, n_actions, 0.01)
        self.critic = mlp(d_obs, hidden, 1, 1.0)

    def value(self, obs):
        return self.critic(obs).squeeze(-1)

    def logits(self, obs, mask):
        return self.actor(obs).masked_fill(~mask, -1e8)

    def act(self, obs, mask, action=None):
        dist = torch.distributions.Categorical(logits=self.logits(obs, mask))
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(obs)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="hera_zeus_v0")
    p.add_argument("--num-envs", type=int, default=64)
    p.add_argument("--num-steps", type=int, default=64, help="rollout length per row")
    p.add_argument("--total-steps", type=int, default=16384, help="learner steps (all rows)")
    # the config's pool: "self" draws random until a snapshot is added (this script adds none),
    # as in `mythenv train` before its first snapshot
    p.add_argument("--opponents", default="heuristic=0.35,random=0.35,self=0.3")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--hidden", default="256,256", help="hidden sizes of each net, comma separated")
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--epochs", type=int, default=5)
    p.add_argument("--minibatch", type=int, default=512)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.003)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--target-kl", type=float, default=0.03, help="stop an update's epochs past 1.5x this (SB3); <=0: off")
    p.add_argument("--eval-games", type=int, default=0, help="greedy games against the heuristic after training")
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


def evaluate(agent: Agent, game: str, n_games: int, num_envs: int, seed: int) -> float:
    """Win rate (return > 0) of the greedy policy against the heuristic over ``n_games`` games."""
    env = mythenv.make_vec(game, min(num_envs, n_games), opponents="heuristic", seed=seed + 10_000)
    obs, _ = env.reset()
    results: list[float] = []
    with torch.no_grad():
        while len(results) < n_games:
            logits = agent.logits(torch.from_numpy(obs), torch.from_numpy(env.action_masks()))
            obs, rewards, terms, _, _ = env.step(logits.argmax(-1).numpy())
            results.extend(float(rewards[i]) for i in np.flatnonzero(terms))
    env.close()
    return float(np.mean(np.array(results[:n_games]) > 0))


def main(argv=None) -> dict:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    hidden = [int(h) for h in args.hidden.split(",") if h]
    N, T = args.num_envs, args.num_steps
    env = mythenv.make_vec(args.game, N, opponents=parse_opponents(args.opponents), seed=args.seed, copy=False)
    D, A = env.single_observation_space.shape[0], int(env.single_action_space.n)
    agent = Agent(D, A, hidden)
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)

    # rollout storage (the env's buffers are copied in every step)
    obs_buf = torch.zeros((T, N, D))
    mask_buf = torch.zeros((T, N, A), dtype=torch.bool)
    act_buf = torch.zeros((T, N), dtype=torch.long)
    logp_buf = torch.zeros((T, N))
    rew_buf = torch.zeros((T, N))
    done_buf = torch.zeros((T, N))
    val_buf = torch.zeros((T, N))

    obs, _ = env.reset()
    next_obs = torch.from_numpy(obs).clone()
    next_mask = torch.from_numpy(env.action_masks()).clone()
    n_updates = max(1, args.total_steps // (N * T))
    steps, ep_returns, losses = 0, [], []
    t0 = time.perf_counter()
    collect_s = 0.0
    for update in range(n_updates):
        tc = time.perf_counter()
        for t in range(T):
            obs_buf[t] = next_obs
            mask_buf[t] = next_mask
            with torch.no_grad():
                action, logp, _, value = agent.act(next_obs, next_mask)
            act_buf[t] = action
            logp_buf[t] = logp
            val_buf[t] = value
            obs, rewards, terms, truncs, infos = env.step(action.numpy())
            rew_buf[t] = torch.from_numpy(rewards)        # copies into storage
            done_buf[t] = torch.from_numpy(terms | truncs)
            ended = np.flatnonzero(terms)
            if ended.size:
                ep_returns.extend(rewards[ended].tolist())
            next_obs = torch.from_numpy(obs).clone()       # the env rewrites obs/masks in place
            next_mask = torch.from_numpy(env.action_masks()).clone()
            steps += N

        collect_s += time.perf_counter() - tc
        # GAE: done_buf[t] = 1 means the game ended at step t (the next obs is a new game's)
        with torch.no_grad():
            next_value = agent.value(next_obs)
        adv = torch.zeros((T, N))
        last = torch.zeros(N)
        for t in reversed(range(T)):
            nv = next_value if t == T - 1 else val_buf[t + 1]
            nonterm = 1.0 - done_buf[t]
            delta = rew_buf[t] + args.gamma * nv * nonterm - val_buf[t]
            last = delta + args.gamma * args.gae_lambda * nonterm * last
            adv[t] = last
        ret = adv + val_buf

        b_obs, b_mask = obs_buf.reshape(T * N, D), mask_buf.reshape(T * N, A)
        b_act, b_logp, b_adv, b_ret, b_val = (x.reshape(-1) for x in (act_buf, logp_buf, adv, ret, val_buf))
        B = T * N
        stop = False
        for _epoch in range(args.epochs):
            perm = torch.randperm(B)
            for s in range(0, B, args.minibatch):
                mb = perm[s:s + args.minibatch]
                _, newlogp, entropy, newv = agent.act(b_obs[mb], b_mask[mb], b_act[mb])
                logratio = newlogp - b_logp[mb]
                ratio = logratio.exp()
                with torch.no_grad():
                    approx_kl = ((ratio - 1) - logratio).mean().item()
                if args.target_kl > 0 and approx_kl > 1.5 * args.target_kl:
                    stop = True            # SB3: stop before this minibatch's step
                    break
                a = b_adv[mb]
                if len(mb) > 1:
                    a = (a - a.mean()) / (a.std() + 1e-8)
                pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                v_loss = ((newv - b_ret[mb]) ** 2).mean()
                ent = entropy.mean()
                loss = pg_loss + args.vf_coef * v_loss - args.ent_coef * ent
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                opt.step()
                losses.append({"pg": pg_loss.item(), "v": v_loss.item(), "entropy": ent.item(), "kl": approx_kl})
            if stop:
                break
        if not args.quiet:
            recent = ep_returns[-200:]
            print(f"update {update + 1}/{n_updates} steps {steps} games {len(ep_returns)} "
                  f"mean return (last 200) {np.mean(recent) if recent else float('nan'):.3f} "
                  f"{steps / (time.perf_counter() - t0):.0f} steps/s", flush=True)
    seconds = time.perf_counter() - t0
    env.close()
    result = {"steps": steps, "seconds": seconds, "steps_per_s": steps / seconds, "win_rate": None,
              "games": len(ep_returns), "losses": losses, "collect_seconds": collect_s,
              "update_seconds": seconds - collect_s}
    print(f"learner steps/s: {result['steps_per_s']:.0f} ({steps} steps in {seconds:.1f} s: collecting "
          f"{collect_s:.1f} s, updating {seconds - collect_s:.1f} s, {len(losses)} minibatch steps)")
    if args.eval_games > 0:
        result["win_rate"] = evaluate(agent, args.game, args.eval_games, N, args.seed)
        print(f"win rate vs heuristic (greedy, {args.eval_games} games): {result['win_rate']:.3f}")
    return result


if __name__ == "__main__":
    main()
