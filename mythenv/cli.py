"""``mythenv`` command line: list | arena | tournament | evaluate | ladder | play | train | bench | replay | serve."""

from __future__ import annotations

import argparse
import json
import sys

from mythenv.core.errors import MythenvError


def _parse_config(items: list[str] | None) -> dict:
    cfg = {}
    for item in items or []:
        if "=" not in item:
            raise MythenvError(f"--config expects KEY=VALUE, got {item!r}")
        k, v = item.split("=", 1)
        try:
            cfg[k] = json.loads(v)
        except json.JSONDecodeError:
            cfg[k] = v
    return cfg


def _int_at_least(lo: int):
    """An argparse type: an integer >= ``lo`` (argparse reports anything else with exit code 2)."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer >= {lo}, got {text!r}") from None
        if v < lo:
            raise argparse.ArgumentTypeError(f"expected an integer >= {lo}, got {v}")
        return v

    parse.__name__ = f"integer >= {lo}"
    return parse


def _agent_names(text: str, game) -> list[str]:
    """The comma-separated agent specs, each checked (built once) before anything is played."""
    from mythenv.agents import make_agent

    names = [a.strip() for a in text.split(",") if a.strip()]
    if not names:
        raise MythenvError(f"--agents expects comma-separated agent names, got {text!r}")
    for n in dict.fromkeys(names):
        make_agent(n, game, seed=0)
    return names


def _table(title: str, columns: list[str], rows: list[list[str]]) -> None:
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        print(title)
        widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(columns)]
        print("  ".join(c.ljust(w) for c, w in zip(columns, widths)))
        for r in rows:
            print("  ".join(x.ljust(w) for x, w in zip(r, widths)))
        return
    t = Table(title=title)
    for c in columns:
        t.add_column(c, justify="right" if c not in ("agent", "game") else "left")
    for r in rows:
        t.add_row(*r)
    Console(width=max(Console().width, 130)).print(t)


def cmd_list(args) -> int:
    import mythenv
    from mythenv.agents import list_agents

    rows = []
    for gid in mythenv.list_games():
        cls = mythenv.game_class(gid)
        i = cls.info
        opts = ", ".join(f"{o.name}={o.default!r}" for o in i.options)
        rows.append([gid, i.name, f"{i.min_players}-{i.max_players}", opts])
    _table("mythenv games", ["game", "name", "players", "config (defaults)"], rows)
    print("agents:", ", ".join(list_agents()))
    return 0


def cmd_arena(args) -> int:
    import mythenv
    from mythenv.eval import run_arena

    games = mythenv.list_games() if args.game == "all" else [args.game]
    config = _parse_config(args.config)
    for gid in games:  # every game and its config checked (`all`: the config applies to each) first
        try:
            game = mythenv.make_game(gid, **config)
        except MythenvError as e:
            if args.game != "all":
                raise
            raise MythenvError(f"arena all: --config applies to every game, and {e}") from None
        agents = _agent_names(args.agents, game)
    summaries = []
    for gid in games:
        res = run_arena(gid, agents, games=args.games, seed=args.seed, workers=args.workers,
                        config=config, progress=not args.json, record_dir=_record_dir(args))
        summaries.append(res.summary())
    if args.json:
        print(json.dumps(summaries[0] if len(summaries) == 1 else summaries))
        return 0
    rows = []
    for s in summaries:
        for a in s["agents"]:
            lo, hi = s["ci95"][a]
            seats = " ".join("-" if x is None else f"{x:.2f}" for x in s["per_seat_win_rate"][a])
            rows.append([s["game"], a, f"{s['win_rate'][a]:.3f}", f"[{lo:.3f}, {hi:.3f}]",
                         f"{s['mean_return'][a]:+.3f}", seats, f"{s['draw_rate']:.2f}", f"{s['mean_length']:.0f}"])
    _table(f"mythenv arena: {args.games} games per game, seats rotated, seed {args.seed}",
           ["game", "agent", "win rate", "95% CI", "mean return", "win rate by seat", "draws", "length"], rows)
    return 0


def cmd_tournament(args) -> int:
    import mythenv
    from mythenv.eval import tournament

    agents = _agent_names(args.agents, mythenv.make_game(args.game, **_parse_config(args.config)))
    ratings = tournament(args.game, agents, games_per_match=args.games, seed=args.seed,
                         workers=args.workers, config=_parse_config(args.config), progress=not args.json)
    if args.json:
        print(json.dumps([r.__dict__ for r in ratings]))
        return 0
    rows = [[r.agent, f"{r.ordinal:.2f}", f"{r.mu:.2f}", f"{r.sigma:.2f}", str(r.games), str(r.wins)]
            for r in ratings]
    _table(f"{args.game} tournament (openskill Plackett-Luce)", ["agent", "ordinal", "mu", "sigma", "games", "wins"], rows)
    return 0


def cmd_play(args) -> int:
    import numpy as np

    import mythenv
    from mythenv.agents import make_agent
    from mythenv.core.game import seat_name
    from mythenv.core.view import SeatView

    game = mythenv.make_game(args.game, **_parse_config(args.config))
    names = _agent_names(args.agents, game)
    seats = [names[i % len(names)] for i in range(game.num_players)]
    agents = [make_agent(n, game, seed=args.seed + i) for i, n in enumerate(seats)]
    for i, a in enumerate(agents):
        a.reset(i, args.seed + i)
    state = game.new_initial_state(seed=args.seed)
    rec = _recorder(args, game, seats)
    rng = np.random.default_rng(args.seed)
    while not state.is_terminal():
        p = state.current_player()
        a = agents[p].act(SeatView(game, state, p, rng))
        if args.verbose:
            print(f"{seat_name(p)} ({seats[p]}): {state.action_to_string(a)}")
        if rec is None:
            state.apply_action(a)
        else:
            rec.apply(state, a)
    print(state.render(None))
    print(state.ending_text())
    if rec is not None:
        from mythenv.core.record import write_record

        print("record:", write_record(rec.finish(state), args.record))
    return 0


# ----- records, replays, the web app (issue 30) -----
def _recorder(args, game, seats):
    """A Recorder for ``play --record FILE`` (None without ``--record``)."""
    from pathlib import Path

    if not getattr(args, "record", None):
        return None
    from mythenv.core.record import Recorder

    where = Path(args.record).expanduser().resolve().parent
    if not where.is_dir():  # said before the game is played, not after
        raise MythenvError(f"--record {args.record!r}: the directory {str(where)!r} does not exist")
    return Recorder(game, args.seed, seats, [args.seed + i for i in range(len(seats))])


def _record_dir(args):
    """``arena --record DIR``: the directory, created (None without ``--record``)."""
    from pathlib import Path

    if not getattr(args, "record", None):
        return None
    d = Path(args.record)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise MythenvError(f"--record {args.record!r}: cannot create the directory ({e})") from None
    return d


def _seat_arg(text: str):
    """``--seat``: a seat number or ``all``."""
    if text == "all":
        return "all"
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a seat number or 'all', got {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"expected a seat number >= 0 or 'all', got {v}")
    return v


def _printable(text: str) -> str:
    """``text`` with control characters escaped: a record's free text (agent names, config) must not
    drive the terminal it is printed on."""
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def cmd_replay(args) -> int:
    """Print a record's game step by step, or write it as one self-contained HTML page."""
    from pathlib import Path

    from mythenv.core.record import load_record

    out = None
    if args.html:
        out = Path(args.html).expanduser()
        where = out.resolve().parent
        if not where.is_dir():  # said before the game is replayed and drawn, not after
            raise MythenvError(f"--html {args.html!r}: the directory {str(where)!r} does not exist")
    rp = load_record(Path(args.file))  # always a path (a file named '{x}.json' is not JSON text)
    n = rp.game.num_players
    if args.seat != "all" and args.seat >= n:
        raise MythenvError(f"--seat {args.seat}: this game has seats 0..{n - 1} (or 'all')")
    rec = rp.record
    if out is not None:
        from mythenv.serve.page import replay_html

        page = replay_html(rp, seat=args.seat)
        try:
            out.write_text(page, encoding="utf-8")
        except OSError as e:
            raise MythenvError(f"--html {args.html!r}: cannot write the page ({e.strerror or e})") from None
        print(f"wrote {args.html} ({len(rp.steps)} steps, view: "
              f"{'every seat' if args.seat == 'all' else f'seat {args.seat}'}, {len(page) / 1e6:.1f} MB)")
        return 0
    from mythenv.core.game import seat_name

    view = None if args.seat == "all" else args.seat
    print(_printable(f"{rp.game.info.name} ({rec['game']}) {rec['config']} seed {rec['seed']}: " + ", ".join(
        f"{seat_name(i, view)} {a}" for i, a in enumerate(rec["agents"]))))
    print(rp.states[0].render(view))
    for k, st in enumerate(rp.steps, 1):
        p = st["seat"]
        # another seat's full text can name a card it keeps face down: what the table saw of it
        text = rp.text(k - 1) if view is None or p == view else rp.public_text(k - 1)
        print(f"\n--- step {k}/{len(rp.steps)}: {seat_name(p, view)} ({_printable(rec['agents'][p])}): {text}"
              + (f"  rewards {st['rewards']}" if any(st["rewards"]) else ""))
        print(rp.states[k].render(view))
    print("\n" + (rp.final.ending_text() if rec["finished"]
                  else f"The game was not finished (the record stops after {len(rp.steps)} steps)."))
    return 0


def cmd_serve(args) -> int:
    """The local web app (needs the serve extra)."""
    try:
        import uvicorn

        from mythenv.serve.app import create_app
    except ImportError as e:
        raise MythenvError(f"mythenv serve needs the serve extra ({e}): pip install -e '.[serve]'") from None
    policies = {}
    for item in args.policy or []:
        name, eq, path = item.partition("=")
        if not eq or not name or not path:
            raise MythenvError(f"--policy {item!r}: expected NAME=PATH (e.g. mine=runs/hera_zeus_v0/policy.npz)")
        policies[name] = path
    hosts = [] if args.host in ("0.0.0.0", "::") else [args.host]
    app = create_app(policies=policies, data_dirs=args.data or [], allowed_hosts=hosts + (args.allow_host or []),
                     think_seconds=args.think_seconds, opponent_workers=args.opponent_workers)
    print(f"mythenv serve: http://{args.host}:{args.port}/  (Ctrl+C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def _add_record_commands(sub) -> None:
    """The ``replay`` and ``serve`` subcommands."""
    q = sub.add_parser("replay", help="replay a game record: step by step, or as one HTML page",
                       formatter_class=_Fmt,
                       description="Replay a game record (written by `mythenv play --record`, `mythenv arena "
                                   "--record` or the web app's 'save the record'): the record is checked and "
                                   "replayed in full, then printed step by step as text, or written as one "
                                   "self-contained HTML page that opens without a server.",
                       epilog="examples:\n"
                              "  mythenv replay game.json                 # every step, every seat's view\n"
                              "  mythenv replay game.json --seat 0        # what seat 0 saw (hidden cards stay hidden)\n"
                              "  mythenv replay game.json --html game.html")
    q.add_argument("file", help="the record file (JSON)")
    q.add_argument("--html", metavar="OUT.html",
                   help="write one self-contained page to OUT.html instead of printing (opens without a server)")
    q.add_argument("--seat", type=_seat_arg, default="all", metavar="SEAT",
                   help="whose view: a seat number from 0, or 'all' for every seat's view, hidden cards included "
                        "(default: %(default)s)")
    q.set_defaults(fn=cmd_replay)
    q = sub.add_parser("serve", help="play and replay in the browser (a local web app; serve extra)",
                       description="Play a seat against the baseline agents, or open a game record, in the "
                                   "browser. Opponents come from a fixed menu (random, heuristic, ismcts, openspiel, "
                                   "ppo) plus the policies named with --policy; a request can never name a file. "
                                   "See docs/serve.md for what the app trusts.",
                       formatter_class=_Fmt,
                       epilog="examples:\n"
                              "  mythenv serve                          # then open http://127.0.0.1:8000/\n"
                              "  mythenv serve --port 8001 --policy mine=runs/hera_zeus_v0/final.npz\n"
                              "  mythenv serve --data hera_zeus_v0=examples/variants/hera_zeus_three_heroes\n"
                              "  mythenv serve --host 0.0.0.0 --allow-host mybox.local   # on a network you trust")
    q.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 opens it to the "
                        "network, then name the host people use with --allow-host)")
    q.add_argument("--port", type=_int_at_least(0), default=8000, metavar="PORT",
                   help="port to listen on (default %(default)s)")
    q.add_argument("--policy", action="append", metavar="NAME=PATH",
                   help="offer a trained policy as the opponent NAME (an exported .npz, an SB3 zip, an RLlib "
                        "checkpoint or a Python agent file: your own files, loaded as you name them); repeatable")
    q.add_argument("--data", action="append", metavar="GAME=DIR",
                   help="offer the variant deck in DIR for GAME (e.g. hera_zeus_v0=examples/variants/"
                        "hera_zeus_three_heroes), chosen in the page by the directory's name; repeatable")
    q.add_argument("--allow-host", action="append", metavar="NAME",
                   help="a host name the browser may use besides localhost / 127.0.0.1 / [::1] and --host "
                        "(the Host header is checked against DNS rebinding); repeatable")
    q.add_argument("--think-seconds", type=float, default=5.0, metavar="S",
                   help="a search opponent's time budget per move (default 5)")
    q.add_argument("--opponent-workers", type=_int_at_least(1), default=2, metavar="N",
                   help="how many opponent moves may be computed at once (default 2); more requests wait "
                        "for none and are told to retry (429)")
    q.set_defaults(fn=cmd_serve)


def cmd_train(args) -> int:
    import mythenv

    mythenv.game_class(args.game)  # an unknown game is reported first
    try:
        import sb3_contrib  # noqa: F401 - what the train extra brings
        import torch  # noqa: F401

        from mythenv.train import load_config, parse_opponents, parse_ppo
        from mythenv.train.run import train
    except ImportError as e:
        raise MythenvError(f"training needs the train extra ({e}): "
                           "pip install torch==2.13.0 && pip install -e '.[train]'") from None

    cfg = load_config(args.config, game=args.game)
    cfg = cfg.replace(steps=args.steps, seed=args.seed, n_envs=args.n_envs, vec_env=args.vec_env,
                      vec_workers=args.vec_workers, opponents=parse_opponents(args.opponents) if args.opponents else None,
                      ppo={**cfg.ppo, **parse_ppo(args.ppo)} if args.ppo else None)
    if args.no_pretrain:
        cfg = cfg.replace(pretrain={})
    out = args.out or f"runs/{args.game}"
    print(f"training {cfg.game} for {cfg.steps} steps, {cfg.n_envs} envs, opponents {cfg.opponents} -> {out}",
          flush=True)
    res = train(cfg, out, resume=args.resume, progress=not args.quiet, final_eval_games=args.eval_games,
                command="mythenv train " + " ".join(args.argv))
    if args.json:
        print(json.dumps(res))
    else:
        print(f"done: {res['steps']} steps in {res['wall_time_s']:.0f} s; "
              f"play it with --agents ppo:{res['final_model']}")
        for opp, r in res.get("eval", {}).items():
            print(f"  vs {opp}: win rate {r['win_rate']:.3f} (95% CI {r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}, "
                  f"{r['games']} games)")
    return 0


def cmd_evaluate(args) -> int:
    """One agent against every baseline of the standard suite; the report goes to --out."""
    from mythenv.eval.evaluate import DEFAULT_LADDER, evaluate, table, write

    if args.exploit is not None:
        return cmd_exploit(args)
    args.games = args.games or 100
    args.out = args.out or "evaluation"
    configs = list(args.configs or [])
    if args.games_filter:
        import mythenv

        for g in args.games_filter:
            mythenv.game_class(g)  # an unknown game id is reported with the known ones
        from mythenv.eval.suite import select

        keep = {c.key for c in select(args.games_filter)}
        configs = [c.key for c in select(configs or None) if c.key in keep]
        if not configs:
            raise MythenvError(f"--configs {' '.join(args.configs)} and --games-filter "
                               f"{' '.join(args.games_filter)} leave no config to play")
    opponents = tuple(o.strip() for o in args.opponents.split(",") if o.strip()) if args.opponents else None
    kw = {"opponents": opponents} if opponents else {}
    report = evaluate(args.agent, games=args.games, configs=configs or None, workers=args.workers, seed=args.seed,
                      ladder=args.ladder or DEFAULT_LADDER, progress=not args.quiet, **kw)
    paths = write(report, args.out, "mythenv evaluate " + " ".join(args.argv))
    head, rows = table(report)
    _table(f"mythenv evaluate {args.agent}: {args.games} games per pairing, seats rotated", head, rows)
    print("report: " + ", ".join(str(p) for p in paths.values()))
    return 0


def cmd_exploit(args) -> int:
    """``evaluate AGENT --exploit STEPS``: a best response trained against the frozen agent (mythenv/eval/exploit.py)."""
    from mythenv.eval.exploit import exploit, require_train_extra, table
    from mythenv.eval.suite import exploit_configs

    cfgs = exploit_configs(args.configs or ["hera_zeus_v0"])  # a config key, or a game id: its suite configs
    if args.games_filter:
        cfgs = [c for c in cfgs if c.game in args.games_filter]
    if not cfgs:
        raise MythenvError("--exploit: no config left to play")
    require_train_extra()
    command = "mythenv evaluate " + " ".join(args.argv)
    results = []
    for cfg in cfgs:
        why_not = cfg.no_opponent()
        if why_not is not None:
            print(f"{cfg.key}: skipped: {why_not}, no opponent to exploit", file=sys.stderr)
            continue
        res = exploit(args.agent, args.exploit, cfg.key, games=args.games or 1000, seed=args.seed,
                      eval_every=args.exploit_every, eval_games=args.exploit_games, workers=args.workers,
                      out=args.out, progress=not (args.quiet or args.json), command=command)
        results.append(res)
        if not args.json:
            _table(*table(res))
    if args.json:
        print(json.dumps(results[0] if len(results) == 1 else results))
    elif args.out:
        print(f"results and best responses in {args.out}")
    return 0


def cmd_ladder(args) -> int:
    from mythenv.eval.ladder import main as ladder_main

    return ladder_main(args.rest)


def _add_eval_commands(sub) -> None:
    """``evaluate`` and ``ladder`` (the ladder's arguments go to ``python -m mythenv.eval.ladder``)."""
    q = sub.add_parser("evaluate", help="one agent against every baseline of the standard suite, one report",
                       formatter_class=_Fmt,
                       description="Play AGENT against the baselines (random, heuristic, ISMCTS, the shipped ppo "
                                   "policy) on every config of the standard suite, seats rotated, and write one "
                                   "report (win rates with 95% confidence intervals and a rating on the "
                                   "baselines' ladder) to --out.",
                       epilog="examples:\n"
                              "  mythenv evaluate heuristic --games 20 --configs hera_zeus_v0\n"
                              "  mythenv evaluate ppo:runs/hera_zeus_v0/final.zip --games-filter hera_zeus_v0\n"
                              "  mythenv evaluate my_agent.py:MyAgent --opponents random,heuristic --workers 2\n"
                              "  mythenv evaluate heuristic --exploit 100000 --configs demigods_v0")
    q.add_argument("agent", help="the agent to evaluate: a registered agent (random, heuristic, ismcts, ppo, ...), "
                                 "module:NAME, FILE.py[:NAME], an SB3 zip (ppo:PATH or PATH.zip), an exported "
                                 "PATH.npz or an RLlib checkpoint directory")
    q.add_argument("--games", type=_int_at_least(1), default=None, metavar="N",
                   help="games per opponent and config (default 100; with --exploit: the best response's "
                        "final games against the agent, default 1000)")
    q.add_argument("--configs", nargs="+", metavar="CONFIG",
                   help="suite configs (e.g. theosis_v0:solo) or game ids (default: the whole suite); with --exploit "
                        "also the configs with more seats (demigods_v0:4p, theomachy_v0:4p)")
    q.add_argument("--games-filter", nargs="+", dest="games_filter", metavar="GAME",
                   help="only these game ids (all of their suite configs)")
    q.add_argument("--opponents", metavar="A,B,...",
                   help="comma-separated opponents (default: random, heuristic, ISMCTS, ppo)")
    q.add_argument("--workers", type=_int_at_least(1), default=1, metavar="N",
                   help="processes playing at once (default %(default)s)")
    q.add_argument("--seed", type=_int_at_least(0), default=0,
                   help="shifts every config's fixed seed by 1000*SEED (default %(default)s)")
    q.add_argument("--out", default=None, metavar="DIR",
                   help="report directory: report.md, report.json, report.png (default evaluation); with "
                        "--exploit: exploit_CONFIG.json and the best response CONFIG/final.zip (default: nothing kept)")
    q.add_argument("--ladder", default=None, metavar="FILE.json",
                   help="the ladder JSON whose ratings anchor the rating (default: docs/baselines.json of the checkout)")
    q.add_argument("--quiet", action="store_true", help="no progress bars")
    q.add_argument("--exploit", type=_int_at_least(1), metavar="STEPS",
                   help="how exploitable the agent is: train a best response from scratch against it for STEPS "
                        "learner steps (MaskablePPO on the batched engine, the game's training config, needs the "
                        "train extra), then play --games games against it; --configs names the configs "
                        "(default hera_zeus_v0), --seed the training seed")
    q.add_argument("--exploit-every", type=_int_at_least(1), dest="exploit_every", metavar="K",
                   help="with --exploit: a curve point every K learner steps, rounded up to whole rollouts "
                        "(default STEPS/10)")
    q.add_argument("--exploit-games", type=_int_at_least(1), dest="exploit_games", default=50, metavar="N",
                   help="with --exploit: games per curve point (default 50)")
    q.add_argument("--json", action="store_true", help="with --exploit: print the result (with the curve) as JSON")
    q.set_defaults(fn=cmd_evaluate)
    q = sub.add_parser("ladder", help="generate docs/baselines.md (+ .json, plots): python -m mythenv.eval.ladder",
                       description="Play the baselines' ladder and write docs/baselines.md, .json and plots. "
                                   "Everything after `ladder` goes to python -m mythenv.eval.ladder: "
                                   "`mythenv ladder --help` lists its options.",
                       add_help=False)
    q.add_argument("rest", nargs=argparse.REMAINDER, help="the arguments of python -m mythenv.eval.ladder")
    q.set_defaults(fn=cmd_ladder)


def cmd_bench(args) -> int:
    """Run the benchmark suite of a source checkout (``benchmarks/`` beside the package)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    if not (root / "benchmarks" / "bench.py").exists():
        raise MythenvError("the benchmark suite ships with the source checkout: run `mythenv bench` "
                           "from a clone of the repository (pip install -e '.[bench]')")
    sys.path.insert(0, str(root))
    from benchmarks.bench import main as bench_main

    return bench_main(args.rest)


class _Fmt(argparse.HelpFormatter):
    """Descriptions wrapped to the terminal; a text of several lines (the examples) kept as written."""

    def _fill_text(self, text, width, indent):
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


_CONFIG_HELP = ("the game's config as KEY=VALUE pairs, each VALUE read as JSON when it is JSON (2, true, "
                "\"x\") and as text otherwise, e.g. --config num_players=3 first_player=random; "
                "`mythenv list` shows every game's keys and defaults (default: the game's defaults)")
_AGENTS_HELP = ("comma-separated agents, one per seat in turn (repeated over the seats): registered agents "
                "(random, heuristic, ismcts, openspiel, ppo; `mythenv list` names them all), with options as "
                "NAME:key=value (ismcts:iterations=200), ppo:PATH.zip, PATH.npz, FILE.py[:NAME] or an RLlib "
                "checkpoint directory (default: %(default)s)")


def build_parser() -> argparse.ArgumentParser:
    """The ``mythenv`` command line (every command and option says what it does)."""
    p = argparse.ArgumentParser(
        prog="mythenv", formatter_class=_Fmt,
        description="Mythology board and card games as reinforcement-learning environments: play, compare and "
                    "rate agents, train, benchmark, replay records and play in the browser.",
        epilog="examples:\n"
               "  mythenv list\n"
               "  mythenv play hera_zeus_v0 --agents heuristic,random --verbose\n"
               "  mythenv arena all --agents heuristic,random --games 100 --workers 2\n"
               "  mythenv serve                      # play in the browser at http://127.0.0.1:8000/\n"
               "`mythenv COMMAND --help` explains a command.")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND",
                           title="commands", description="(`mythenv COMMAND --help` for each)")
    sub.add_parser("list", help="the games (with their config keys and defaults) and the agents",
                   description="List the registered games, their player counts and config keys with "
                               "defaults (what --config takes), and the registered agents (what --agents "
                               "takes).").set_defaults(fn=cmd_list)
    for name, fn, helptext, desc, example, games in (
            ("arena", cmd_arena, "play N games between agents and print win rates",
             "Play GAME (or every game) between the agents, seats rotated, and print each agent's win rate "
             "with a 95% confidence interval, mean return, win rate by seat, draws and game length.",
             "  mythenv arena hera_zeus_v0 --agents heuristic,random --games 200\n"
             "  mythenv arena demigods_v0 --agents heuristic,random --config num_players=3\n"
             "  mythenv arena all --agents ismcts:iterations=100,heuristic --games 20 --workers 2", 100),
            ("tournament", cmd_tournament, "rate agents in a round robin (openskill)",
             "Play every pairing of the agents on GAME (seats rotated) and rate them with openskill's "
             "Plackett-Luce model.",
             "  mythenv tournament hera_zeus_v0 --agents random,heuristic,ismcts --games 20", 20)):
        q = sub.add_parser(name, help=helptext, description=desc, formatter_class=_Fmt,
                           epilog="examples:\n" + example)
        q.add_argument("game", help="a game id (`mythenv list`)" + (", or 'all' for every game" if name == "arena" else ""))
        q.add_argument("--agents", default="heuristic,random", metavar="A,B,...", help=_AGENTS_HELP)
        q.add_argument("--games", type=_int_at_least(1), default=games, metavar="N",
                       help="games" + (" per pairing" if name == "tournament" else " per game") + " (default %(default)s)")
        q.add_argument("--seed", type=_int_at_least(0), default=0,
                       help="the first game's seed; the games are seeded from it (default %(default)s)")
        q.add_argument("--workers", type=_int_at_least(1), default=1, metavar="N",
                       help="processes playing at once (default %(default)s)")
        q.add_argument("--config", nargs="*", metavar="KEY=VALUE", help=_CONFIG_HELP)
        q.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
        if name == "arena":
            q.add_argument("--record", metavar="DIR", help="write each game's record into DIR (one file per game; "
                                                           "`mythenv replay` or the web app replays them)")
        q.set_defaults(fn=fn)
    _add_eval_commands(sub)
    q = sub.add_parser("play", help="play one game between agents and show the end", formatter_class=_Fmt,
                       description="Play one game of GAME between agents and print the final table and who "
                                   "won and why (with --verbose, every action as it is played). To play a seat "
                                   "yourself, use the `human` agent here or `mythenv serve` in the browser.",
                       epilog="examples:\n"
                              "  mythenv play hera_zeus_v0 --verbose\n"
                              "  mythenv play demigods_v0 --agents heuristic,random,ismcts --config num_players=3\n"
                              "  mythenv play theomachy_v0 --config mode=advanced deck=draft --record game.json\n"
                              "  mythenv play hera_zeus_v0 --agents human,heuristic      # you play seat 0")
    q.add_argument("game", help="a game id (`mythenv list`)")
    q.add_argument("--agents", default="heuristic,random", metavar="A,B,...", help=_AGENTS_HELP)
    q.add_argument("--seed", type=_int_at_least(0), default=0,
                   help="the game's seed (the deal and every chance event; default %(default)s)")
    q.add_argument("--config", nargs="*", metavar="KEY=VALUE", help=_CONFIG_HELP)
    q.add_argument("--verbose", action="store_true", help="print every action as it is played")
    q.add_argument("--record", metavar="FILE", help="write the game's record (JSON) to FILE (`mythenv replay FILE`)")
    q.set_defaults(fn=cmd_play)
    q = sub.add_parser("train", help="MaskablePPO self-play (needs the train extra)", formatter_class=_Fmt,
                       description="Train a masked PPO policy for GAME by self-play against an opponent pool "
                                   "(sb3-contrib MaskablePPO; needs the train extra: pip install torch==2.13.0 "
                                   "&& pip install -e '.[train]'). Checkpoints, the final model (zip and "
                                   "torch-free .npz) and an evaluation go to --out.",
                       epilog="examples:\n"
                              "  mythenv train hera_zeus_v0 --steps 200000\n"
                              "  mythenv train hera_zeus_v0 --n-envs 128 --vec-workers 2 --opponents random,heuristic,self\n"
                              "  mythenv train hera_zeus_v0 --resume --ppo learning_rate=5e-5")
    q.add_argument("game", help="a game id (`mythenv list`)")
    q.add_argument("--steps", type=_int_at_least(1), metavar="N", help="total learner steps (default: the training config's)")
    q.add_argument("--opponents", metavar="POOL",
                   help="opponent pool, e.g. random,heuristic,self or random=0.2,heuristic=0.5,self=0.3 "
                        "(default: the training config's)")
    q.add_argument("--out", metavar="DIR", help="output directory (default runs/GAME)")
    q.add_argument("--resume", action="store_true", help="continue from the newest checkpoint in --out")
    q.add_argument("--ppo", metavar="KEY=VALUE,...",
                   help="[ppo] values, e.g. learning_rate=5e-5,ent_coef=0.001 (a resumed run "
                        "continues with them: a fine-tuning phase)")
    q.add_argument("--config", metavar="FILE.toml",
                   help="a training TOML (default training/configs/GAME.toml when present)")
    q.add_argument("--seed", type=_int_at_least(0), help="the run's seed (default: the training config's)")
    q.add_argument("--n-envs", type=_int_at_least(1), dest="n_envs", metavar="N",
                   help="games stepped together (default: the training config's)")
    q.add_argument("--vec-env", choices=("subproc", "dummy", "batched"), dest="vec_env",
                   help="how the games are stepped: 'batched' is mythenv.make_vec (the games in one engine, "
                        "opponents inside it; docs/vector.md; the configs' default), 'subproc' one game per "
                        "process, 'dummy' all in this process")
    q.add_argument("--vec-workers", type=_int_at_least(1), dest="vec_workers", metavar="N",
                   help="with --vec-env batched: processes the games are spread over (n_envs a multiple of it)")
    q.add_argument("--no-pretrain", action="store_true", dest="no_pretrain",
                   help="skip the config's [pretrain] warm start (PPO from scratch)")
    q.add_argument("--eval-games", type=_int_at_least(0), default=100, metavar="N",
                   help="final arena games per opponent (0: none; default %(default)s)")
    q.add_argument("--quiet", action="store_true", help="no progress bar")
    q.add_argument("--json", action="store_true", help="print the result as one JSON object")
    q.set_defaults(fn=cmd_train)
    q = sub.add_parser("bench", help="throughput and memory side by side with peer envs "
                                     "(arguments go to python -m benchmarks)", add_help=False,
                       description="Measure agent-steps per second and memory of every game beside PettingZoo "
                                   "classic and OpenSpiel games (a source checkout's benchmarks/). Everything "
                                   "after `bench` goes to python -m benchmarks: `mythenv bench --help` lists "
                                   "its options.")
    q.add_argument("rest", nargs=argparse.REMAINDER, help="the arguments of python -m benchmarks")
    q.set_defaults(fn=cmd_bench)
    _add_record_commands(sub)
    return p



def main(argv: list[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    if raw[:1] == ["ladder"]:  # everything after `ladder` belongs to the ladder's own parser
        return cmd_ladder(argparse.Namespace(rest=raw[1:]))
    if raw[:1] == ["bench"]:  # everything after `bench` belongs to the benchmark's own parser
        try:
            return cmd_bench(argparse.Namespace(rest=raw[1:]))
        except MythenvError as e:
            print(f"mythenv: error: {e}", file=sys.stderr)
            return 2
    p = build_parser()
    args = p.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)[1:]
    try:
        return args.fn(args)
    except MythenvError as e:
        print(f"mythenv: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
