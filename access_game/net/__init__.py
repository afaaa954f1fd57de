"""Network play: the protocol shared by server and client, the table server and its table store."""

#: The protocol's version, said by every peer in its hello (access_game.net.protocol). Kept here, where
#: naming it imports nothing, for the one-line summary of ``serve`` in ``access-game --help``.
PROTOCOL_VERSION = 4
