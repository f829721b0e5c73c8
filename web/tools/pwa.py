"""The web app manifest and its PNG icons, made from the site's own files at build time.

    python web/tools/pwa.py [dist]    (web/build.py calls write_manifest_and_icons)

The icons are rasterized from web/static/icons/favicon.svg by a small renderer for the SVG
subset that icon uses (rect with rx, circle, stroked paths of straight segments, a <g> passing
stroke attributes down), with anti-aliasing from signed distances, and written by a
standard-library PNG writer: no browser or image library at build time. An SVG using
anything else stops the build with a clear error. The manifest's colours are read from
site.css (--paper, --accent), so they cannot drift from the site's.

Sizes: 192 and 512 ("any": the favicon's rounded square on transparency), 192 and 512
"maskable" (full-bleed background, the drawing scaled into the 80 % safe zone) and a 180 px
apple-touch-icon (full-bleed, opaque: iOS rounds the corners itself).

Standard library only. Rendered icons are kept in .cache/icons (keyed by the SVG, this file
and the size), so rebuilding costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

REPOSITORY = Path(__file__).resolve().parents[2]
WEB = REPOSITORY / "web"
SVG_PATH = WEB / "static" / "icons" / "favicon.svg"
CSS_PATH = WEB / "static" / "css" / "site.css"
CACHE = REPOSITORY / ".cache" / "icons"
MANIFEST = "manifest.webmanifest"
ICON_DIR = "static/icons"

# (file name, size, style, manifest purpose or None for files not listed in the manifest)
ICONS = (
    ("icon-192.png", 192, "any", "any"),
    ("icon-512.png", 512, "any", "any"),
    ("icon-maskable-192.png", 192, "maskable", "maskable"),
    ("icon-maskable-512.png", 512, "maskable", "maskable"),
    ("apple-touch-icon.png", 180, "touch", None),
)
MASKABLE_SCALE = 0.8  # the safe zone is a circle of 40 % of the size around the centre
SVG_NS = "{http://www.w3.org/2000/svg}"


# Shapes ---------------------------------------------------------------------------------------


@dataclass
class Shape:
    kind: str  # "rect", "circle", "segment"
    colour: tuple[int, int, int]
    values: tuple[
        float, ...
    ]  # rect: x, y, w, h, rx; circle: cx, cy, r; segment: x1, y1, x2, y2, half width

    def bounds(self) -> tuple[float, float, float, float]:
        if self.kind == "rect":
            x, y, w, h, _ = self.values
            return x, y, x + w, y + h
        if self.kind == "circle":
            cx, cy, r = self.values
            return cx - r, cy - r, cx + r, cy + r
        x1, y1, x2, y2, half = self.values
        return min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half

    def distance(self, px: float, py: float) -> float:
        """Signed distance from (px, py) to the shape's edge (negative inside)."""
        if self.kind == "rect":
            x, y, w, h, r = self.values
            qx = abs(px - (x + w / 2)) - (w / 2 - r)
            qy = abs(py - (y + h / 2)) - (h / 2 - r)
            return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
        if self.kind == "circle":
            cx, cy, r = self.values
            return math.hypot(px - cx, py - cy) - r
        x1, y1, x2, y2, half = self.values
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy or 1.0)))
        return math.hypot(px - x1 - t * dx, py - y1 - t * dy) - half


def parse_colour(text: str) -> tuple[int, int, int]:
    match = re.fullmatch(r"#([0-9a-fA-F]{6})", text.strip())
    if not match:
        raise ValueError(f"unsupported colour {text!r} (only #rrggbb)")
    value = int(match.group(1), 16)
    return value >> 16, (value >> 8) & 255, value & 255


def path_segments(d: str) -> list[tuple[float, float, float, float]]:
    """Straight segments of a path made of M/L/H/V commands (absolute or relative)."""
    tokens = re.findall(r"[MmLlHhVv]|-?(?:\d+\.?\d*|\.\d+)(?:[eE]-?\d+)?", d)
    if re.sub(r"[MmLlHhVv]|-?(?:\d+\.?\d*|\.\d+)(?:[eE]-?\d+)?|[\s,]", "", d):
        raise ValueError(f"unsupported path data {d!r} (only M, L, H, V)")
    segments, x, y, command, index = [], 0.0, 0.0, "M", 0
    while index < len(tokens):
        if tokens[index].isalpha():
            command = tokens[index]
            index += 1
        arity = 2 if command in "MmLl" else 1
        numbers = [float(token) for token in tokens[index : index + arity]]
        index += arity
        if command in "Mm":
            x, y = (numbers[0] + x, numbers[1] + y) if command == "m" else numbers
            command = "l" if command == "m" else "L"  # further pairs are line-tos
            continue
        nx, ny = x, y
        if command == "L":
            nx, ny = numbers
        elif command == "l":
            nx, ny = x + numbers[0], y + numbers[1]
        elif command in "Hh":
            nx = numbers[0] + (x if command == "h" else 0.0)
        else:
            ny = numbers[0] + (y if command == "v" else 0.0)
        segments.append((x, y, nx, ny))
        x, y = nx, ny
    return segments


def parse_svg(text: str) -> tuple[float, list[Shape]]:
    """The view box size and the shapes, in painting order."""
    root = ElementTree.fromstring(text)
    view_box = [float(value) for value in root.get("viewBox", "").split()]
    if len(view_box) != 4 or view_box[:2] != [0, 0] or view_box[2] != view_box[3]:
        raise ValueError("the icon needs a square viewBox starting at 0 0")
    shapes: list[Shape] = []

    def walk(element: ElementTree.Element, inherited: dict[str, str]) -> None:
        attributes = {**inherited, **element.attrib}
        tag = element.tag.removeprefix(SVG_NS)
        fill = attributes.get("fill")
        if tag in ("svg", "g"):
            for child in element:
                walk(
                    child,
                    {
                        key: value
                        for key, value in attributes.items()
                        if key in ("fill", "stroke", "stroke-width", "stroke-linecap")
                    },
                )
        elif tag == "rect":
            values = [float(attributes.get(name, 0)) for name in ("x", "y", "width", "height")]
            radius = float(attributes.get("rx", attributes.get("ry", 0)))
            shapes.append(Shape("rect", parse_colour(fill or "#000000"), (*values, radius)))
        elif tag == "circle":
            circle = tuple(float(attributes.get(name, 0)) for name in ("cx", "cy", "r"))
            shapes.append(Shape("circle", parse_colour(fill or "#000000"), circle))
        elif tag == "path":
            if attributes.get("stroke-linecap") != "round" or "stroke" not in attributes:
                raise ValueError("paths must be stroked with round caps")
            half = float(attributes.get("stroke-width", 1)) / 2
            colour = parse_colour(attributes["stroke"])
            shapes.extend(
                Shape("segment", colour, (*segment, half))
                for segment in path_segments(attributes["d"])
            )
        else:
            raise ValueError(f"unsupported SVG element <{tag}> in the icon")

    walk(root, {})
    return view_box[2], shapes


# Rasterizing ----------------------------------------------------------------------------------


def rasterize(svg: str, size: int, style: str) -> list[bytearray]:
    """RGBA rows of the icon at ``size`` px. ``style``: "any" (as drawn), "maskable" (full-bleed
    background, drawing scaled into the safe zone) or "touch" (full-bleed, drawing unscaled)."""
    box, shapes = parse_svg(svg)
    if style != "any":
        background, *rest = shapes
        if background.kind != "rect":
            raise ValueError(
                "a full-bleed icon needs the SVG's first shape to be its background rect"
            )
        scale = MASKABLE_SCALE if style == "maskable" else 1.0
        shapes = [Shape("rect", background.colour, (0, 0, box, box, 0))] + [
            scaled(shape, scale, box) for shape in rest
        ]
    unit = box / size  # SVG units per pixel
    premultiplied = [[0.0, 0.0, 0.0] for _ in range(size * size)]
    alpha = [0.0] * (size * size)
    for shape in shapes:
        left, top, right, bottom = shape.bounds()
        columns = range(max(0, int(left / unit) - 1), min(size, int(right / unit) + 2))
        for row in range(max(0, int(top / unit) - 1), min(size, int(bottom / unit) + 2)):
            py = (row + 0.5) * unit
            for column in columns:
                coverage = 0.5 - shape.distance((column + 0.5) * unit, py) / unit
                if coverage <= 0:
                    continue
                coverage = min(coverage, 1.0)
                index = row * size + column
                pixel = premultiplied[index]
                for channel in range(3):
                    pixel[channel] = shape.colour[channel] * coverage + pixel[channel] * (
                        1 - coverage
                    )
                alpha[index] = coverage + alpha[index] * (1 - coverage)
    rows = []
    for row in range(size):
        line = bytearray()
        for column in range(size):
            index = row * size + column
            a = alpha[index]
            colour = [round(value / a) if a else 0 for value in premultiplied[index]]
            line += bytes([*(min(255, value) for value in colour), round(a * 255)])
        rows.append(line)
    return rows


def scaled(shape: Shape, scale: float, box: float) -> Shape:
    centre = box / 2
    move = lambda value: centre + (value - centre) * scale  # noqa: E731
    if shape.kind == "circle":
        cx, cy, r = shape.values
        return Shape("circle", shape.colour, (move(cx), move(cy), r * scale))
    if shape.kind == "segment":
        x1, y1, x2, y2, half = shape.values
        return Shape(
            "segment", shape.colour, (move(x1), move(y1), move(x2), move(y2), half * scale)
        )
    x, y, w, h, r = shape.values
    return Shape("rect", shape.colour, (move(x), move(y), w * scale, h * scale, r * scale))


def png(rows: list[bytearray]) -> bytes:
    """An 8-bit RGBA PNG (filter type 0 on every row)."""
    height, width = len(rows), len(rows[0]) // 4

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\0" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) read from a PNG's header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def icon_png(size: int, style: str, svg: str | None = None) -> bytes:
    svg = svg if svg is not None else SVG_PATH.read_text()
    key = hashlib.sha256(
        f"{svg}\0{Path(__file__).read_text()}\0{size}\0{style}".encode()
    ).hexdigest()[:20]
    cached = CACHE / f"{key}.png"
    if cached.is_file():
        return cached.read_bytes()
    data = png(rasterize(svg, size, style))
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data


# The manifest ---------------------------------------------------------------------------------


def css_colour(name: str, css: str | None = None) -> str:
    css = css if css is not None else CSS_PATH.read_text()
    match = re.search(rf"--{re.escape(name)}:\s*(#[0-9a-fA-F]{{6}})\s*;", css)
    if not match:
        raise ValueError(f"site.css defines no --{name} colour")
    return match.group(1)


def manifest(strings: dict[str, str]) -> dict:
    return {
        "id": "./",
        "name": strings["site.title"],
        "short_name": strings["site.title"],
        "description": strings["site.tagline"],
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": css_colour("paper"),
        "theme_color": css_colour("accent"),
        "icons": [
            {
                "src": f"{ICON_DIR}/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for name, size, _, purpose in ICONS
            if purpose
        ]
        + [
            {
                "src": f"{ICON_DIR}/favicon.svg",
                "sizes": "any",
                "type": "image/svg+xml",
                "purpose": "any",
            }
        ],
    }


def write_manifest_and_icons(dist: Path, strings: dict[str, str]) -> None:
    """Write the PNG icons into dist/static/icons/ and dist/manifest.webmanifest."""
    svg = SVG_PATH.read_text()
    (dist / ICON_DIR).mkdir(parents=True, exist_ok=True)
    for name, size, style, _ in ICONS:
        (dist / ICON_DIR / name).write_bytes(icon_png(size, style, svg))
    (dist / MANIFEST).write_text(json.dumps(manifest(strings), indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else REPOSITORY / "dist"
    write_manifest_and_icons(target, json.loads((WEB / "static" / "i18n" / "en.json").read_text()))
    print(f"{target / MANIFEST} and {len(ICONS)} icons written")
