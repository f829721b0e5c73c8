"""Fight the Virus's dice as SVG, the picture beside the sheets (see :mod:`.render` for the
sheets)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyengine.svg.drawing import element, svg_document

__all__ = ["render_dice_svg"]


def render_dice_svg(
    dice: tuple[int, int] | None, usable: Sequence[int], choices: Mapping[int, str]
) -> str:
    """The two dice as dice: pips on rounded squares; a used die is faded, a die the player
    may pick now is framed and carries ``data-click``."""
    pips = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)],
    }
    parts = []
    left = list(usable)
    for index, value in enumerate(dice or (0, 0)):
        x = 10 + index * 110
        free = value in left
        if free:
            left.remove(value)
        click = choices.get(value) if free else None
        body = [
            element(
                "rect",
                {"class": "die-face", "x": x, "y": 10},
                width=90,
                height=90,
                rx=16,
                fill="#fffdf7",
                stroke="#1f9d55" if click else "#26221f",
                stroke_width=6 if click else 3,
            )
        ]
        for row, col in pips.get(value, []):
            body.append(
                element(
                    "circle",
                    {"class": "pip", "cx": x + 22 + col * 23, "cy": 32 + row * 23, "r": 8},
                    fill="#26221f",
                )
            )
        parts.append(
            element(
                "g",
                {
                    "class": "die" + ("" if free else " used"),
                    "data-value": value or None,
                    "data-click": click,
                    "opacity": None if free or not dice else 0.35,
                },
                body,
            )
        )
    return svg_document(
        220,
        110,
        *parts,
        title="Dice",
        title_id="ftv-dice-title",
        attributes={"class": "dice fight-the-virus"},
    )
