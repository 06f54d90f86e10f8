"""Mechanisms that several rulesets share (dice placement on action spaces)."""
