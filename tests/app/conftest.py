import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from billiard.app.pygletconf import configure  # noqa: E402

configure(headless=True)
