"""The table server's rooms, one class by role over one shared state (access_game.net.rooms.state);
access_game.net.server.TableServer holds them all."""
