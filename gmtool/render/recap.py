"""A recap as Markdown, as one self-contained HTML page, and the session list's lines.

Users' words (names, notes) are escaped for each format: Markdown's special characters and
HTML are written as text, never as markup."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmtool.engine.recap import Recap

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def md_text(text: str) -> str:
    """``text`` as Markdown that shows it as it is (no emphasis, link or HTML made of it)."""
    from gmtool.text import printable

    return _MARKDOWN_SPECIAL.sub(r"\\\1", printable(text))


def when(recap: Recap) -> str:
    sessions = recap.sessions
    first, last = sessions[0], sessions[-1]
    start, end = first.start[:16].replace("T", " "), last.end[:16].replace("T", " ")
    if start[:10] == end[:10]:
        end = end[11:]
    numbers = (
        f"session {first.number}"
        if len(sessions) == 1
        else f"sessions {first.number}–{last.number}"
    )
    return f"{numbers}, {start}–{end}" if start else numbers


def counts_text(counts: dict[str, int]) -> str:
    from gmtool.text import counted

    words = [
        counted(counts["moves"], "move"),
        counted(counts["rolls"], "free roll"),
        counted(counts["notes"], "note"),
    ]
    text = counted(counts["entries"], "entry", "entries") + ": " + ", ".join(words)
    if counts["undone"]:
        text += f" ({counts['undone']} undone, left out)"
    return text


def markdown(recap: Recap) -> str:
    out = [f"# Recap of {md_text(recap.campaign)} ({recap.title})", ""]
    out += [f"{md_text(when(recap))} · {counts_text(recap.counts)}", ""]
    for chapter in recap.chapters:
        out += [f"## {md_text(chapter.heading)}", ""]
        for line in chapter.lines:
            text = md_text(line.text)
            out.append(f"- **{text}** (#{line.seq})" if line.turning else f"- {text} (#{line.seq})")
        if chapter.lines:
            out.append("")
        out += [f"- {md_text(s)}" for s in chapter.summary]
        if chapter.summary:
            out.append("")
    if recap.notes:
        out += ["## Notes", ""]
        out += [f"- {md_text(note.text)} (#{note.seq})" for note in recap.notes]
        out.append("")
    rolls = _notable_groups(recap)
    if rolls:
        out += ["## Notable rolls", ""]
        for title, notable in rolls:
            out.append(
                f"- {title}: " + "; ".join(f"{md_text(n.text())} (#{n.seq})" for n in notable)
            )
        out.append("")
    return "\n".join(out)


def _notable_groups(recap: Recap) -> list[tuple[str, list[Any]]]:
    groups = [("Highest", recap.highest), ("Lowest", recap.lowest), ("Criticals", recap.criticals)]
    return [(title, notable) for title, notable in groups if notable]


STYLE = """
body { font: 17px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d1d1f; background: #fdfcf8; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.2rem; margin-top: 1.6rem; }
.when { color: #555; } .seq { color: #888; font-size: .8em; }
li.turning { font-weight: 600; } ul { padding-left: 1.2rem; }
@media (prefers-color-scheme: dark) { body { color: #eee; background: #16161a; }
  .when { color: #aaa; } }
"""


def html_page(recap: Recap) -> str:
    """One page, no outside asset: the style inline, every word escaped."""
    e = html.escape
    return (
        "\n".join(
            [
                "<!doctype html>",
                '<html lang="en"><head><meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                f"<title>Recap of {e(recap.campaign)}</title><style>{STYLE}</style></head><body>",
                html_body(recap),
                "</body></html>",
            ]
        )
        + "\n"
    )


def html_body(recap: Recap) -> str:
    """The recap as HTML to put in a page (``html_page``, and the recap page of serve)."""
    e = html.escape
    parts = [
        f"<h1>Recap of {e(recap.campaign)} <small>({e(recap.title)})</small></h1>",
        f'<p class="when">{e(when(recap))} · {e(counts_text(recap.counts))}</p>',
    ]
    for chapter in recap.chapters:
        parts.append(f"<h2>{e(chapter.heading)}</h2>")
        if chapter.lines:
            parts.append("<ul>")
            for line in chapter.lines:
                mark = ' class="turning"' if line.turning else ""
                parts.append(f'<li{mark}>{e(line.text)} <span class="seq">#{line.seq}</span></li>')
            parts.append("</ul>")
        parts += [f"<p>{e(s)}</p>" for s in chapter.summary]
    if recap.notes:
        parts.append("<h2>Notes</h2><ul>")
        parts += [f'<li>{e(n.text)} <span class="seq">#{n.seq}</span></li>' for n in recap.notes]
        parts.append("</ul>")
    groups = _notable_groups(recap)
    if groups:
        parts.append("<h2>Notable rolls</h2><ul>")
        for title, notable in groups:
            rolls = "; ".join(f'{e(n.text())} <span class="seq">#{n.seq}</span>' for n in notable)
            parts.append(f"<li>{e(title)}: {rolls}</li>")
        parts.append("</ul>")
    return "\n".join(parts)


def session_lines(sessions: list[dict[str, Any]]) -> list[str]:
    """``gmtool session list``: one line a session."""
    from gmtool.text import counted, printable

    lines = []
    for s in sessions:
        start = s["start"][:16].replace("T", " ")
        end = s["end"][:16].replace("T", " ")
        if start[:10] == end[:10]:
            end = end[11:]
        span = f"{start}–{end}" if start else "(no entries yet)"
        counts = ", ".join(
            counted(s[key], word)
            for key, word in (("moves", "move"), ("rolls", "roll"), ("notes", "note"))
        )
        undone = f", {s['undone']} undone" if s["undone"] else ""
        entries = f"#{s['first_seq']}–#{s['last_seq']}" if s["first_seq"] is not None else ""
        lines.append(
            printable(f"{s['session']:>3}  {span}  {counts}{undone}  {entries}  ({s['began']})")
        )
    return lines
