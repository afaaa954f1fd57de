"""The web table's pages, answered on the game server's own port: a plain HTTP GET (no Upgrade) is a
page or a static file; everything else stays the game protocol's.

One page serves every route: the lobby (``/``), a table's link (``/t/CODE``) and quick play
(``/play?game=..&computers=..&name=..&lang=..``) differ only in what the page asks the server for first
over the ``/web`` socket, and the hosted terminal does the rest. The page's own words are rendered here
in the page's language (``lang``, else the ``lang`` cookie the page keeps, else Accept-Language);
everything the table says comes over the socket. Nothing is fetched from the network and nothing is
built: the static files ship in the package.

Every answer carries the same guard headers: a Content-Security-Policy with no inline script and no
framing, no sniffing, no referrer (a table's code never leaves in a Referer).
"""

from __future__ import annotations

import email.utils
import gzip
import hashlib
import html
import json
import logging
import re
from collections.abc import Mapping
from functools import cache, lru_cache
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from access_game.datafiles import DamagedFile, read_bytes
from speech.i18n import LANGUAGES
from speech.web_page_words import PAGE_SETTINGS, page_words

log = logging.getLogger(__name__)

__all__ = ["MAX_COMPUTERS", "answer", "choose_language", "is_upgrade", "tones_json"]

#: The most computer players a quick-play link may ask for (the server's own limits decide the rest).
MAX_COMPUTERS = 13
#: The longest name a quick-play link may carry (the server trims and checks it again).
MAX_NAME = 40
_CODE = re.compile(r"^[A-Za-z0-9 -]{1,32}$")
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$")
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
          ".json": "application/json; charset=utf-8", ".svg": "image/svg+xml"}


#: The buttons that answer an open question by the terminal's keys (a touch screen has no keyboard):
#: the key, and the page's word for it (table.js shows those the open question takes).
_ANSWERS = (("y", "answer_yes"), ("n", "answer_no"), ("up", "menu_up"), ("down", "menu_down"),
            ("enter", "menu_choose"), ("escape", "menu_close"))


def is_upgrade(request: Request) -> bool:
    """Whether ``request`` asks for a WebSocket (the game protocol or the web channel), not a page."""
    return "websocket" in request.headers.get("Upgrade", "").lower()


def choose_language(query: Mapping[str, list[str]], headers: Headers) -> str:
    """The page's language: ``lang`` in the address, else the page's saved choice (its ``lang`` cookie),
    else the first of Accept-Language the game speaks, else English."""
    asked = (query.get("lang") or [""])[0].strip().lower()
    if asked in LANGUAGES:
        return asked
    for cookie in headers.get_all("Cookie"):
        for part in cookie.split(";"):
            name, _sep, value = part.strip().partition("=")
            if name == "lang" and value.strip().lower() in LANGUAGES:
                return value.strip().lower()
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate(headers.get("Accept-Language", "").split(",")):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        code = tag.split("-")[0].strip().lower()
        if code in LANGUAGES and weight > 0:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else LANGUAGES[0]


def answer(request: Request, *, secure: bool = False) -> Response:
    """The page or file ``request`` asks for; 404, in the page's language, for any other address."""
    path, _mark, search = request.path.partition("?")
    try:
        query = parse_qs(search, max_num_fields=20)
    except ValueError:  # too many fields: no page takes them; the address is answered as unknown
        query, path = {}, ""
    lang = choose_language(query, request.headers)
    gzip_ok = "gzip" in request.headers.get("Accept-Encoding", "")
    if path.startswith("/static/"):
        found = _static().get(path.removeprefix("/static/"))
        if found is not None:
            tag = _etag(found[1])
            if tag in request.headers.get("If-None-Match", ""):  # the browser's copy is this one
                return _respond(HTTPStatus.NOT_MODIFIED, found[0], b"", request, secure=secure, gzip_ok=False,
                                cache="no-cache", etag=tag)
            return _respond(HTTPStatus.OK, found[0], found[1], request, secure=secure, gzip_ok=gzip_ok,
                            cache="no-cache", etag=tag)
    start: dict[str, Any] | None = None
    if path == "/":
        start = {"type": "lobby"}
    elif path.startswith("/t/") and _CODE.match(path[3:]):
        start = {"type": "join", "code": path[3:]}
    elif path == "/play":
        start = _quick_play(query)
    if start is None:
        body = _not_found_page(lang, "bad_link" if path == "/play" else "not_found_text")
        return _respond(HTTPStatus.NOT_FOUND, "text/html; charset=utf-8", body, request, secure=secure,
                        gzip_ok=gzip_ok)
    return _respond(HTTPStatus.OK, "text/html; charset=utf-8", _table_page(lang, start), request, secure=secure,
                    gzip_ok=gzip_ok)


def _quick_play(query: Mapping[str, list[str]]) -> dict[str, Any] | None:
    """The first request of a quick-play link, or None when it names no game this server offers."""
    from access_game.catalog import games, network_games

    game = (query.get("game") or [""])[0]
    if game not in (e.name for e in games() if e.table is not None):
        return None
    try:
        computers = int((query.get("computers") or ["1"])[0])
    except ValueError:
        return None
    if not 0 <= computers <= MAX_COMPUTERS:
        return None
    if game not in network_games():  # a game for one (solitaire): the lobby form's computers do not apply
        computers = 0
    start: dict[str, Any] = {"type": "play", "game": game, "computers": computers}
    name = (query.get("name") or [""])[0].strip()[:MAX_NAME]
    if name:
        start["name"] = name
    return start


def _head(lang: str, title: str) -> str:
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n"
            '<link rel="icon" href="/static/icon.svg">\n<link rel="stylesheet" href="/static/web.css">\n')


def _table_page(lang: str, start: dict[str, Any]) -> bytes:
    """The one page of the web table: the message log, the prompt, the hand, the actions, settings."""
    w = {name: html.escape(text) for name, text in page_words(lang).items()}
    data = json.dumps({"lang": lang, "start": start, "words": page_words(lang)}, ensure_ascii=False)
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    title = page_words(lang)["lobby_title" if start["type"] == "lobby" else "table_title"]
    languages = "".join(f'<option value="{code}"{" selected" if code == lang else ""}>{w["lang_" + code]}</option>'
                        for code in LANGUAGES)
    verbosity = "".join(f'<option value="{v}">{w["verbosity_" + v]}</option>' for v in PAGE_SETTINGS["verbosity"][1])
    page = _head(lang, f"{title} · {page_words(lang)['site']}") + (
        f'<script type="application/json" id="page-data">{data}</script>\n'
        '<script type="module" src="/static/table.js"></script>\n'
        # The modules table.js imports, fetched at once rather than one after another.
        + "".join(f'<link rel="modulepreload" href="/static/{name}">\n' for name in ("keys.js", "sounds.js", "view.js"))
        + '</head>\n<body>\n'
        f'<header><h1 id="title">{html.escape(title)}</h1></header>\n<main>\n'
        # Asked first when this browser has no name yet (a table's link opened for the first time).
        f'<form id="name-form" hidden><p><label for="name-input">{w["name"]}</label> '
        f'<input id="name-input" type="text" maxlength="{MAX_NAME}" autocomplete="nickname" required> '
        f'<button type="submit">{w["play"]}</button></p></form>\n'
        f'<section aria-labelledby="h-messages"><h2 id="h-messages">{w["messages"]}</h2>\n'
        f'<p id="history-help" class="help">{w["history_help"]}</p>\n'
        # Lines said before this page opened (a seat taken back) are put above the live region, unread;
        # both are walked line by line from the group.
        '<div id="log" role="group" aria-labelledby="h-messages" aria-describedby="history-help" tabindex="0">'
        '<div id="earlier"></div><div id="live" role="log" aria-labelledby="h-messages"></div></div>\n'
        '</section>\n'
        '<form id="prompt-form" autocomplete="off">\n'
        f'<label for="prompt" id="prompt-label">{w["prompt"]}</label>\n'
        f'<input id="prompt" type="text" aria-describedby="prompt-help" spellcheck="false" '
        'autocapitalize="off" enterkeyhint="send">\n'
        f'<button type="submit" id="send">{w["send"]}</button>\n'
        f'<p id="prompt-help" class="help">{w["prompt_help"]}</p>\n</form>\n'
        f'<section aria-labelledby="h-hand"><h2 id="h-hand">{w["hand"]}</h2>\n'
        f'<ul id="hand"></ul><p id="no-cards">{w["no_cards"]}</p>\n</section>\n'
        f'<section aria-labelledby="h-actions"><h2 id="h-actions" tabindex="-1">{w["actions"]}</h2>\n'
        f'<div id="answers" role="group" aria-label="{w["answers"]}" hidden><span id="letter-answers"></span>'
        + "".join(f'<button type="button" data-key="{key}">{w[word]}</button>' for key, word in _ANSWERS)
        + '</div>\n'
        f'<div id="actions"></div><p id="no-actions">{w["no_actions"]}</p>\n</section>\n'
        f'<section aria-labelledby="h-settings"><h2 id="h-settings">{w["settings"]}</h2>\n'
        '<form id="settings">\n'
        f'<p><label for="set-lang">{w["language"]}</label> <select id="set-lang">{languages}</select></p>\n'
        f'<p><label for="set-verbosity">{w["verbosity"]}</label> <select id="set-verbosity">{verbosity}</select></p>\n'
        f'<fieldset><legend>{w["cards"]}</legend>\n'
        f'<label><input type="radio" name="cards" value="words" checked> {w["cards_words"]}</label>\n'
        f'<label><input type="radio" name="cards" value="braille"> {w["cards_braille"]}</label>\n</fieldset>\n'
        f'<p><label><input type="checkbox" id="set-wild-sign"> {w["wild_sign"]}</label></p>\n'
        f'<p><label><input type="checkbox" id="set-sounds" checked> {w["sounds"]}</label></p>\n'
        '</form>\n</section>\n'
        + (_sign_in_form(w) + _quick_play_form(lang, w) if start["type"] == "lobby" else "")
        + f'<p id="status" role="status"></p>\n<noscript><p>{w["no_script"]}</p></noscript>\n'
        '</main>\n</body>\n</html>\n')
    return page.encode("utf-8")


def _sign_in_form(w: Mapping[str, str]) -> str:
    """The lobby's sign-in form (table.js sends it over the socket as ``sign_in`` or ``register``, and
    empties the password field at once); the browser's password manager fills and saves it."""
    return (f'<section aria-labelledby="h-account"><h2 id="h-account">{w["account"]}</h2>\n'
            '<form id="sign-in">\n'
            f'<p><label for="account-name">{w["account_name"]}</label> <input id="account-name" name="username" '
            f'type="text" maxlength="{MAX_NAME}" autocomplete="username" required></p>\n'
            f'<p><label for="account-password">{w["password"]}</label> <input id="account-password" '
            'name="password" type="password" autocomplete="current-password" aria-describedby="account-help" '
            'required></p>\n'
            f'<p><label><input type="checkbox" id="account-new"> {w["new_account"]}</label></p>\n'
            f'<p id="account-help" class="help">{w["account_help"]}</p>\n'
            f'<p><button type="submit">{w["sign_in"]}</button></p>\n</form>\n</section>\n')


def _quick_play_form(lang: str, w: Mapping[str, str]) -> str:
    """The lobby's form for a quick-play link: a plain GET form, so it works before the socket is up."""
    from access_game.catalog import game
    from access_game.catalog import games as catalog_games
    from speech.web_page_words import translator

    words = translator(lang)
    games = "".join(f'<option value="{name}">{html.escape(words.gettext(game(name).title))}</option>'
                    for name in (e.name for e in catalog_games() if e.table is not None))
    return (f'<section aria-labelledby="h-quick"><h2 id="h-quick">{w["quick_play"]}</h2>\n'
            f'<form id="quick" method="get" action="/play">\n<input type="hidden" name="lang" value="{lang}">\n'
            f'<p><label for="quick-game">{w["game"]}</label> <select id="quick-game" name="game">{games}</select></p>\n'
            f'<p><label for="quick-computers">{w["computers"]}</label> <input id="quick-computers" '
            f'name="computers" type="number" min="0" max="{MAX_COMPUTERS}" value="1"></p>\n'
            f'<p><label for="quick-name">{w["name"]}</label> <input id="quick-name" name="name" type="text" '
            f'maxlength="{MAX_NAME}" autocomplete="nickname"></p>\n'
            f'<p><button type="submit">{w["play"]}</button></p>\n</form>\n</section>\n')


def _not_found_page(lang: str, why: str) -> bytes:
    w = {name: html.escape(text) for name, text in page_words(lang).items()}
    return (_head(lang, f"{page_words(lang)['not_found_title']} · {page_words(lang)['site']}")
            + f'</head>\n<body>\n<main>\n<h1>{w["not_found_title"]}</h1>\n<p>{w[why]}</p>\n'
            f'<p><a href="/?lang={lang}">{w["to_lobby"]}</a></p>\n</main>\n</body>\n</html>\n').encode("utf-8")


#: The page's shipped files (plain HTML, CSS, ES modules and an icon: no build step).
STATIC = Path(__file__).resolve().parent / "static"


@cache
def _static() -> dict[str, tuple[str, bytes]]:
    """The shipped static files by name, read once, with their content type; the cue tones besides."""
    found: dict[str, tuple[str, bytes]] = {}
    for entry in sorted(STATIC.iterdir()):
        kind = _TYPES.get("." + entry.name.rpartition(".")[2])
        if kind is None:
            continue
        try:  # through the guarded reader, as every file the program reads
            data = read_bytes(entry)
        except DamagedFile as exc:
            log.error("the web table's file %s cannot be served: %s", entry, exc)
            continue
        if data is not None:
            found[entry.name] = (kind, data)
    found["cues.json"] = (_TYPES[".json"], tones_json())
    return found


def tones_json() -> bytes:
    """The terminal's cue tones (speech.cues.TONES) for the page's Web Audio: one description, two players."""
    from speech.cues import TONES

    return json.dumps({name: {"notes": tone.notes, "volume": tone.volume} for name, tone in TONES.items()}).encode()


def _guard_headers(request: Request, *, secure: bool) -> list[tuple[str, str]]:
    host = request.headers.get("Host", "")
    sockets = f" ws://{host} wss://{host}" if _HOST.match(host) else ""
    policy = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
              f"connect-src 'self'{sockets}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    headers = [("Content-Security-Policy", policy), ("X-Content-Type-Options", "nosniff"),
               ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY")]
    if secure:
        headers.append(("Strict-Transport-Security", "max-age=31536000"))
    return headers


def _respond(status: HTTPStatus, kind: str, body: bytes, request: Request, *, secure: bool, gzip_ok: bool,
             cache: str = "no-store", etag: str | None = None) -> Response:
    headers = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                       ("Content-Type", kind), ("Cache-Control", cache),
                       ("Vary", "Accept-Encoding, Accept-Language, Cookie"),
                       *_guard_headers(request, secure=secure)])
    if etag is not None:
        headers["ETag"] = etag
    if gzip_ok and len(body) > 512:
        body = _gzipped(body)
        headers["Content-Encoding"] = "gzip"
    headers["Content-Length"] = str(len(body))
    return Response(status.value, status.phrase, headers, body)


@lru_cache(maxsize=64)
def _etag(body: bytes) -> str:
    """A static file's version: a revisit asks whether it changed and is answered 304 when not (the
    files change only with the installed program, and a page must never run an old script)."""
    return '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


@lru_cache(maxsize=64)
def _gzipped(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=6, mtime=0)
