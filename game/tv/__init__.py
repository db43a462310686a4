"""The TV: a full-screen Pygame table showing only the public view, plus the host's keyboard controls."""
