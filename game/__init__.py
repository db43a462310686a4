"""Couch Cats: a party card-game platform for the living-room TV."""
