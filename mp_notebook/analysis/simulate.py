"""Play many seeded games between computer players and collect the final scores in a DataFrame.

Each game gets a seed derived from ``seed`` and its number, and each seat's agent is made for that
game from a seed derived from the game seed. A game is therefore a pure function of its number,
so the table is the same whether the games run here, in threads, in worker processes or on a Dask
cluster.

>>> import mp_notebook as mp
>>> agents = [mp.agents.GreedyAgent, mp.agents.RandomAgent]
>>> df = mp.simulate(2, agents, players=2, seed=1, progress=False)
>>> list(df.columns[:6]), len(df)
(['game', 'seed', 'seat', 'player', 'character', 'agent'], 4)
>>> df.equals(mp.simulate(2, agents, players=2, seed=1, progress=False))
True
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, as_completed
from typing import TYPE_CHECKING, Any, Union

from mp_notebook.agents.base import checked_agent
from mp_notebook.engine.errors import ArgumentError
from mp_notebook.engine.validate import checked_choice, checked_int, checked_items, checked_list, checked_seed, shown

if TYPE_CHECKING:
    import pandas as pd

    from mp_notebook.agents.base import Agent

# An agent instance (re-seeded per game with ``with_seed``) or a factory called with seed=...
AgentSpec = Union["Agent", Callable[..., "Agent"]]
Row = dict[str, Any]

TASKS = 64  # default number of tasks a run is split into (see ``chunksize``)
MAX_GAMES = 10**7  # games one call may play
MAX_SEATS = 99  # a bound on players= before the ruleset checks its own range

SEAT_COLUMNS = ("game", "seed", "seat", "player", "character", "agent")  # then the ruleset's score rows
GAME_COLUMNS = ("rounds", "decisions")


def derive_seed(*parts: object) -> int:
    """A 32-bit seed from any parts, stable across processes and Python versions.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    return zlib.crc32(":".join(map(str, parts)).encode())


def make_agent(spec: AgentSpec, seed: int) -> Agent:
    """The agent for one seat of one game: ``spec.with_seed(seed)`` or ``spec(seed=seed)``."""
    if not isinstance(spec, type) and hasattr(spec, "with_seed"):
        return spec.with_seed(seed)
    if callable(spec):
        try:
            return spec(seed=seed)
        except TypeError as exc:  # not a factory taking seed=
            raise ArgumentError(f"agents: {shown(spec)} is no agent factory taking seed= ({exc})") from None
    raise ArgumentError(f"an agent is an object with choose() and with_seed(), or a factory called with seed=; "
                        f"got {shown(spec)}")


def play_game(
    game: int, game_seed: int, specs: Sequence[AgentSpec], players: int, ruleset: str,
    options: dict[str, Any] | None = None,
) -> list[Row]:
    """Play one game to the end; one row per seat. Runs in worker processes too (module level).

    ``options``: more ``new_game`` arguments (``characters``, ``variants``).
    """
    from mp_notebook.registry import new_game

    agents = [make_agent(spec, derive_seed(game_seed, seat)) for seat, spec in enumerate(specs)]
    s: Any = new_game(players=players, ruleset=ruleset, seed=game_seed, **(options or {}))
    decisions = 0
    while not s.is_over:
        s = s.apply(agents[s.current_player].choose(s))
        decisions += 1
    rows = []
    for seat, score in enumerate(s.score_rows()):  # the scores() table as plain rows (no pandas per game)
        row: Row = {
            "game": game,
            "seed": game_seed,
            "seat": seat,
            "player": score["player"],
            "character": s.players[seat].character,
            "agent": (getattr(agents[seat], "name", type(agents[seat]).__name__) if seat < len(agents)
                      else f"Automa {options['automa']}"),  # type: ignore[index]
        }
        row.update({k: v for k, v in score.items() if k != "player"})
        row.update(rounds=s.round, decisions=decisions)
        rows.append(row)
    return rows


def _columns(rows: list[Row]) -> list[str]:
    """The seat's columns, the ruleset's scoring columns in their order, then the game's."""
    scoring = [k for k in (rows[0] if rows else {}) if k not in SEAT_COLUMNS + GAME_COLUMNS]
    return [*SEAT_COLUMNS, *scoring, *GAME_COLUMNS]


def play_games(jobs: list[tuple[Any, ...]]) -> list[list[Row]]:
    """Play a chunk of games (one task on an executor: fewer, larger tasks cost less overhead)."""
    return [play_game(*job) for job in jobs]


def _seat_specs(
    agents: AgentSpec | Sequence[AgentSpec], players: int | None
) -> tuple[list[AgentSpec], int]:
    specs: list[Any] = (checked_list("agents", agents, MAX_SEATS, "agents") if isinstance(agents, (list, tuple))
                        else [agents])
    for spec in specs:
        checked_agent("agents", make_agent(spec, 0))  # a factory is tried once, here
    if players is None:
        if len(specs) < 2:
            raise ArgumentError("give players= when one agent plays every seat")
        players = len(specs)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ArgumentError(f"give one agent for every seat or one for all: {len(specs)} agents for {players} seats")
    return specs, players


def _is_dask_client(executor: object) -> bool:
    distributed = sys.modules.get(
        "distributed"
    )  # a Client can only exist if distributed is imported
    return distributed is not None and isinstance(executor, distributed.Client)


def _run(jobs: list[tuple[Any, ...]], executor: Any, chunksize: int) -> Iterator[list[list[Row]]]:
    """Yield each chunk's rows as it finishes, on ``executor`` (None: here, in order)."""
    chunks = [jobs[k : k + chunksize] for k in range(0, len(jobs), chunksize)]
    if executor is None:
        for chunk in chunks:
            yield play_games(chunk)
    elif _is_dask_client(executor):
        from distributed import as_completed as dask_as_completed

        futures = [executor.submit(play_games, chunk, pure=False) for chunk in chunks]
        for future in dask_as_completed(futures):
            yield future.result()
    elif isinstance(executor, Executor):
        for future in as_completed([executor.submit(play_games, chunk) for chunk in chunks]):
            yield future.result()
    else:
        raise TypeError(
            f"executor must be a concurrent.futures.Executor or a dask distributed.Client, "
            f"got {type(executor).__name__}"
        )


def simulate(
    n_games: int,
    agents: AgentSpec | Sequence[AgentSpec],
    *,
    players: int | None = None,
    ruleset: str = "mp2",
    seed: int = 0,
    executor: Any = None,
    rotate: bool = False,
    chunksize: int | None = None,
    progress: bool = True,
    characters: Any = None,
    variants: Sequence[str] = (),
    automa: str | None = None,
    options: dict[str, Any] | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` games and return one row per player per game.

    ``agents``: one agent (instance or factory such as ``GreedyAgent``) per seat, or one for all
    seats. Instances are re-seeded for each game (``with_seed``), factories are called with
    ``seed=``; either way the seed is derived from the game seed. ``rotate=True`` shifts the
    agents one seat per game (game ``g`` seats agent ``k`` at ``(k + g) % players``), to cancel
    seat advantages. ``executor``: a ``concurrent.futures.Executor`` (thread or process pool) or a
    Dask ``distributed.Client``; agents must pickle for processes and Dask (the built-in ones do).
    ``chunksize``: games per task sent to the executor (default: the games split into about
    :data:`TASKS` tasks, so short games do not drown in task overhead while the workers still
    finish together; the result does not depend on it). ``progress``: a tqdm
    progress bar (a widget in notebooks). ``characters`` (None, ``"random"`` or one name per seat)
    and ``variants`` are passed to ``new_game`` for every game. ``automa="L1"|"L2"|"L3"``: solo
    games, the agent in seat 0 against the Automa (which the engine plays; its row's agent is
    ``"Automa L2"``), with ``players=1``. ``options``: more ``new_game`` arguments of the ruleset
    (e.g. ``{"round_limit": 200}`` for ``schmidt``).

    Columns: game, seed, seat, player, character, agent (its name), the ruleset's final-scoring
    columns (``score_rows()``: for Marco Polo II track, goal_seals, shields, goods, coins,
    contracts, total, camels, winner), rounds, decisions.
    """
    from mp_notebook.registry import new_game

    n_games = checked_int("n_games", n_games, 0, MAX_GAMES)
    if players is not None:
        players = checked_int("players", players, 1, MAX_SEATS)
    seed = checked_seed(seed)
    rotate = checked_choice("rotate", rotate, (True, False))
    progress = checked_choice("progress", progress, (True, False))
    if chunksize is not None:
        chunksize = checked_int("chunksize", chunksize, 1, MAX_GAMES)
    if executor is not None and not (isinstance(executor, Executor) or _is_dask_client(executor)):
        raise ArgumentError(f"executor must be a concurrent.futures.Executor or a dask distributed.Client, "
                            f"got {shown(executor)}")
    variants = checked_items("variants", variants, 16, "variant names")
    if options is not None and not isinstance(options, dict):
        raise ArgumentError(f"options is a dict of more new_game arguments, got {shown(options)}")
    taken = sorted({"players", "ruleset", "seed"} & set(options or {}))
    if taken:
        raise ArgumentError(f"options: {', '.join(taken)} are simulate's own arguments (each game's seed is "
                            f"derived from seed=), not new_game options")
    specs, players = _seat_specs(agents, players)
    import pandas as pd  # after the checks: a refusal costs no import
    from tqdm.auto import tqdm

    jobs = []
    for game in range(n_games):
        shift = game % players if rotate else 0
        seated = [specs[(seat - shift) % players] for seat in range(players)]
        game_options = {key: value for key, value in (("characters", characters), ("automa", automa))
                        if value is not None}
        if variants:
            game_options["variants"] = tuple(variants)
        game_options.update(options or {})
        if game == 0:  # the ruleset checks its own arguments (players, characters, options) once, here
            new_game(players=players, ruleset=ruleset, seed=0, **game_options)
        jobs.append(
            (game, derive_seed("mp_notebook.simulate", seed, game), seated, players, ruleset, game_options)
        )
    size = chunksize if chunksize is not None else max(1, n_games // TASKS)
    rows: list[Row] = []
    with tqdm(total=n_games, desc="games", unit="game", disable=not progress) as bar:
        for games in _run(jobs, executor, size):
            for game_rows in games:
                rows += game_rows
            bar.update(len(games))
    df = pd.DataFrame(rows, columns=_columns(rows))
    return df.sort_values(["game", "seat"], ignore_index=True)
