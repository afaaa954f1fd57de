"""The web table: pages and static files served on the game server's port (access_game.web.pages); the
table itself is the terminal's, hosted by the server for each browser over the ``/web`` socket."""
