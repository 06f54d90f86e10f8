"""Tables, evaluation and simulation built on the engine."""
