"""The replay browser drawn in a pyglet window: recent and saved shots, one per row,
with game, date and shot number; the selected row highlighted; errors on one line."""

from __future__ import annotations

from billiard.replay.browser import BrowserList

TITLE = "Replays  (\u2191/\u2193 or click choose   Enter or click again: watch   Esc quit)"
ROW_H = 24
SELECTED = (70, 110, 170, 255)
WHITE = (255, 255, 255, 255)
DIM = (170, 170, 170, 255)
WARN = (255, 190, 60, 255)


class BrowserPanel:
    """Labels for ``browser``'s visible rows, rebuilt for a window of ``width`` x ``height``."""

    def __init__(self, pyglet, font: str | None, browser: BrowserList, width: int, height: int) -> None:
        self.pyglet, self.browser = pyglet, browser
        browser.rows = max(1, (height - 110) // ROW_H)
        self.batch = pyglet.graphics.Batch()
        back, front = pyglet.graphics.Group(order=0), pyglet.graphics.Group(order=1)
        label = lambda size, y, color=WHITE: pyglet.text.Label(  # noqa: E731
            "", font_name=font, font_size=size, x=20, y=y, color=color, batch=self.batch, group=front
        )
        self.title = label(15, height - 36)
        self.title.text = TITLE
        self.rows = [label(11, height - 76 - k * ROW_H) for k in range(browser.rows)]
        self.highlight = pyglet.shapes.Rectangle(10, 0, width - 20, ROW_H, color=SELECTED, batch=self.batch, group=back)
        self.message = label(11, 16, WARN)

    def row_at(self, y: float) -> int | None:
        """The entry index of the row drawn at window height ``y`` (None: no row there)."""
        for k, row in enumerate(self.rows):
            if row.y - 7 <= y < row.y - 7 + ROW_H:
                rows = self.browser.visible()
                return rows[k][0] if k < len(rows) else None
        return None

    def draw(self, message: str) -> None:
        rows = self.browser.visible()
        self.highlight.visible = False
        for k, row in enumerate(self.rows):
            if k < len(rows):
                index, entry = rows[k]
                row.text = f"{'*' if entry.kind == 'saved' else ' '} {entry.label}"
                row.color = WHITE if entry.kind == "saved" else DIM
                if index == self.browser.selected:
                    self.highlight.y, self.highlight.visible = row.y - 7, True
            else:
                row.text = ""
        if not self.browser.entries:
            self.rows[0].text = "no recorded shots yet: play a game first"
        self.message.text = message
        self.batch.draw()
