"""How to play: a game's rules in our own words (`docs/rules/<game>.md`, shipped with the
app), read in the app. Reached from the pause menu and with F1 at the table.

    app.push("rules", game_id="ten")

The page is the same Markdown the repository shows, drawn simply: headings, paragraphs,
lists; emphasis and links become plain text; a ```cards block is a small diagram drawn with
the game's own card faces (`widgets.diagram`); a section after `<!-- not in the app -->`
(the move notation, for logs and the command line) is left out. ↑ ↓, Page Up / Page Down,
Home / End and the wheel scroll it; Esc goes back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from tentable import i18n
from tentable.resources import rules_path
from tentable.text import t
from tentable.ui import theme
from tentable.ui.scene import Scene
from tentable.ui.scenes import register_scene
from tentable.ui.scenes.common import MODAL, backdrop, px, text_px
from tentable.ui.widgets.button import Button
from tentable.ui.widgets.diagram import Diagram, DiagramError, parse
from tentable.ui.widgets.panel import blit_label, draw_panel, wrap

INLINE = [(re.compile(r"\*\*(.+?)\*\*"), r"\1"), (re.compile(r"\*(.+?)\*"), r"\1"),
          (re.compile(r"`(.+?)`"), r"\1"), (re.compile(r"\[(.+?)\]\(.+?\)"), r"\1")]


SKIP = "<!-- not in the app -->"   # before a heading: that section is for the docs only
FENCE = "```"


@dataclass(frozen=True)
class Block:
    kind: str          # "title", "heading", "text", "item", "diagram"
    text: str          # for a diagram, its description (see widgets.diagram)
    mark: str = "•"    # an item's bullet, or its number in a numbered list
    depth: int = 0     # an item inside another item's list, or a paragraph inside an item: 1


@dataclass
class Line:
    """One laid-out line of the page: text, or a diagram with its height."""
    text: str
    size: int
    bold: bool = False
    indent: int = 0
    diagram: Diagram | None = None
    height: int = 0


def plain(text: str) -> str:
    for pattern, repl in INLINE:
        text = pattern.sub(repl, text)
    return text


def blocks(markdown: str) -> list[Block]:
    """The page as blocks: a paragraph's lines joined, each list item on its own, each
    ```cards fence a diagram. A section after the `SKIP` comment is left out (the move
    notation, written for the command line); other HTML comments are not shown."""
    out: list[Block] = []
    lines: list[str] = []
    kind, mark, depth = "text", "•", 0
    fence: list[str] | None = None      # inside a fence: its lines
    language = ""
    skip = pending = False

    def flush() -> None:
        nonlocal lines
        if lines and not skip:
            out.append(Block(kind, plain(" ".join(lines)), mark, depth))
        lines = []
    for raw in markdown.splitlines():
        line = raw.strip()
        if fence is not None:
            if line.startswith(FENCE):
                if not skip and language == "cards":
                    out.append(Block("diagram", "\n".join(fence)))
                elif not skip:
                    out += [Block("text", text) for text in fence if text]
                fence = None
            else:
                fence.append(line)
            continue
        item = re.match(r"^([-*]|\d+\.)\s+(.*)", line)
        if line == SKIP:
            flush()
            pending = True
        elif line.startswith("<!--"):
            continue
        elif line.startswith(FENCE):
            flush()
            fence, language = [], line[len(FENCE):].strip()
        elif not line:
            flush()
        elif line.startswith("#"):
            flush()
            skip, pending = pending, False
            if not skip:
                out.append(Block("title" if line.startswith("# ") else "heading",
                                 plain(line.lstrip("#").strip())))
        elif item:
            flush()
            kind, lines = "item", [item.group(2)]
            mark = "•" if item.group(1) in "-*" else item.group(1)
            depth = 1 if len(raw) - len(raw.lstrip()) >= 2 else 0
            continue
        else:
            if not lines:          # a paragraph indented under a list item stays under it
                kind, depth = "text", 1 if len(raw) - len(raw.lstrip()) >= 2 else 0
            lines.append(line)       # a paragraph goes on, or a list item's next line
            continue
        kind = "text"
    flush()
    return out


@register_scene("rules")
class RulesScene(Scene):
    opaque = True

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        try:
            text = rules_path(game_id, i18n.current()).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            text = t("rules.missing", reason=exc)
        self.blocks = blocks(text)
        self.diagrams: dict[int, Diagram] = {}       # by block index
        for n, block in enumerate(self.blocks):
            if block.kind == "diagram":
                try:
                    self.diagrams[n] = Diagram(game_id, parse(game_id, block.text))
                except DiagramError:
                    continue     # the tests name it; a player just sees no picture
        self.back = Button(t("rules.back"), self.app.pop, kind="primary")
        self.scroll = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[Line] = []
        self.scale = 1.0

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale = theme.ui_scale(size)
        self.panel = pygame.Rect(0, 0, min(size[0] - px(60, s), px(900, s)),
                                 size[1] - px(40, s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        bw, bh = px(180, s), px(44, s, 32)
        self.back.layout((self.panel.centerx - bw // 2, self.panel.bottom - bh - px(14, s),
                          bw, bh))
        width = self.panel.w - 2 * px(36, s)
        body = text_px(theme.FONT_BODY, s)
        sizes = {"title": text_px(30, s), "heading": text_px(22, s), "text": body, "item": body}
        self.lines = []
        for n, block in enumerate(self.blocks):
            if block.kind == "diagram":
                diagram = self.diagrams.get(n)
                if diagram is not None:
                    height = diagram.layout(width - px(22, s), s, text_px(theme.FONT_SMALL + 1, s))
                    self.lines.append(Line("", body, indent=px(22, s), diagram=diagram,
                                           height=height + body))
                continue
            size_px = sizes[block.kind]
            bold = block.kind in ("title", "heading")
            indent = px(22, s) * (block.depth + (block.kind == "item"))
            if block.kind in ("title", "heading") and self.lines:
                self.lines.append(Line("", size_px // 2))
            for k, line in enumerate(wrap(block.text, size_px, width - indent, bold)):
                if block.kind == "item" and k == 0:      # the bullet hangs left of the text
                    self.lines.append(Line(f"{block.mark}  {line}", size_px, bold,
                                           indent - px(14 if block.mark == "•" else 18, s)))
                else:
                    self.lines.append(Line(line, size_px, bold, indent))
            self.lines.append(Line("", size_px // 3))
        for line in self.lines:
            line.height = line.height or self.line_h(line.size)
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def view_height(self) -> int:
        """The text's window: from the top of the panel to above the scroll hint."""
        s = self.scale
        hint = text_px(theme.FONT_SMALL, s) + px(12, s)
        return self.back.rect.y - hint - px(6, s) - (self.panel.y + px(20, s))

    @property
    def content_height(self) -> int:
        return sum(line.height for line in self.lines)

    @staticmethod
    def line_h(size: int) -> int:
        return round(size * 1.35)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.view_height)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def process_event(self, event: pygame.event.Event) -> None:
        line = text_px(theme.FONT_BODY, self.scale) * 2
        page = self.view_height - line
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                     pygame.K_HOME: -self.content_height, pygame.K_END: self.content_height}
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()
                return
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line)
            return
        self.back.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        backdrop(surface)
        draw_panel(surface, self.panel, MODAL, radius=px(18, s))
        top = self.panel.y + px(20, s)
        clip = pygame.Rect(self.panel.x, top, self.panel.w, self.view_height)
        old = surface.get_clip()
        surface.set_clip(clip)
        y = top - self.scroll
        x = self.panel.x + px(36, s)
        for line in self.lines:
            h = line.height
            if y + h > top and y < clip.bottom:
                if line.diagram is not None:
                    line.diagram.draw(surface, (x + line.indent, y + line.size // 3))
                elif line.text:
                    colour = theme.ACCENT if line.bold else theme.TEXT
                    blit_label(surface, line.text, line.size, colour, bold=line.bold,
                               topleft=(x + line.indent, y))
            y += h
        surface.set_clip(old)
        blit_label(surface, t("rules.scroll" if self.max_scroll else "rules.keys"),
                   text_px(theme.FONT_SMALL, s), theme.TEXT_DIM,
                   midbottom=(self.panel.centerx, self.back.rect.y - px(2, s)))
        self.back.draw(surface)
