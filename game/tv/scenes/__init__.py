"""The TV scenes: lobby, one table per game, results."""
