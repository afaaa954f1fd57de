"""The web table: a browser at ``/web`` plays through the real terminal application, hosted headless in
the server process, at a real network seat (docs/web.md; the channel's messages are described in
:mod:`access_game.web.messages`); the pages and static files it starts from are served on the same
port (:mod:`access_game.web.pages`).

One narrator, nothing written twice: every line a browser receives is a line the terminal would print
for that seat, in the player's language, verbosity and card style, hints and help included.
"""
