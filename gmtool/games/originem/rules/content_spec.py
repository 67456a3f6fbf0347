"""Where Originem's content comes from: the packaged files it is read from, the model it is
validated against, and how it is built when the cache has no copy.

Apart from ``models.py`` so that the model does not import the reader that builds it
(``content.py`` imports the model): a command whose content is cached imports neither the
reader nor the schema library.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.content.cache import ContentSpec
from gmtool.games.originem.rules.models import OriginemContent


def _read_and_validate(overrides: Mapping[str, Any]) -> OriginemContent:
    from gmtool.games.originem.rules.content import load_content

    return load_content(overrides)


CONTENT = ContentSpec(
    system="originem",
    model=OriginemContent,
    files=(
        *(
            f"tables/originem/{name}.yaml"
            for name in ("classes", "enemies", "missions", "nova", "rules")
        ),
        "scenes/originem/*.yaml",
    ),
    build=_read_and_validate,
)
