"""``mythenv serve``: play a seat in the browser against any agent, and replay records (FastAPI).

Each game (a *match*) has an id and an unguessable token, handed only to the tab that created it;
every request about a match carries the token, and the server only ever serves that token's seat:
its picture (``game.frame(state, seat)``), its text view, its legal actions, and the log of the
game: the full text of its own actions, and of another seat's only what the table saw
(``State.public_action_text``, taken before the move is made: the full text can name a card that
seat keeps face down). Seats are named as at the table (``seat_name``: "you", "Player 2"); the end
is said in words (``State.ending_text``). The record, which holds every seat's actions, can be
downloaded once the game is over.

A request for a state that has moved on (its ``step`` is not the game's), a wrong token, an illegal
or out-of-range action or malformed JSON gets a 4xx answer ``{"error": "..."}`` and changes no
game. An uploaded record is validated and replayed in full (``mythenv.core.record``) before it is
shown; a replay shows every seat's view (it is the uploader's record).

What it trusts (docs/serve.md): nothing a request says names code, a path or a file. Opponents come
from a fixed menu with bounded options (:mod:`mythenv.serve.menu`); variant decks only from the
directories the server's command line names; the ``Host`` header must be a loopback name or the
bound host (DNS rebinding), a write must come from the page's own origin as ``application/json``;
opponents think on a bounded pool with a time budget per move (a full pool answers 429 at once); a
move and the replies it triggers happen together or not at all; every error is ``{"error": ...}``.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import secrets
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

import numpy as np
from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from mythenv.agents import make_agent
from mythenv.core.errors import ConfigError, MythenvError, RecordError
from mythenv.core.game import Game, State, seat_name
from mythenv.core.record import Recorder, load_record
from mythenv.core.registry import game_class, list_games, make_game
from mythenv.core.view import SeatView
from mythenv.core.words import status_text, table_text

from .forms import describe
from .menu import Menu
from .page import frame_png, has_picture

#: at most this many matches are kept, and at most MAX_REPLAYS replays (the least recently used go
#: first; replays and matches are counted apart, so uploads never push out a game being played)
MAX_SESSIONS = 256
MAX_REPLAYS = 32
#: the largest record an upload may be (bytes)
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: the headers every answer carries (no sniffing, no framing by other sites, the page's own scripts only)
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; "
                               "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
#: the methods that change something: they must come from the page's own origin, as JSON
WRITES = {"POST", "PUT", "PATCH", "DELETE"}


@dataclass
class Match:
    id: str
    token: str
    game: Game
    state: State
    seat: int
    names: list[str]
    agents: list[Any]
    rec: Recorder
    rng: np.random.Generator
    #: what the table saw of each recorded step (``public_action_text`` before it was made)
    public: list[str] = field(default_factory=list)
    #: held by the one request that moves (across the opponents' thinking)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: held while the game is swapped or read, so a view never sees half a move
    view_lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def step(self) -> int:
        return len(self.rec.steps)

    def play(self, action: int | None) -> None:
        """The person's ``action`` (None: none, at the start) and the agents' replies until it is the
        person's turn again or the game is over, all together or not at all: the moves are made on a
        copy of the game, which replaces the match's only when every reply was made. An agent that
        fails, or the agents' replies running past ``game.max_moves`` moves, raise ConfigError
        naming it, and the match is as it was."""
        s = self.state.clone()
        rec = Recorder(self.game, self.rec.seed, self.rec.agents, self.rec.agent_seeds)
        rec.steps, rec._done = list(self.rec.steps), set(self.rec._done)
        public = list(self.public)
        if action is not None:
            public.append(s.public_action_text(action))
            rec.apply(s, action)
        replies, limit = 0, self.game.max_moves
        while not s.is_terminal() and s.current_player() != self.seat:
            p = s.current_player()
            replies += 1
            if replies > limit:   # an agent repeating a loop the rules allow (Game.max_moves)
                raise ConfigError(f"opponent {self.names[p]!r} ({seat_name(p)}) did not hand the turn back "
                                  f"within {limit} moves; the game is as it was before your move")
            try:
                a = self.agents[p].act(SeatView(self.game, s, p, self.rng))
                said = s.public_action_text(a) if a in s.legal_actions() else ""
                rec.apply(s, a)
                public.append(said)
            except Exception as e:  # noqa: BLE001 - whatever an agent trips on, the match is kept as it was
                raise ConfigError(f"opponent {self.names[p]!r} ({seat_name(p)}) failed to move: "
                                  f"{type(e).__name__}: {str(e)[:200]}; the game is as it was before your "
                                  "move") from None
        with self.view_lock:
            self.state, self.rec, self.public = s, rec, public

    def view(self) -> dict:
        """What the token's seat may see now."""
        with self.view_lock:
            return self._view()

    def _view(self) -> dict:
        s, me = self.state, self.seat
        over = s.is_terminal()
        mine = not over and s.current_player() == me
        # the full text of the seat's own moves; of the others', what the table saw of them
        log = [{"step": k + 1, "seat": st["seat"], "who": seat_name(st["seat"], me), "agent": self.names[st["seat"]],
                "text": st["text"] if st["seat"] == me else self.public[k]} for k, st in enumerate(self.rec.steps)]
        to_act = None if over else s.current_player()
        return {"match": self.id, "game": self.game.info.game_id, "name": self.game.info.name,
                "config": dict(self.game.config), "seat": me,
                "seats": [seat_name(p, me) for p in range(self.game.num_players)],
                "agents": self.names, "step": self.step, "to_act": to_act,
                "to_act_name": None if to_act is None else seat_name(to_act, me), "your_turn": mine,
                # the picture's status line: the game's context and whose decision it is, in words
                "decision": None if over else status_text(*self.game.status(s, me)),
                "legal": [_legal_entry(self.game, s, a) for a in s.legal_actions()] if mine else [],
                "regions": {str(a): pts for a, pts in self.game.hit_regions(s, me).items()}
                if mine and has_picture(self.game) else {},
                "log": log, "text": s.render(me), "finished": over, "picture": has_picture(self.game),
                "ending": table_text(s.ending_text(), me) if over else None,   # as the picture says it
                "returns": [float(r) for r in s.returns()] if over else None}


def _legal_entry(game: Game, s: State, a: int) -> dict:
    """One legal action for the page: its id, its text, and its family and indices in the game's
    codec (the page groups a long list by them: a family, then its first index)."""
    family, index = game.codec.decode(a)
    return {"action": a, "text": s.action_to_string(a), "family": family, "index": list(index)}


@dataclass
class ReplaySession:
    id: str
    token: str
    replay: Any


class NewMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr
    config: dict[str, Any] = Field(default_factory=dict)
    seat: StrictInt = 0
    opponents: list[StrictStr] | StrictStr = "random"
    seed: StrictInt | None = None


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr
    step: StrictInt
    action: StrictInt


def _error(status: int, msg: str) -> HTTPException:
    return HTTPException(status_code=status, detail=msg)


class Hub:
    """The matches and replays of one server, each behind its token; the least recently used go
    first when there are too many (matches and replays counted apart)."""

    def __init__(self):
        self.sessions: OrderedDict[str, Match | ReplaySession] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, sess) -> None:
        with self.lock:
            self.sessions[sess.id] = sess
            kind = type(sess)
            limit = MAX_SESSIONS if kind is Match else MAX_REPLAYS
            same = [k for k, v in self.sessions.items() if type(v) is kind]
            for k in same[:max(0, len(same) - limit)]:
                del self.sessions[k]

    def get(self, sid: str, token: str | None, kind: type):
        with self.lock:
            sess = self.sessions.get(sid)
            if isinstance(sess, kind):
                self.sessions.move_to_end(sid)
        if not isinstance(sess, kind):
            raise _error(404, f"no {'game' if kind is Match else 'replay'} {sid!r} on this server "
                              "(it may have ended with a restart)")
        if not isinstance(token, str) or not secrets.compare_digest(token.encode(), sess.token.encode()):
            raise _error(403, "wrong or missing token: only the tab that opened this "
                              f"{'game' if kind is Match else 'replay'} may use it")
        return sess


def _opponent_names(req: NewMatch, game: Game) -> list[str]:
    n = game.num_players
    if not 0 <= req.seat < n:
        raise _error(422, f"seat {req.seat} is not a seat of this game (0..{n - 1}: {seat_name(0)} to "
                          f"{seat_name(n - 1)})")
    others = n - 1
    opp = [req.opponents] * others if isinstance(req.opponents, str) else list(req.opponents)
    if len(opp) != others:
        raise _error(422, f"opponents: {others} agent names expected (one per other seat), got {len(opp)}")
    it = iter(opp)
    return ["you" if p == req.seat else next(it) for p in range(n)]


def _routed(request: Request) -> bool:
    """A route of the app takes this method on this path (else the answer is its 404 / 405)."""
    from starlette.routing import Match as RouteMatch

    return any(r.matches(request.scope)[0] is RouteMatch.FULL for r in request.app.router.routes)


def loopback(host: str) -> bool:
    """``host`` (a Host header's name, without the port) names this machine's loopback."""
    if host in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _host_name(header: str) -> str:
    """The name of a ``Host`` header value (``[::1]:8000`` -> ``[::1]``, ``a.b:80`` -> ``a.b``)."""
    h = header.strip().lower()
    if h.startswith("["):
        return h[:h.find("]") + 1] if "]" in h else h
    return h.rsplit(":", 1)[0] if h.count(":") == 1 else h


class OpponentPool:
    """The threads opponents think on: at most ``workers`` moves at once; a move asked for while
    every thread is busy is refused at once (429) instead of queueing behind them."""

    def __init__(self, workers: int):
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mythenv-opponent")
        self.slots = threading.BoundedSemaphore(workers)

    async def run(self, fn, *args):
        if not self.slots.acquire(blocking=False):
            raise _error(429, "the server's opponents are all busy thinking; try again in a moment")
        try:
            return await asyncio.wrap_future(self.executor.submit(fn, *args))
        finally:
            self.slots.release()


def create_app(policies: dict[str, str] | None = None, data_dirs: list[str] | None = None,
               allowed_hosts: list[str] | None = None, think_seconds: float = 5.0,
               opponent_workers: int = 2) -> FastAPI:
    """The web app. ``policies``: ``{NAME: agent spec or policy file}`` offered as opponents besides
    the built-in menu (the server's user chose them: ``mythenv serve --policy NAME=PATH``);
    ``data_dirs``: variant deck directories a new match may use (``--data GAME=DIR``), by name;
    ``allowed_hosts``: host names besides the loopback ones the ``Host`` header may carry (the bound
    host); ``think_seconds``: a search opponent's time budget per move; ``opponent_workers``: how many
    opponent moves may be computed at once."""
    if isinstance(think_seconds, bool) or not isinstance(think_seconds, (int, float)) or not 0 < think_seconds <= 600:
        raise ConfigError(f"think_seconds={think_seconds!r} must be a number of seconds in (0, 600]")
    if isinstance(opponent_workers, bool) or not isinstance(opponent_workers, int) or not 1 <= opponent_workers <= 64:
        raise ConfigError(f"opponent_workers={opponent_workers!r} must be an integer 1..64")
    menu = Menu(_policy_specs(policies or {}))
    variants = _variants(data_dirs or [])
    hosts = {h.lower().strip() for h in (allowed_hosts or [])}
    pool = OpponentPool(opponent_workers)
    app = FastAPI(title="mythenv", docs_url=None, redoc_url=None, openapi_url=None)
    hub = Hub()
    app.state.hub = hub
    app.state.menu = menu

    @app.middleware("http")
    async def _guard(request: Request, call_next):
        host = _host_name(request.headers.get("host", ""))
        if not (loopback(host) or host in hosts):
            resp = JSONResponse({"error": "this server answers only requests addressed to it by a loopback "
                                          "name (localhost, 127.0.0.1, [::1]) or the host it was started on"},
                                status_code=400)
        elif request.method in WRITES and (
                "origin" in request.headers
                and request.headers["origin"].lower() != f"{request.url.scheme}://{request.headers.get('host', '')}".lower()):
            resp = JSONResponse({"error": "a change may only come from this server's own page (cross-origin "
                                          "request refused)"}, status_code=403)
        elif request.method in WRITES and _routed(request) and (
                request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json"):
            resp = JSONResponse({"error": "a request that changes something sends its body as "
                                          "Content-Type: application/json"}, status_code=415)
        else:
            resp = await call_next(request)
        for k, v in SECURITY_HEADERS.items():
            resp.headers.setdefault(k, v)
        return resp

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        detail = exc.detail if isinstance(exc.detail, str) else "the request was refused"
        if exc.status_code == 404 and detail == "Not Found":
            detail = f"no such page or API: {request.url.path[:100]}"
        elif exc.status_code == 405:
            detail = f"{request.method} is not allowed on {request.url.path[:100]}"
        return JSONResponse({"error": detail}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):  # a bug: said without a traceback
        return JSONResponse({"error": f"the server failed on this request ({type(exc).__name__})"}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError):
        parts = []
        for e in exc.errors():
            if e.get("type") == "json_invalid":
                parts.append(f"the body is not valid JSON ({(e.get('ctx') or {}).get('error', e.get('msg'))})")
                continue
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
            parts.append(f"{where}: {e.get('msg')}")
        return JSONResponse({"error": "malformed request: " + "; ".join(parts)}, status_code=422)

    @app.get("/", response_class=HTMLResponse)
    def index():
        return files("mythenv.serve").joinpath("static/index.html").read_text(encoding="utf-8")

    @app.get("/api/games")
    def games():
        # each game's options for the setup form: labels, inputs, which combinations play (forms.py);
        # "ppo" is the trained policy the package ships for a config (ppo_configs; else a 422)
        out = [describe(game_class(gid)) for gid in list_games()]
        return {"games": out, "agents": menu.names(), "opponents": menu.describe(),
                "variants": [{"name": n, "game": g} for n, (g, _) in variants.items()],
                "agent_specs": "a menu name with options, e.g. ismcts:iterations=200 (see opponents)"}

    def _build_match(req: NewMatch) -> Match:
        config = dict(req.config)
        if "data" in config:
            name = config["data"]
            if not isinstance(name, str) or name not in variants or variants[name][0] != req.game:
                offered = ", ".join(n for n, (g, _) in variants.items() if g == req.game) or "none"
                raise _error(422, "config.data: the web app plays the shipped decks and the variant decks the "
                                  f"server was started with (--data), by name; offered for this game: {offered}")
            config["data"] = variants[name][1]
        try:
            game = make_game(req.game, **config)
        except MythenvError as e:
            raise _error(422, str(e)) from None
        names = _opponent_names(req, game)
        seed = req.seed if req.seed is not None else secrets.randbelow(2**31)
        if not 0 <= seed < 2**63:
            raise _error(422, f"seed {seed} must be 0..2**63-1")
        agents: list[Any] = []
        try:
            for p, name in enumerate(names):
                if p == req.seat:
                    agents.append(None)
                    continue
                entry, kw = menu.parse(name)
                if entry.timed:
                    kw["time_limit"] = float(think_seconds)
                if entry.spec == "ismcts":
                    kw.setdefault("max_rollout", entry.options["max_rollout"].default)
                a = make_agent(entry.spec, game, seed=seed + p, **kw)
                a.reset(p, seed + p)
                agents.append(a)
        except MythenvError as e:
            raise _error(422, str(e)) from None
        return Match(secrets.token_hex(8), secrets.token_urlsafe(24), game, game.new_initial_state(seed=seed),
                     req.seat, names, agents, Recorder(game, seed, names, [None if p == req.seat else seed + p
                                                                           for p in range(len(names))]),
                     np.random.default_rng(seed ^ 0x5EED))

    async def _play(m: Match, action: int | None) -> None:
        try:
            await pool.run(m.play, action)
        except MythenvError as e:
            raise _error(422, str(e)) from None

    @app.post("/api/matches", status_code=201)
    async def new_match(req: NewMatch):
        m = await run_in_threadpool(_build_match, req)
        await _play(m, None)
        hub.add(m)
        return {"token": m.token, **m.view()}

    @app.get("/api/matches/{mid}")
    def match_view(mid: str, token: str | None = Query(None)):
        return hub.get(mid, token, Match).view()

    @app.get("/api/matches/{mid}/frame.png")
    def match_frame(mid: str, token: str | None = Query(None), step: int | None = Query(None)):
        m = hub.get(mid, token, Match)
        with m.view_lock:
            if step is not None and step != m.step:
                raise _error(409, f"stale: the picture of step {step} was asked, the game is at step {m.step}")
            return _png(m.game, m.state, m.seat)

    @app.post("/api/matches/{mid}/act")
    async def act(mid: str, req: Act):
        m = hub.get(mid, req.token, Match)
        if not m.lock.acquire(blocking=False):
            raise _error(409, "the game is busy with another request (an opponent is thinking); reload the view")
        try:
            s = m.state
            if s.is_terminal():
                raise _error(409, "the game is over; no action can be taken")
            if req.step != m.step:
                raise _error(409, f"stale request: it is for step {req.step}, the game is at step {m.step} "
                                  "(reload the view)")
            if s.current_player() != m.seat:
                raise _error(409, f"not your turn: {seat_name(s.current_player())} is to act")
            if not 0 <= req.action < m.game.num_actions:
                raise _error(422, f"action {req.action} is out of range: actions are 0..{m.game.num_actions - 1}")
            if req.action not in s.legal_actions():
                legal = ", ".join(f"{a} ({s.action_to_string(a)})" for a in s.legal_actions()[:40])
                raise _error(422, f"illegal action {req.action} ({s.action_to_string(req.action)}); "
                                  f"legal now: {legal}")
            await _play(m, req.action)
            return m.view()
        finally:
            m.lock.release()

    @app.get("/api/matches/{mid}/record")
    def match_record(mid: str, token: str | None = Query(None)):
        m = hub.get(mid, token, Match)
        with m.view_lock:
            if not m.state.is_terminal():
                raise _error(409, "the record holds every seat's actions: it can be saved once the game is over")
            doc = m.rec.finish(m.state)
        name = f"{m.game.info.game_id}_{m.id}.json"
        return JSONResponse(doc, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.post("/api/replays", status_code=201)
    async def new_replay(request: Request):
        body = await request.body()
        if len(body) > MAX_RECORD_BYTES:
            raise _error(413, f"the record is larger than {MAX_RECORD_BYTES} bytes")
        if not body:
            raise _error(422, "no record: send the record's JSON as the request body")
        rp = await run_in_threadpool(_load_upload, bytes(body), {d for _, d in variants.values()})
        r = ReplaySession(secrets.token_hex(8), secrets.token_urlsafe(24), rp)
        hub.add(r)
        return {"token": r.token, **_replay_info(r)}

    @app.get("/api/replays/{rid}")
    def replay_view(rid: str, token: str | None = Query(None)):
        return _replay_info(hub.get(rid, token, ReplaySession))

    @app.get("/api/replays/{rid}/frame.png")
    def replay_frame(rid: str, token: str | None = Query(None), step: int = Query(0), view: str = Query("all")):
        r = hub.get(rid, token, ReplaySession)
        rp = r.replay
        n = rp.game.num_players
        if not 0 <= step < len(rp.states):
            raise _error(422, f"step {step} is out of range: this replay has steps 0..{len(rp.states) - 1}")
        if view != "all" and not (view.isascii() and view.isdigit() and len(view) < 4 and int(view) < n):
            raise _error(422, f"view {view!r}: a seat 0..{n - 1} or 'all'")
        return _png(rp.game, rp.states[step], view if view == "all" else int(view))

    return app


def _load_upload(body: bytes, data_dirs: set[str]):
    """An uploaded record, validated and replayed (or a 422): a record that names a variant deck
    must name one of the server's ``--data`` directories (the upload never makes the server read
    another directory)."""
    try:
        doc = json.loads(body.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError) as e:
        raise _error(422, f"record refused: not valid JSON ({str(e)[:200]})") from None
    if isinstance(doc, dict) and isinstance(doc.get("config"), dict) and "data" in doc["config"]:
        if not (isinstance(doc["config"]["data"], str) and doc["config"]["data"] in data_dirs):
            raise _error(422, "record refused: it plays a variant deck this server was not started with "
                              "(mythenv serve --data GAME=DIR offers one)")
    try:
        return load_record(doc)
    except RecordError as e:
        raise _error(422, f"record refused: {str(e)[:2000]}") from None
    except (ValueError, RecursionError, TypeError, OverflowError) as e:
        raise _error(422, f"record refused: {type(e).__name__}") from None


def _policy_specs(policies: dict[str, str]) -> dict[str, str]:
    """``{NAME: agent spec}`` of the command line's ``--policy NAME=PATH`` (a policy file the server's
    user names: an exported ``.npz``, an SB3 zip, an RLlib checkpoint, Python code)."""
    from mythenv.agents.loaders import resolve_agent_spec

    return {name: resolve_agent_spec(str(path)) for name, path in policies.items()}


def _variants(dirs: list[str]) -> dict[str, tuple[str, str]]:
    """``{name: (game id, absolute directory)}`` of the command line's ``--data GAME=DIR`` variant
    decks (each checked now by building the game with it); a match names one by its name, the
    directory's last part."""
    from pathlib import Path

    out: dict[str, tuple[str, str]] = {}
    for item in dirs:
        gid, eq, d = str(item).partition("=")
        if not eq or gid not in list_games():
            raise ConfigError(f"--data {item!r}: expected GAME=DIR with GAME one of {', '.join(list_games())}")
        p = Path(d).expanduser().resolve()
        make_game(gid, data=str(p))  # a DataError / ConfigError names what is wrong, before serving
        if p.name in out:
            raise ConfigError(f"--data {item!r}: two variant directories are named {p.name!r}")
        out[p.name] = (gid, str(p))
    return out


def _replay_info(r: ReplaySession) -> dict:
    rec = r.replay.record
    n = r.replay.game.num_players
    return {"replay": r.id, "game": rec["game"], "name": r.replay.game.info.name, "config": rec["config"],
            "seed": rec["seed"], "agents": rec["agents"], "seats": [seat_name(p) for p in range(n)],
            "steps": [{"seat": s["seat"], "who": seat_name(s["seat"]), "text": r.replay.text(k)}
                      for k, s in enumerate(rec["steps"])],
            "views": [str(p) for p in range(n)] + ["all"], "returns": rec["returns"], "finished": rec["finished"],
            "ending": r.replay.final.ending_text() if rec["finished"] else None,
            "picture": has_picture(r.replay.game)}


def _png(game: Game, state: State, seat) -> Response:
    if not has_picture(game):
        raise _error(501, f"{game.info.game_id} draws no picture in this version")
    return Response(frame_png(game, state, seat), media_type="image/png",
                    headers={"Cache-Control": "no-store"})
