"""``mythenv serve``: play a seat in the browser against any agent, and replay records (FastAPI).

Each game (a *match*) has an id and an unguessable token, handed only to the tab that created it;
every request about a match carries the token, and the server only ever serves that token's seat:
its picture (``game.frame(state, seat)``), its text view, its legal actions, and the log of the
game with the text of its own actions only (another seat's action text can name a card that seat
keeps face down, so the log shows who moved and the seat's table view shows what it may see). The
record, which holds every seat's actions, can be downloaded once the game is over.

A request for a state that has moved on (its ``step`` is not the game's), a wrong token, an illegal
or out-of-range action or malformed JSON gets a 4xx answer ``{"error": "..."}`` and changes no
game. An uploaded record is validated and replayed in full (``mythenv.core.record``) before it is
shown; a replay shows every seat's view (it is the uploader's record).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

import numpy as np
from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from mythenv.agents import list_agents, make_agent
from mythenv.core.errors import MythenvError, RecordError
from mythenv.core.game import Game, State
from mythenv.core.record import Recorder, load_record
from mythenv.core.registry import game_class, list_games, make_game
from mythenv.core.view import SeatView

from .page import frame_png, has_picture

#: at most this many matches and replays are kept (the oldest go first)
MAX_SESSIONS = 256
#: the largest record an upload may be (bytes)
MAX_RECORD_BYTES = 32 * 1024 * 1024
#: agents a web opponent cannot be (a person at the server's terminal)
NOT_OPPONENTS = {"human"}


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
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def step(self) -> int:
        return len(self.rec.steps)

    def play_opponents(self) -> None:
        """Let the agents move until it is the person's turn or the game is over."""
        s = self.state
        while not s.is_terminal() and s.current_player() != self.seat:
            p = s.current_player()
            self.rec.apply(s, self.agents[p].act(SeatView(self.game, s, p, self.rng)))

    def view(self) -> dict:
        """What the token's seat may see now."""
        s, me = self.state, self.seat
        over = s.is_terminal()
        mine = not over and s.current_player() == me
        log = [{"step": k + 1, "seat": st["seat"], "agent": self.names[st["seat"]],
                "text": st["text"] if st["seat"] == me else None} for k, st in enumerate(self.rec.steps)]
        return {"match": self.id, "game": self.game.info.game_id, "config": dict(self.game.config),
                "seat": me, "agents": self.names, "step": self.step,
                "to_act": None if over else s.current_player(), "your_turn": mine,
                "legal": [{"action": a, "text": s.action_to_string(a)} for a in s.legal_actions()] if mine else [],
                "log": log, "text": s.render(me), "finished": over, "picture": has_picture(self.game),
                "returns": [float(r) for r in s.returns()] if over else None}


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
    """The matches and replays of one server, each behind its token."""

    def __init__(self):
        self.sessions: OrderedDict[str, Match | ReplaySession] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, sess) -> None:
        with self.lock:
            self.sessions[sess.id] = sess
            while len(self.sessions) > MAX_SESSIONS:
                self.sessions.popitem(last=False)

    def get(self, sid: str, token: str | None, kind: type):
        sess = self.sessions.get(sid)
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
        raise _error(422, f"seat {req.seat} is not a seat of this game (0..{n - 1})")
    others = n - 1
    opp = [req.opponents] * others if isinstance(req.opponents, str) else list(req.opponents)
    if len(opp) != others:
        raise _error(422, f"opponents: {others} agent names expected (one per other seat), got {len(opp)}")
    allowed = [a for a in list_agents() if a not in NOT_OPPONENTS]
    for o in opp:
        if o.split(":")[0] not in allowed:
            raise _error(422, f"unknown opponent {o!r}; available: {', '.join(allowed)}")
    it = iter(opp)
    return ["you" if p == req.seat else next(it) for p in range(n)]


def create_app() -> FastAPI:
    app = FastAPI(title="mythenv", docs_url=None, redoc_url=None, openapi_url=None)
    hub = Hub()
    app.state.hub = hub

    @app.exception_handler(HTTPException)
    async def _http_error(request: Request, exc: HTTPException):
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

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
        out = []
        for gid in list_games():
            i = game_class(gid).info
            out.append({"id": gid, "name": i.name, "min_players": i.min_players, "max_players": i.max_players,
                        "options": [{"name": o.name, "default": o.default,
                                     "allowed": list(o.allowed) if o.allowed is not None else None,
                                     "doc": o.allowed_text or o.doc} for o in i.options]})
        # "ppo" is the trained policy the package ships for the chosen config (a clear 422 when none ships)
        return {"games": out, "agents": [a for a in list_agents() if a not in NOT_OPPONENTS and a != "torch"],
                "agent_specs": "any registered agent spec, e.g. ismcts:iterations=200, ppo (the shipped policy) "
                               "or ppo:PATH/model.zip"}

    @app.post("/api/matches", status_code=201)
    def new_match(req: NewMatch):
        try:
            game = make_game(req.game, **req.config)
        except MythenvError as e:
            raise _error(422, str(e)) from None
        names = _opponent_names(req, game)
        seed = req.seed if req.seed is not None else secrets.randbelow(2**31)
        if seed < 0:
            raise _error(422, f"seed {seed} must be >= 0")
        agents: list[Any] = []
        try:
            for p, name in enumerate(names):
                if p == req.seat:
                    agents.append(None)
                    continue
                a = make_agent(name, game, seed=seed + p)
                a.reset(p, seed + p)
                agents.append(a)
        except MythenvError as e:
            raise _error(422, str(e)) from None
        m = Match(secrets.token_hex(8), secrets.token_urlsafe(24), game, game.new_initial_state(seed=seed),
                  req.seat, names, agents, Recorder(game, seed, names, [None if p == req.seat else seed + p
                                                                        for p in range(len(names))]),
                  np.random.default_rng(seed ^ 0x5EED))
        m.play_opponents()
        hub.add(m)
        return {"token": m.token, **m.view()}

    @app.get("/api/matches/{mid}")
    def match_view(mid: str, token: str | None = Query(None)):
        m = hub.get(mid, token, Match)
        with m.lock:
            return m.view()

    @app.get("/api/matches/{mid}/frame.png")
    def match_frame(mid: str, token: str | None = Query(None), step: int | None = Query(None)):
        m = hub.get(mid, token, Match)
        with m.lock:
            if step is not None and step != m.step:
                raise _error(409, f"stale: the picture of step {step} was asked, the game is at step {m.step}")
            return _png(m.game, m.state, m.seat)

    @app.post("/api/matches/{mid}/act")
    def act(mid: str, req: Act):
        m = hub.get(mid, req.token, Match)
        if not m.lock.acquire(timeout=30):
            raise _error(409, "the game is busy with another request; reload the view")
        try:
            s = m.state
            if s.is_terminal():
                raise _error(409, "the game is over; no action can be taken")
            if req.step != m.step:
                raise _error(409, f"stale request: it is for step {req.step}, the game is at step {m.step} "
                                  "(reload the view)")
            if s.current_player() != m.seat:
                raise _error(409, f"not your turn: seat {s.current_player()} is to act")
            if not 0 <= req.action < m.game.num_actions:
                raise _error(422, f"action {req.action} is out of range: actions are 0..{m.game.num_actions - 1}")
            if req.action not in s.legal_actions():
                legal = ", ".join(f"{a} ({s.action_to_string(a)})" for a in s.legal_actions()[:40])
                raise _error(422, f"illegal action {req.action} ({s.action_to_string(req.action)}); "
                                  f"legal now: {legal}")
            m.rec.apply(s, req.action)
            m.play_opponents()
            return m.view()
        finally:
            m.lock.release()

    @app.get("/api/matches/{mid}/record")
    def match_record(mid: str, token: str | None = Query(None)):
        m = hub.get(mid, token, Match)
        with m.lock:
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
        try:
            rp = load_record(bytes(body))
        except RecordError as e:
            raise _error(422, f"record refused: {e}") from None
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
        if view != "all" and not (view.isdigit() and int(view) < n):
            raise _error(422, f"view {view!r}: a seat 0..{n - 1} or 'all'")
        return _png(rp.game, rp.states[step], view if view == "all" else int(view))

    return app


def _replay_info(r: ReplaySession) -> dict:
    rec = r.replay.record
    n = r.replay.game.num_players
    return {"replay": r.id, "game": rec["game"], "config": rec["config"], "seed": rec["seed"],
            "agents": rec["agents"], "steps": [{"seat": s["seat"], "text": s["text"]} for s in rec["steps"]],
            "views": [str(p) for p in range(n)] + ["all"], "returns": rec["returns"], "finished": rec["finished"],
            "picture": has_picture(r.replay.game)}


def _png(game: Game, state: State, seat) -> Response:
    if not has_picture(game):
        raise _error(501, f"{game.info.game_id} draws no picture in this version")
    return Response(frame_png(game, state, seat), media_type="image/png",
                    headers={"Cache-Control": "no-store"})
