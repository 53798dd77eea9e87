"""Everything that draws or listens to the screen (Tk and Pillow)."""
