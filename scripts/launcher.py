"""The entry point PyInstaller freezes (the same as `python -m solitaire_tk`)."""

import sys

from solitaire_tk.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
