"""Protocol 3 at a real server on loopback: the lobby's list and its pushed changes, presence, the
server-wide chat and private messages with their histories, mutes, spectators, the host removing a
player, administrators (ban, close, broadcast) and their log, and an old client told to update.

Real WebSocket clients talk to a real TableServer listening on a free port (in_process); nothing is
mocked. Each test asserts what a client is sent, and that a refused message changed nothing.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from server_harness import in_process, run
from websockets.asyncio.client import ClientConnection, connect

from access_game.net import protocol as p
from access_game.net.limits import Limits
from access_game.net.lobby import MODERATION_LOG, Lobby
from access_game.net.server import TableServer
from access_game.net.table_store import TableStore


class Client:
    """One raw connection: sends JSON, and keeps every frame it gets so a test can wait for one."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, url: str, name: str, *, address: str | None = None, **hello: Any) -> Client:
        """Say hello as ``name``; ``address``: as forwarded by a proxy (a server started behind_proxy)."""
        headers = {"X-Forwarded-For": address} if address else None
        ws = await connect(url, compression=None, proxy=None, additional_headers=headers)
        client = cls(ws)
        await client.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": name, **hello})
        assert (await client.next("welcome"))["protocol"] == p.PROTOCOL_VERSION
        return client

    async def send(self, data: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(data))

    async def next(self, kind: str, timeout: float = 5, **fields: Any) -> dict[str, Any]:
        """The first frame of that type (and those field values) not yet taken."""
        while True:
            for i, frame in enumerate(self.frames):
                if frame["type"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                    return self.frames.pop(i)
            self.frames.append(json.loads(await asyncio.wait_for(self.ws.recv(), timeout)))

    async def quiet(self, kind: str, seconds: float = 0.3) -> bool:
        """No frame of that type comes within ``seconds``."""
        try:
            await self.next(kind, timeout=seconds)
        except TimeoutError:
            return True
        return False

    async def ask(self, data: dict[str, Any], kind: str) -> dict[str, Any]:
        await self.send(data)
        return await self.next(kind)


def _create(public: bool = True, watchable: bool = True, seats: int = 2, computers: int = 0) -> dict[str, Any]:
    return {"type": "create", "game": "five-crowns", "seats": seats, "computers": computers, "level": "easy",
            "options": {}, "public": public, "watchable": watchable}


def test_a_version_2_client_is_told_to_update() -> None:
    async def body() -> dict[str, Any]:
        async with in_process() as (_, url), connect(url, proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "name": "Old"}))
            answer: dict[str, Any] = json.loads(await ws.recv())
            with pytest.raises(Exception):  # noqa: B017 - closed by the server (1008)
                await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == p.CLOSE_POLICY
            return answer

    answer = run(body())
    assert answer["code"] == "protocol_version"
    assert f"protocol {p.PROTOCOL_VERSION}" in answer["message"] and "update access-game" in answer["message"]


def test_the_list_shows_public_tables_and_follows_them() -> None:
    async def body() -> None:
        async with in_process() as (_, url):
            watcher = await Client.open(url, "Lena")
            games = await watcher.ask({"type": "games"}, "games")
            names = [g["name"] for g in games["games"]]
            assert "five-crowns" in names and games["games"][0]["players"][0] >= 1
            assert (await watcher.ask({"type": "tables", "watch": True}, "tables"))["tables"] == []
            ann = await Client.open(url, "Ann")
            await ann.send(_create(seats=3, computers=1))
            code = (await ann.next("seated"))["code"]
            listed = (await watcher.next("listed"))["table"]
            assert listed["code"] == code and listed["free"] == 1 and listed["computers"] == 1
            assert listed["host"] == "Ann" and listed["game"] == "five-crowns" and listed["started"] is False
            hidden = await Client.open(url, "Hugo")  # by code only: never listed
            await hidden.send(_create(public=False))
            await hidden.next("seated")
            assert await watcher.quiet("listed")
            ben = await Client.open(url, "Ben")
            await ben.send({"type": "join", "code": code})
            await ben.next("seated")
            playing = (await watcher.next("listed", timeout=5))["table"]
            while not playing["started"]:
                playing = (await watcher.next("listed"))["table"]
            assert playing["free"] == 0 and playing["players"][:2] == ["Ann", "Ben"]
            again = await watcher.ask({"type": "tables"}, "tables")
            assert [t["code"] for t in again["tables"]] == [code]

    run(body())


def test_a_table_that_forbids_watching_leaves_the_list_when_full() -> None:
    async def body() -> None:
        async with in_process() as (_, url):
            watcher = await Client.open(url, "Lena")
            await watcher.ask({"type": "tables", "watch": True}, "tables")
            ann = await Client.open(url, "Ann")
            await ann.send(_create(watchable=False))
            code = (await ann.next("seated"))["code"]
            assert (await watcher.next("listed"))["table"]["watchable"] is False
            ben = await Client.open(url, "Ben")
            await ben.send({"type": "join", "code": code})
            await ben.next("seated")
            assert (await watcher.next("unlisted"))["code"] == code
            spy = await Client.open(url, "Spy")
            refused = await spy.ask({"type": "watch", "code": code}, "error")
            assert refused["code"] == "not_watchable"
            secret = await Client.open(url, "Cleo")
            await secret.send(_create(public=False, watchable=False))
            hidden_code = (await secret.next("seated"))["code"]
            assert (await spy.ask({"type": "watch", "code": hidden_code}, "error"))["code"] == "no_table"

    run(body())


def test_presence_global_chat_private_messages_and_their_histories() -> None:
    async def body() -> None:
        async with in_process() as (_, url):
            ann = await Client.open(url, "Ann")
            await ann.ask({"type": "tables", "watch": True}, "tables")
            ben = await Client.open(url, "Ben")
            assert await ann.next("presence", name="Ben", online=True)
            assert (await ben.ask({"type": "who"}, "online"))["names"] == ["Ann", "Ben"]
            await ben.send({"type": "say", "text": "hello all"})
            line = await ann.next("said")
            assert (line["name"], line["text"]) == ("Ben", "hello all")
            assert (await ben.next("said"))["text"] == "hello all"  # the sender hears it too
            await ann.send({"type": "tell", "to": "Ben", "text": "psst"})
            told = await ben.next("told")
            assert (told["name"], told["to"], told["text"]) == ("Ann", "Ben", "psst")
            assert (await ann.next("told"))["text"] == "psst"
            nobody = await ann.ask({"type": "tell", "to": "Zed", "text": "hi"}, "error")
            assert nobody["code"] == "no_one"
            lobby = await ben.ask({"type": "history", "channel": "lobby"}, "history")
            assert [x["text"] for x in lobby["lines"]] == ["hello all"]
            private = await ben.ask({"type": "history", "channel": "private", "with": "Ann"}, "history")
            assert [(x["name"], x["text"]) for x in private["lines"]] == [("Ann", "psst")]
            muted = await ann.ask({"type": "mute", "name": "Ben"}, "muted")
            assert muted["names"] == ["Ben"]
            await ben.send({"type": "say", "text": "can you hear me"})
            assert (await ben.next("said"))["text"] == "can you hear me"
            assert await ann.quiet("said")
            assert (await ann.ask({"type": "history", "channel": "lobby"}, "history"))["lines"] == []
            await ben.ws.close()
            assert await ann.next("presence", name="Ben", online=False)

    run(body())


@pytest.mark.parametrize(("frame", "code"), [
    ({"type": "say", "text": ""}, "bad_message"),
    ({"type": "say", "text": "x" * 301}, "bad_message"),
    ({"type": "say", "text": "a\x07"}, "bad_message"),
    ({"type": "tell", "to": "Ben"}, "bad_message"),
    ({"type": "tables", "watch": "yes"}, "bad_message"),
    ({"type": "history", "channel": "everything"}, "bad_message"),
    ({"type": "history", "channel": "lobby", "with": "Ben"}, "bad_message"),
    ({"type": "watch", "code": "nope"}, "bad_message"),
    ({"type": "mute"}, "bad_message"),
    ({"type": "remove", "seat": 1}, "not_seated"),
    ({"type": "ban", "name": "Ben"}, "not_admin"),
    ({"type": "broadcast", "text": "hi"}, "not_admin"),
    ({"type": "close", "code": "ACDEFGHJK"}, "not_admin"),
    ({"type": "chat", "text": "hi"}, "not_seated"),
])
def test_malformed_and_forbidden_messages_change_nothing(frame: dict[str, Any], code: str) -> None:
    async def body() -> None:
        async with in_process() as (tables, url):
            ann = await Client.open(url, "Ann")
            def state() -> tuple[int, int, bool]:
                return len(tables.lobby.history("lobby", "Ann")), len(tables.tables), tables.lobby.banned("Ben")

            before = state()
            assert (await ann.ask(frame, "error"))["code"] == code
            assert state() == before
            assert (await ann.ask({"type": "who"}, "online"))["names"] == ["Ann"]  # still served

    run(body())


def test_chat_beyond_its_allowance_is_refused() -> None:
    async def body() -> None:
        tables = TableServer(None, Limits(chats_per_minute=3))
        async with in_process(tables) as (_, url):
            ann = await Client.open(url, "Ann")
            for n in range(3):
                await ann.send({"type": "say", "text": f"line {n}"})
                await ann.next("said")
            assert (await ann.ask({"type": "say", "text": "one more"}, "error"))["code"] == "too_many"
            assert len(tables.lobby.history("lobby", "Ann")) == 3

    run(body())


def test_a_spectator_watches_and_chats() -> None:
    async def body() -> None:
        async with in_process() as (_, url):
            ann = await Client.open(url, "Ann")
            await ann.send(_create(seats=2, computers=1))
            code = (await ann.next("seated"))["code"]
            await ann.next("update")
            eve = await Client.open(url, "Eve")
            watching = await eve.ask({"type": "watch", "code": code.lower()}, "watching")
            assert watching == {"type": "watching", "code": code, "game": "five-crowns", "seats": 2}
            assert (await eve.next("table"))["players"][0] == "Ann"
            first = await eve.next("watch_update")
            assert first["seq"] == 0 and first["events"][0]["kind"] == "game_started"
            assert "hand" not in first["public"] and first["public"]["hand_sizes"]
            dealt = [e for e in first["events"] if e["kind"] == "cards_dealt"]
            assert dealt and all(e["cards"] is None for e in dealt)
            await eve.send({"type": "chat", "text": "nice play"})
            line = await ann.next("chat")
            assert (line["seat"], line["name"], line["text"]) == (None, "Eve", "nice play")
            assert (await eve.next("chat"))["text"] == "nice play"
            history = await ann.ask({"type": "history", "channel": "table"}, "history")
            assert [x["text"] for x in history["lines"]] == ["nice play"]
            await ann.ask({"type": "mute", "name": "Eve"}, "muted")  # at the table too
            await eve.send({"type": "chat", "text": "still watching"})
            assert (await eve.next("chat"))["text"] == "still watching"
            assert await ann.quiet("chat")
            seated = await eve.ask({"type": "join", "code": code}, "error")  # a full table
            assert seated["code"] == "no_table"
            assert (await eve.ask({"type": "leave"}, "left"))["kept"] is False
            assert (await eve.ask({"type": "who"}, "online"))["names"] == ["Ann", "Eve"]  # still connected

    run(body())


def test_the_host_removes_a_present_player() -> None:
    async def body() -> None:
        async with in_process() as (tables, url):
            ann = await Client.open(url, "Ann")
            await ann.send(_create(seats=3))
            code = (await ann.next("seated"))["code"]
            ben = await Client.open(url, "Ben")
            await ben.send({"type": "join", "code": code})
            await ben.next("seated")
            assert (await ben.ask({"type": "remove", "seat": 0}, "error"))["code"] == "not_host"
            assert (await ann.ask({"type": "remove", "seat": 2}, "error"))["code"] == "not_here"
            await ann.send({"type": "remove", "seat": 1})
            assert (await ben.next("error"))["code"] == "removed"
            table = await ann.next("table", players=["Ann", None, None])
            assert table["connected"] == [0]
            assert tables.tables[code].seats[1].digest is None  # the token no longer takes the seat
            cleo = await Client.open(url, "Cleo")
            await cleo.send({"type": "join", "code": code})
            assert (await cleo.next("seated"))["seat"] == 1

    run(body())


def test_the_host_removes_a_player_during_the_game_and_a_computer_takes_the_seat() -> None:
    async def body() -> None:
        async with in_process() as (tables, url):
            ann = await Client.open(url, "Ann")
            await ann.send(_create(seats=2))
            code = (await ann.next("seated"))["code"]
            ben = await Client.open(url, "Ben")
            await ben.send({"type": "join", "code": code})
            await ben.next("seated")
            await ann.next("update")
            await ann.send({"type": "remove", "seat": 1, "level": "easy"})
            assert (await ben.next("error"))["code"] == "removed"
            table = await ann.next("table", levels=[None, "easy"])
            assert table["connected"] == [0] and table["started"]
            assert not tables.tables[code].seats[1].human

    run(body())


def test_administrators_ban_close_and_broadcast_and_each_act_is_logged(tmp_path: Path) -> None:
    async def body() -> None:
        lobby = Lobby(tmp_path, {"Root": "sesame", "Open": None})
        tables = TableServer(TableStore(tmp_path), lobby=lobby, behind_proxy=True)
        async with in_process(tables) as (_, url):
            # The name without its key is nobody's (nor one that reads as it), and a guest is no administrator.
            fake = Client(await connect(url, proxy=None))
            for spelling in ("Root", "R\u043e\u043et", "root 2"):
                await fake.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": spelling})
                assert (await fake.next("error"))["code"] == "name_taken"
            await fake.send({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "Rooted"})
            await fake.next("welcome")
            assert (await fake.ask({"type": "broadcast", "text": "hi"}, "error"))["code"] == "not_admin"
            root = await Client.open(url, "Root", admin_key="sesame")
            ann = await Client.open(url, "Ann")
            await ann.send(_create(seats=2))
            code = (await ann.next("seated"))["code"]
            assert (tmp_path / f"{code}.json").exists() or list(tmp_path.glob(f"{code}*"))
            assert (await root.ask({"type": "broadcast", "text": "server restarts at noon"}, "done"))["act"] == \
                "broadcast"
            said = await ann.next("broadcast")
            assert (said["name"], said["text"]) == ("Root", "server restarts at noon")
            await root.send({"type": "close", "code": code})
            assert (await root.next("done"))["code"] == code
            assert (await ann.next("error"))["code"] == "closed"
            assert code not in tables.tables and not list(tmp_path.glob(f"{code}*"))
            mallory = await Client.open(url, "Mallory", address="203.0.113.7")
            await root.send({"type": "ban", "name": "Mallory", "address": True})
            assert (await root.next("done"))["addresses"] == ["203.0.113.7"]
            assert (await mallory.next("error"))["code"] == "banned"
            # The name is refused at hello (in any case), and the address at the handshake.
            with pytest.raises(Exception, match="403"):
                await Client.open(url, "Eve", address="203.0.113.7")
            named = await connect(url, proxy=None)
            await named.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL_VERSION, "name": "mallory"}))
            assert json.loads(await named.recv())["code"] == "banned"
            await named.close()
            # The administrator's own address is never banned with a name that shares it.
            zoe = await Client.open(url, "Zoe")  # on loopback, as the administrator is
            await root.send({"type": "ban", "name": "Zoe", "address": True})
            assert (await root.next("done"))["addresses"] == []
            assert (await zoe.next("error"))["code"] == "banned"
            await root.send({"type": "ban", "name": "Zoe", "on": False})
            await root.next("done")
            await root.send({"type": "ban", "name": "Mallory", "on": False})
            assert (await root.next("done"))["act"] == "unban"
            back = await Client.open(url, "Mallory")
            assert (await back.ask({"type": "who"}, "online"))["names"]

    run(body())
    acts = [json.loads(line) for line in (tmp_path / MODERATION_LOG).read_text().splitlines()]
    assert [(a["by"], a["act"]) for a in acts] == [("Root", "broadcast"), ("Root", "close"), ("Root", "ban"),
                                                   ("Root", "ban"), ("Root", "unban"), ("Root", "unban")]
    assert acts[2]["name"] == "Mallory" and acts[2]["addresses"] == ["203.0.113.7"]
    assert json.loads((tmp_path / "bans.json").read_text()) == {"names": [], "addresses": {}}


def test_a_public_table_brought_back_by_a_restart_is_listed_and_leaves_the_list(tmp_path: Path) -> None:
    async def body() -> None:
        async with in_process(TableServer(TableStore(tmp_path))) as (_, url):
            ann = await Client.open(url, "Ann")
            await ann.send(_create(watchable=False))
            code = (await ann.next("seated"))["code"]
        tables = TableServer(TableStore(tmp_path))
        assert tables.load() == []
        async with in_process(tables) as (_, url):
            lena = await Client.open(url, "Lena")
            listed = await lena.ask({"type": "tables", "watch": True}, "tables")
            assert [t["code"] for t in listed["tables"]] == [code]
            ben = await Client.open(url, "Ben")
            await ben.send({"type": "join", "code": code})
            await ben.next("seated")
            assert (await lena.next("unlisted"))["code"] == code

    run(body())
