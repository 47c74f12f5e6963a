"""Build the game's text face, Cabin with Latin Extended, from the npm package @fontsource/cabin.

The Cabin the game shipped before (Debian's fonts-cabin 1.5) was a 237-glyph subset without
the letters of Polish, Czech or Hungarian (ł, ą, ś, ć, ř, ő). Fontsource carries Google Fonts'
Cabin 3 (SIL OFL 1.1, no Reserved Font Name) cut into subsets by Unicode range, as web fonts:
this merges the `latin` and `latin-ext` subsets of each weight the game uses (400 Regular, 700
Bold) into one font, so one font draws every character of every catalog:

    cd "$(mktemp -d)" && npm pack @fontsource/cabin && tar xzf fontsource-cabin-*.tgz
    pip install fonttools brotli cffsubr
    python build/merge_cabin.py THAT_FOLDER/package      # writes assets/fonts/cabin/*.otf

The latin-ext subset repeats a few base glyphs (A, C, ...) as components of its accented
letters; the merge renames those copies (A.1) and this points the components back at the
originals when the outlines are the same, so the copies drop out.

The result is stored with CFF (PostScript) outlines, as the Cabin before it was, not as the
TrueType outlines it comes in: SDL_ttf's TrueType path rounds every letter's advance up at
small sizes (10 px "Discard 1" came out 19 % wider than the same letters in CFF), which would
have moved every line of the interface; in CFF the new Cabin sets text within a pixel or two
of the old. (A quadratic outline is exactly a cubic one: nothing of the drawing changes.)
cffsubr shares the repeated outline pieces (subroutines), halving the files.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

import cffsubr
from fontTools.fontBuilder import FontBuilder
from fontTools.merge import Merger
from fontTools.merge import Options as MergeOptions
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.subset import Options as SubsetOptions
from fontTools.subset import Subsetter
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = {400: "Regular", 700: "Bold"}
SUBSETS = ("latin", "latin-ext")


def _same_outline(glyf, a: str, b: str) -> bool:
    ga, gb = glyf[a], glyf[b]
    if ga.isComposite() or gb.isComposite():
        parts = [[(c.glyphName.removesuffix(".1"), c.x, c.y) for c in g.components] for g in (ga, gb)]
        return ga.isComposite() and gb.isComposite() and parts[0] == parts[1]
    return list(ga.getCoordinates(glyf)[0]) == list(gb.getCoordinates(glyf)[0])


def merge_weight(package: Path, weight: int, work: Path) -> TTFont:
    """One weight's subsets merged into one font, the duplicate base glyphs dropped."""
    sources = []
    for subset in SUBSETS:
        font = TTFont(package / "files" / f"cabin-{subset}-{weight}-normal.woff2")
        font.flavor = None  # woff2 -> plain TrueType
        path = work / f"{subset}-{weight}.ttf"
        font.save(path)
        sources.append(str(path))
    font = Merger(options=MergeOptions(drop_tables=["STAT"])).merge(sources)
    glyf = font["glyf"]
    order = font.getGlyphOrder()
    copies = {
        g: g[:-2]
        for g in order
        if g.endswith(".1") and g[:-2] in glyf.glyphs and _same_outline(glyf, g, g[:-2])
    }
    for name in order:
        if glyf[name].isComposite():
            for component in glyf[name].components:
                component.glyphName = copies.get(component.glyphName, component.glyphName)
    for table in font["cmap"].tables:
        for code, name in list(table.cmap.items()):
            table.cmap[code] = copies.get(name, name)
    options = SubsetOptions()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=font.getBestCmap().keys())
    subsetter.subset(font)  # keeps every mapped character, drops the unreferenced copies
    return font


def to_cff(font: TTFont) -> TTFont:
    """The same font with CFF outlines (see the module docstring), subroutinized."""
    glyphs = font.getGlyphSet()
    order = font.getGlyphOrder()
    charstrings = {}
    for name in order:
        pen = T2CharStringPen(font["hmtx"][name][0], glyphs)
        glyphs[name].draw(pen)
        charstrings[name] = pen.getCharString()
    builder = FontBuilder(font["head"].unitsPerEm, isTTF=False)
    truetype_only = {"glyf", "loca", "fpgm", "prep", "cvt ", "gasp", "GlyphOrder", "maxp", "post"}
    for tag in font.keys():
        if tag not in truetype_only:
            builder.font[tag] = font[tag]
    builder.setupGlyphOrder(order)
    names = font["name"]
    info = {
        "FullName": names.getDebugName(4),
        "FamilyName": names.getDebugName(1),
        "Weight": names.getDebugName(2),
    }
    builder.setupCFF(names.getDebugName(6), info, charstrings, {})
    builder.setupMaxp()
    post = font["post"]
    builder.setupPost(
        keepGlyphNames=False,
        italicAngle=post.italicAngle,
        underlinePosition=post.underlinePosition,
        underlineThickness=post.underlineThickness,
        isFixedPitch=post.isFixedPitch,
    )
    builder.font.sfntVersion = "OTTO"
    cffsubr.subroutinize(builder.font)
    return builder.font


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", type=Path, help="the unpacked @fontsource/cabin package folder")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "fonts" / "cabin")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for weight, style in WEIGHTS.items():
            font = to_cff(merge_weight(args.package, weight, Path(tmp)))
            target = args.out / f"Cabin-{style}.otf"
            font.save(target)
            print(f"{target.name}: {len(font.getGlyphOrder())} glyphs, {len(font.getBestCmap())} characters")
    shutil.copyfile(args.package / "LICENSE", args.out / "OFL.txt")


if __name__ == "__main__":
    main()
