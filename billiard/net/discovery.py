"""Games on the local network, found without typing an address (mDNS / DNS-SD, zeroconf).

``billiard host`` announces a ``_billiard._tcp.local.`` service with its name, game, table
and room in the TXT record; ``billiard join`` with no address browses for them. Nothing
here is trusted more than a typed address: the game found is joined through the same
handshake, which refuses a mismatch.
"""

from __future__ import annotations

from collections.abc import Callable

import socket
import time
from dataclasses import dataclass
from typing import Any

SERVICE = "_billiard._tcp.local."
BROWSE_S = 2.0


@dataclass(frozen=True)
class Found:
    """A game announced on the LAN."""

    name: str
    host: str
    port: int
    mode: str
    table: str
    room: str

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def line(self) -> str:
        return f"{self.name}: {self.mode} on {self.table} at {self.address}"


def _local_address() -> str:
    """This machine's address on the LAN (the one a route out would use), else loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent, only a route is chosen
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


class Announcement:
    """The host's service record, registered until :meth:`close` (async, inside the game loop)."""

    def __init__(self, name: str, port: int, mode: str, table: str, room: str) -> None:
        from zeroconf import ServiceInfo

        label = "".join(c for c in name if c.isalnum() or c in " -_")[:40] or "billiard"
        self.info = ServiceInfo(
            SERVICE,
            f"{label} {port}.{SERVICE}",
            port=port,
            addresses=[socket.inet_aton(_local_address())],
            properties={"name": name[:60], "mode": mode, "table": table, "room": room},
            server=f"{socket.gethostname()}.local.",
        )
        self.zc: Any = None

    async def start(self) -> None:
        from zeroconf.asyncio import AsyncZeroconf

        zc = AsyncZeroconf()
        self.zc = zc
        await zc.async_register_service(self.info)

    async def close(self) -> None:
        if self.zc is not None:
            await self.zc.async_unregister_service(self.info)
            await self.zc.async_close()
            self.zc = None


def browse(seconds: float = BROWSE_S, until: Callable[[set[str]], bool] | None = None) -> list[Found]:
    """The games announced on the LAN within ``seconds`` (blocking), by name; ``until``: stop
    listening sooner, once it holds for the service names heard so far."""
    from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf

    zc = Zeroconf()
    names: set[str] = set()

    def changed(zeroconf, service_type, name, state_change) -> None:
        if state_change is ServiceStateChange.Added:
            names.add(name)

    browser = ServiceBrowser(zc, SERVICE, handlers=[changed])
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (until is not None and until(set(names))):
            time.sleep(0.05)
        found = []
        for name in sorted(names):
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info is None or not info.parsed_addresses():
                continue
            props = {
                k.decode(errors="replace"): (v or b"").decode(errors="replace") for k, v in info.properties.items()
            }
            found.append(
                Found(
                    props.get("name", name)[:60],
                    info.parsed_addresses()[0],
                    int(info.port or 0),
                    props.get("mode", "?")[:32],
                    props.get("table", "?")[:32],
                    props.get("room", "")[:32],
                )
            )
        return found
    finally:
        browser.cancel()
        zc.close()
