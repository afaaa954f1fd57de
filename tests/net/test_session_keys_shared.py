"""Two real ``access-game serve`` processes on one real PostgreSQL (each its own table folder): a session
key given by one signs in on the other, while PostgreSQL answers and while it is stopped (then by the
key's signature alone), and after both processes are restarted with PostgreSQL still stopped. The secret
they sign with is made once, kept in the database, and each copy of it in a folder is its owner's only.
"""

from __future__ import annotations

import stat
from pathlib import Path

import psycopg
from accounts_support import PASSWORD, signed
from postgres_server import own_postgres
from server_harness import ServerProcess, run

from access_game.net.session_keys import SECRET_FILE


async def _signs_in(url: str, session: str) -> None:
    player, answer = await signed(url, "sign_in", "Ann", 1, session=session)
    assert answer["name"] == "Ann"
    await player.close()


def test_a_session_key_of_one_process_signs_in_on_another_sharing_its_database(tmp_path: Path) -> None:
    with own_postgres() as pg:
        first = ServerProcess(tmp_path / "first", "--database", pg.url)
        second = ServerProcess(tmp_path / "second", "--database", pg.url)
        try:
            url_first, url_second = first.start(), second.start()

            async def issued() -> str:
                player, answer = await signed(url_first, "register", "Ann", 1, password=PASSWORD)
                await player.close()
                await _signs_in(url_second, str(answer["session"]))  # the database's word
                return str(answer["session"])

            session = run(issued())
            pg.stop()
            run(_signs_in(url_second, session))  # the signature's word: the second process knows the secret
            run(_signs_in(url_first, session))
            for server in (first, second):
                server.stop()
            for server in (first, second):  # both back, PostgreSQL still stopped
                url = server.start()
                run(_signs_in(url, session))
        finally:
            first.stop()
            second.stop()
        for folder in (tmp_path / "first", tmp_path / "second"):
            mode = stat.S_IMODE((folder / SECRET_FILE).stat().st_mode)
            assert mode & 0o077 == 0, f"{folder / SECRET_FILE} is readable by others: {oct(mode)}"
        assert (tmp_path / "first" / SECRET_FILE).read_bytes() == (tmp_path / "second" / SECRET_FILE).read_bytes()
        pg.start()
        with psycopg.connect(pg.url, autocommit=True) as db:
            kept = db.execute("SELECT secret FROM secrets").fetchall()
        assert kept == [((tmp_path / "first" / SECRET_FILE).read_text(encoding="ascii"),)]
    for server in (first, second):
        assert "Traceback" not in server.errors, server.errors
