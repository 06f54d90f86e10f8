"""The errors the library raises. All subclass :class:`ValueError` and say what was tried,
why it is not allowed and which rule says so."""

from __future__ import annotations


class ArgumentError(ValueError):
    """An argument of a public function that it does not accept; the message names the argument,
    what it accepts and what it got. Nothing was changed."""


class IllegalAction(ValueError):
    """An action that the rules do not allow in this position. The state is unchanged."""


class NotationError(ValueError):
    """Text that is not a well-formed action in the notation."""


class DataError(ValueError):
    """A component data file that is malformed; the message names the file and the entry."""


class SaveFileError(ValueError):
    """A saved game (JSON) that is corrupted, inconsistent or from an unknown format."""
