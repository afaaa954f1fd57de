"""Playing on a server from the terminal: what joins the terminal interface (access_game.ui) to the
network (access_game.net), so that neither of those two imports the other.

The network client (``client``: one seat's WebSocket in a thread of its own), a seat at a server's
table as the terminal tables see a game (``remote_session``), the lobby's list and its application
(``lobby_list``, ``lobby_app``), and what ``join``, ``host`` and ``online`` run (``terminal``,
``lobby_terminal``). This package imports both ``access_game.ui`` and ``access_game.net``; neither
imports it (tests/engine/test_layering.py holds the directions).
"""
