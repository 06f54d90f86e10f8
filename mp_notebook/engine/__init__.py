"""Ruleset-independent machinery: actions and notation, errors, the seeded RNG, history/JSON."""
