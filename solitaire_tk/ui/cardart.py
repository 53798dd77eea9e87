"""Card faces and backs drawn with Pillow at the exact size they are shown.

Nothing is a scaled bitmap: each card is drawn for its pixel size (at three
times the size, then reduced, which smooths the edges), with the font the
app ships so it looks the same on every computer.  The rank and suit sit in
the top-left corner (rank over suit, for cards fanned sideways) and the suit
again at the top right (for cards fanned downwards), so a fanned card can
always be read.  No Tk here: the caller turns images into PhotoImages.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from ..cards import parse_card
from ..resources import resource

SCALE = 3  # draw this much bigger, then reduce: smooth edges at any size
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
INK = {"black": (20, 20, 20), "red": (200, 16, 32), "green": (0, 125, 115), "blue": (20, 70, 200)}
TWO_COLOURS = {"C": INK["black"], "D": INK["red"], "H": INK["red"], "S": INK["black"]}
FOUR_COLOURS = {"C": INK["green"], "D": INK["blue"], "H": INK["red"], "S": INK["black"]}
FACE_PAPER = (255, 255, 250)
EDGE = (90, 90, 90)
BACKS = ("blue", "red", "green", "purple")
BACK_COLOURS = {"blue": ((22, 62, 150), (90, 140, 230)), "red": ((150, 20, 30), (235, 110, 110)),
                "green": ((20, 100, 50), (120, 200, 130)), "purple": ((80, 30, 120), (180, 130, 220))}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}

# Pip centres for 2-10 as (column, row): columns 0, 1, 2 across, rows 0..1 down.
_PIPS: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)],
    10: [(0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3), (1, 5 / 6),
         (0, 1), (2, 1)],
}


@lru_cache(maxsize=32)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(resource("images", "fonts", name)), max(size, 4))


def rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


def _blank(width: int, height: int, fill: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (width * SCALE, height * SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = max(2, min(width, height) // 12) * SCALE
    draw.rounded_rectangle((0, 0, width * SCALE - 1, height * SCALE - 1), radius=radius,
                           fill=fill, outline=EDGE, width=max(SCALE, width * SCALE // 70))
    return image, draw


def _finish(image: Image.Image, width: int, height: int) -> Image.Image:
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _centred_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                  size: int, fill: tuple[int, int, int]) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def _draw_index(image: Image.Image, card_rank: int, suit: str, ink: tuple[int, int, int],
                width: int, height: int) -> None:
    """Rank over suit at the top left; the suit again at the top right."""
    draw = ImageDraw.Draw(image)
    w, h = width * SCALE, height * SCALE
    rank_size = int(h * 0.16)
    suit_size = int(h * 0.13)
    column = w * 0.13
    if card_rank == 10:
        _draw_narrow(image, (w * 0.145, h * 0.1), "10", rank_size, ink, w * 0.2)
    else:
        draw.text((column, h * 0.1), rank_text(card_rank), font=font(rank_size), fill=ink,
                  anchor="mm")
    draw.text((column, h * 0.24), SUIT_SYMBOLS[suit], font=font(suit_size), fill=ink, anchor="mm")
    draw.text((w * 0.87, h * 0.1), SUIT_SYMBOLS[suit], font=font(suit_size), fill=ink, anchor="mm")


def _draw_narrow(image: Image.Image, centre: tuple[float, float], text: str, size: int,
                 ink: tuple[int, int, int], most_width: float) -> None:
    """Draw `text` with its letters close together, squeezed to `most_width`.

    "10" set as usual is as wide as two letters and their spacing, and comes
    so near the card's corner that the corner's smoothing picks up its ink:
    set close and a little narrower it sits where every other rank does.
    """
    face = font(size)
    boxes = [face.getbbox(letter) for letter in text]
    gap = size * 0.04
    widths = [right - left for left, _, right, _ in boxes]
    top = min(box[1] for box in boxes)
    bottom = max(box[3] for box in boxes)
    layer_size = (int(sum(widths) + gap * (len(text) - 1)) + 2, int(bottom - top) + 2)
    layer = Image.new("RGBA", layer_size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    x = 1.0
    for letter, (left, _, _, _), width in zip(text, boxes, widths):
        draw.text((x - left, 1 - top), letter, font=face, fill=ink)
        x += width + gap
    if layer.width > most_width:
        layer = layer.resize((int(most_width), layer.height), Image.Resampling.LANCZOS)
    # Centred on the ink, as anchor "mm" centres the other ranks on their letter.
    middle = face.getbbox("A", anchor="mm")
    y = centre[1] + (middle[1] + middle[3]) / 2 - layer.height / 2
    image.alpha_composite(layer, (int(centre[0] - layer.width / 2), int(y)))


def _pip(size: int, suit: str, ink: tuple[int, int, int]) -> Image.Image:
    pip = Image.new("RGBA", (size * 2, size * 2), (0, 0, 0, 0))
    ImageDraw.Draw(pip).text((size, size), SUIT_SYMBOLS[suit], font=font(size), fill=ink,
                             anchor="mm")
    return pip


def blank_face(width: int, height: int) -> Image.Image:
    """A face with nothing printed on it: the shape and edge every face shares."""
    return _finish(_blank(width, height, FACE_PAPER)[0], width, height)


@lru_cache(maxsize=256)
def card_face(code: str, width: int, height: int, four_colour: bool = False) -> Image.Image:
    """The face of a card (code such as 'QH') drawn at width x height pixels."""
    card = parse_card(code)
    ink = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
    image, draw = _blank(width, height, FACE_PAPER)
    w, h = width * SCALE, height * SCALE
    if card.rank == 1:
        _centred_text(draw, (w / 2, h * 0.56), SUIT_SYMBOLS[card.suit], int(h * 0.42), ink)
    elif card.rank <= 10:
        size = int(min(w * 0.22, h * 0.16))
        pip = _pip(size, card.suit, ink)
        left, right, top, bottom = w * 0.31, w * 0.69, h * 0.33, h * 0.86
        for column, row in _PIPS[card.rank]:
            x = left + (right - left) * column / 2
            y = top + (bottom - top) * row
            stamp = pip.rotate(180) if row > 0.5 else pip
            image.alpha_composite(stamp, (int(x - size), int(y - size)))
    else:
        box = (w * 0.24, h * 0.3, w * 0.76, h * 0.9)
        draw.rounded_rectangle(box, radius=int(w * 0.05), outline=ink, width=max(SCALE, w // 60),
                               fill=(250, 244, 225))
        _centred_text(draw, (w / 2, h * 0.53), rank_text(card.rank), int(h * 0.3), ink)
        _centred_text(draw, (w / 2, h * 0.78), SUIT_SYMBOLS[card.suit], int(h * 0.14), ink)
    _draw_index(image, card.rank, card.suit, ink, width, height)
    return _finish(image, width, height)


@lru_cache(maxsize=16)
def card_back(style: str, width: int, height: int) -> Image.Image:
    """A card back: a white border and a diamond lattice in the style's colours."""
    dark, light = BACK_COLOURS.get(style, BACK_COLOURS["blue"])
    image, draw = _blank(width, height, (255, 255, 255))
    w, h = width * SCALE, height * SCALE
    inset = max(3 * SCALE, w // 14)
    inner = (inset, inset, w - inset, h - inset)
    draw.rounded_rectangle(inner, radius=inset, fill=dark)
    step = max(6 * SCALE, w // 7)
    lattice = Image.new("RGBA", image.size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(lattice)
    line = max(SCALE, step // 8)
    for offset in range(-h, w + h, step):
        pen.line((offset, 0, offset + h, h), fill=light, width=line)
        pen.line((offset, h, offset + h, 0), fill=light, width=line)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=inset, fill=255)
    image.paste(lattice, (0, 0), Image.composite(lattice.getchannel("A"), mask, mask))
    draw.rounded_rectangle(inner, radius=inset, outline=light, width=line)
    return _finish(image, width, height)
