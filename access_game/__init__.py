"""The application: command line, the terminal UI, settings and saves."""

__version__ = "0.1.0"
