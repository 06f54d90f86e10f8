"""The map: a networkx route graph built once from a ruleset's data and shared by all states."""

from mp_notebook.board.graph import Board

__all__ = ["Board"]
