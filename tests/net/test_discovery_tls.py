"""A game announced on the LAN is found without an address (mDNS, when this machine has
multicast), and a server given a certificate speaks TLS: a client that trusts it plays,
one that does not is refused in one line."""

import asyncio
import shutil
import ssl
import subprocess

import pytest

from billiard import __version__
from billiard.errors import BilliardError
from billiard.net.client import Link
from billiard.net.messages import PROTOCOL, Hello
from billiard.net.options import tls_server
from billiard.net.server import Server


def _heard_ann(names):
    return any(n.startswith("Ann table 40123.") for n in names)


def test_an_announced_game_is_found_on_the_lan():
    from billiard.net.discovery import Announcement, browse

    async def main():
        ad = Announcement("Ann table", 40123, "9-ball", "pool-9ft", "table")
        try:
            await ad.start()
        except OSError as exc:
            pytest.skip(f"no multicast here: {exc}")
        try:
            return await asyncio.to_thread(browse, 5.0, _heard_ann)  # at most 5 s: a loaded machine answers late
        finally:
            await ad.close()

    found = [f for f in asyncio.run(main()) if f.port == 40123]
    assert found and found[0].name == "Ann table" and found[0].mode == "9-ball" and found[0].room == "table"
    assert found[0].address.endswith(":40123")


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test certificate")
def test_a_server_with_a_certificate_speaks_tls(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ],
        check=True,
        capture_output=True,
    )

    async def main():
        server = Server()
        port = await server.start("127.0.0.1", 0, tls_server(str(cert), str(key)))
        url = f"wss://127.0.0.1:{port}"
        trusting = ssl.create_default_context(cafile=str(cert))
        link = Link(url, Hello(PROTOCOL, __version__, "player", room="tls", create=True), trusting)
        welcome = await link.open()
        await link.close()
        stranger = Link(url, Hello(PROTOCOL, __version__, "watcher", room="tls"), ssl.create_default_context())
        try:
            await stranger.open()
            refused = ""
        except BilliardError as exc:
            refused = str(exc)
        await server.close()
        return welcome, refused

    welcome, refused = asyncio.run(main())
    assert welcome.room == "tls" and welcome.seat == 0
    assert "CERTIFICATE_VERIFY_FAILED" in refused and "\n" not in refused
