"""Mechanisms that several rulesets share (dice placement on action spaces, the task stack, data
reading, player-board rows)."""
