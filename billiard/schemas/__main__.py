"""``python -m billiard.schemas [--check]``: regenerate the published JSON Schemas from their
typed definitions (:data:`billiard.schemas.published.PUBLISHED`), or list the stale ones and
exit 1."""

from __future__ import annotations

import argparse
import sys

from billiard.formats.schema import stale, write
from billiard.schemas.published import PUBLISHED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m billiard.schemas", description="Regenerate billiard/schemas/ from the typed formats."
    )
    parser.add_argument("--check", action="store_true", help="list stale schemas and exit 1, write nothing")
    args = parser.parse_args(argv)
    if args.check:
        names = stale(PUBLISHED)
        for name in names:
            print(f"stale: {name}.schema.json (run: python -m billiard.schemas)")
        return 1 if names else 0
    write(PUBLISHED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
