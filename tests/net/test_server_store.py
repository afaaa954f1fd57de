"""The table directory and views as data, without a network: what a restart reads back is the table
as it was, a torn last line is ignored, damaged files are set aside and the other tables load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from access_game.net.table_store import TableStore
from access_game.net.tables import Table, TableError
from engine.bots import make_agent
from engine.errors import SaveFormatError
from engine.events import event_to_data
from engine.game import Game
from engine.views_data import view_to_data

GAMES = [("five-crowns", 3), ("contract-rummy", 3), ("upcard-rummy", 3), ("solitaire", 1)]


def _table(code: str, game: str, seats: int, computers: int = 0) -> Table:
    table = Table.create(code, game, seats=seats, computers=computers, level="easy", options={})
    for seat in range(seats - computers):
        table.take(seat, f"P{seat}")
    table.start()
    return table


def _play(table: Table, store: TableStore | None, moves: int, rng: random.Random) -> None:
    game = table.game
    assert game is not None
    for _ in range(moves):
        if game.over:
            return
        seat = game.seats_to_act()[0]
        game.apply(rng.choice(game.legal_actions(seat)))
        table.computers_move()
        if store is not None and store.record(table):
            store.save(table)


def _same(a: Table, b: Table) -> None:
    assert a.to_data() == b.to_data()
    assert a.game is not None and b.game is not None
    for seat in range(len(a.seats)):
        assert [event_to_data(e) for e in a.game.seat_log(seat)] == [event_to_data(e) for e in b.game.seat_log(seat)]


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_a_restart_reads_back_every_table_as_it_was(tmp_path: Path, game: str, seats: int) -> None:
    store = TableStore(tmp_path, snapshot_every=7)
    table = _table("ACDEFG", game, seats)
    store.record(table)
    _play(table, store, 60, random.Random(game))
    loaded = TableStore(tmp_path).load_all()
    assert loaded.problems == []
    (back,) = loaded.tables
    _same(table, back)
    # Snapshots were written and the journals they cover removed.
    assert (tmp_path / "ACDEFG.json").exists()
    assert len(list(tmp_path.glob("ACDEFG.*.log"))) == 1


@settings(max_examples=15)
@given(st.integers(0, 2**31), st.integers(1, 80), st.integers(2, 30))
def test_any_moment_and_any_snapshot_interval(tmp_path_factory: pytest.TempPathFactory, seed: int, moves: int,
                                             every: int) -> None:
    directory = tmp_path_factory.mktemp("tables")
    store = TableStore(directory, snapshot_every=every)
    table = _table("ACDEFG", "five-crowns", 3, computers=1)
    store.record(table)
    _play(table, store, moves, random.Random(seed))
    (back,) = TableStore(directory).load_all().tables
    _same(table, back)


def test_a_last_line_cut_short_is_ignored_and_a_damaged_table_set_aside(tmp_path: Path) -> None:
    store = TableStore(tmp_path, snapshot_every=1000)
    good, bad = _table("ACDEFG", "five-crowns", 2), _table("HJKMNP", "upcard-rummy", 2)
    for table in (good, bad):
        store.record(table)
        _play(table, store, 12, random.Random(1))
        store.record(table)
    expected = good.to_data()
    # A kill in the middle of appending: half a line, never told to anyone.
    _play(good, None, 1, random.Random(2))
    line = json.dumps({"act": len(good.game.actions) - 1 if good.game else 0, "action": {"kind": "discard"}})
    with open(tmp_path / "ACDEFG.0.log", "a", encoding="utf-8") as fh:
        fh.write(line[: len(line) // 2])
    # A whole line in the middle that is not JSON: damaged.
    journal = tmp_path / "HJKMNP.0.log"
    lines = journal.read_text().splitlines()
    lines[3] = "{not json"
    journal.write_text("\n".join(lines) + "\n")
    loaded = TableStore(tmp_path).load_all()
    assert [t.code for t in loaded.tables] == ["ACDEFG"]
    assert loaded.tables[0].to_data() == expected
    (problem,) = loaded.problems
    assert "HJKMNP" in problem and "line 4" in problem
    assert not journal.exists() and list(tmp_path.glob("HJKMNP.0.log.damaged-*"))


def test_a_table_file_is_checked(tmp_path: Path) -> None:
    with pytest.raises(SaveFormatError):
        Table.from_data({"format": "something else"})
    (tmp_path / "ACDEFG.json").write_text('{"journal": 1, "format": "access-game-table", "version": 1}')
    loaded = TableStore(tmp_path).load_all()
    assert loaded.tables == [] and len(loaded.problems) == 1


def test_tables_refuse_what_the_game_does_not_take() -> None:
    with pytest.raises(TableError, match="players"):
        Table.create("ACDEFG", "solitaire", seats=2, computers=0, level="easy", options={})
    with pytest.raises(TableError, match="options"):
        Table.create("ACDEFG", "five-crowns", seats=3, computers=0, level="easy", options={"sets": 7})
    with pytest.raises(TableError, match="computer"):
        Table.create("ACDEFG", "five-crowns", seats=3, computers=1, level="genius", options={})


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_views_as_data_round_trip_from_every_seat(game: str, seats: int) -> None:
    g = Game.new(game, [f"p{i}" for i in range(seats)], seed=11)
    for step in range(120):
        if g.over:
            break
        for seat in range(seats):
            view = g.view(seat)
            data = json.loads(json.dumps(view_to_data(view)))
            assert "log" not in data
            assert g.codec.view_from_data(data, view.log) == view
        seat = g.seats_to_act()[0]
        g.apply(make_agent(game, "easy", seed=step).choose(g.view(seat), g.legal_actions(seat)))


def test_a_view_that_does_not_fit_is_refused() -> None:
    g = Game.new("five-crowns", ["a", "b"], seed=1)
    data = view_to_data(g.view(0))
    for change in ({"view": "PokerView"}, {"hand": "kst"}, {"stock_size": True}, {"phase": "dance"},
                   {"hand": ["zz"]}):
        with pytest.raises(ValueError):
            g.codec.view_from_data({**data, **change})
