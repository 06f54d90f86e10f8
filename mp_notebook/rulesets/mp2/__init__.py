"""Marco Polo II: In the Service of the Khan — components, rules, setup and scoring."""
