"""The terminal interface: one prompt line, every event printed whole above it.

Screen readers read new lines in scrollback reliably and stumble on redrawn screens, so the only
thing that is ever redrawn is the one-line prompt; everything else is a printed line. Keys map to
named commands in one registry, from which the help key, the Escape menu and docs/keys.md are made.
"""
