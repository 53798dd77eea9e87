"""Make the artwork the app ships in images/: the icon (PNG, the window's
small PNGs and a Windows .ico).  Card faces and backs are drawn at run time, at the size they
are shown (solitaire_tk/ui/cardart.py), so they are never scaled bitmaps.

    python scripts/make_images.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw  # noqa: E402

from solitaire_tk.ui.cardart import card_face  # noqa: E402

SIZE = 256
WINDOW_ICON_SIZES = (64, 32)   # as solitaire_tk/ui/window.py reads them


def icon() -> Image.Image:
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((8, 8, SIZE - 8, SIZE - 8), radius=40,
                                            fill=(31, 111, 67, 255), outline=(13, 59, 34, 255),
                                            width=8)
    back = card_face("KH", 112, 157).rotate(12, expand=True, resample=Image.Resampling.BICUBIC)
    front = card_face("AS", 112, 157).rotate(-10, expand=True, resample=Image.Resampling.BICUBIC)
    image.alpha_composite(back, (92, 36))
    image.alpha_composite(front, (36, 52))
    return image


def main() -> None:
    out = ROOT / "images"
    picture = icon()
    picture.save(out / "icon.png")
    for size in WINDOW_ICON_SIZES:   # small: Tk reads them at every start
        picture.resize((size, size), Image.Resampling.LANCZOS).save(out / f"icon-{size}.png")
    picture.save(out / "icon.ico", sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64),
                                          (128, 128), (256, 256)])
    print("wrote images/icon.png, icon-64.png, icon-32.png and icon.ico")


if __name__ == "__main__":
    main()
