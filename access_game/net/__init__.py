"""Network play: the protocol shared by server and client, the table server and its table store."""
