"""One module per patience; each holds every rule of its game."""
