"""The command line as outside checks use it: ``serve``, ``host``, ``join`` and ``watch`` as
separate processes playing whole matches headless, through the server and directly (a host
killed and resumed), and the one-line refusals. (Engines that differ, a drop, a restart,
spectators: tests/net/test_online.py and test_match_sync.py, in this process.)"""

import json
import os
import subprocess
import sys

import pytest

BILLIARD = [sys.executable, "-m", "billiard"]


def _start(args, env=None):
    return subprocess.Popen(
        [*BILLIARD, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})}
    )


def _port(proc, word):
    for line in proc.stdout:
        if word in line:
            return int(line.rsplit(":", 1)[1].split()[0].strip(")"))
    raise AssertionError(proc.stderr.read())


def _finish(proc):
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return out


def _game(tmp_path, name):
    return json.loads((tmp_path / f"{name}.json").read_text())


def _agree(a, b):
    assert a["strikes"] == b["strikes"] and a["balls"] == b["balls"] and a["pocketed"] == b["pocketed"]
    assert a["winner"] == b["winner"] is not None and a["game_over"] and b["game_over"]
    assert a["network"]["shots_sent"] == b["network"]["shots_received"] > 0
    assert b["network"]["shots_sent"] == a["network"]["shots_received"] > 0
    assert set(a["network"]) == {
        "role",
        "peer",
        "shots_sent",
        "shots_received",
        "resyncs",
        "reconnects",
        "latency_ms_median",
    }


def test_host_join_and_watch_through_serve_play_a_race_to_2_and_the_spectator_sees_the_same_racks(tmp_path):
    """Four processes: the server, the host (a race to 2 racks), a spectator there from the start
    (a short match can end before a late one connects; one joining mid-match:
    tests/net/test_online.py) and the guest (computer players, level 1). The host chooses the
    match's length; the next rack's breaker starts it (a rule decision); both players and the
    spectator end with the same racks, rack by rack. (A direct host and join, without a server:
    the next test.)"""
    server = _start(["serve", "--port", "0", "--bind", "127.0.0.1", "--data-dir", str(tmp_path / "srv")])
    try:
        port = _port(server, "billiard server on")
        via = ["--via", f"127.0.0.1:{port}", "--room", "club"]
        common = ["--headless", "--players", "computer:1", "--until-over", *via]
        host = _start(
            [
                "host",
                *common,
                "--mode",
                "9-ball",
                "--seed",
                "5",  # with the guest's seed 6: two racks in 27 strokes
                "--race",
                "2",
                "--summary",
                str(tmp_path / "h.json"),
                "--data-dir",
                str(tmp_path / "host"),
            ]
        )
        made = next(line for line in host.stdout if "you are player 1" in line)  # the room is there
        assert "room club" in made
        watch = _start(["watch", *via, "--headless", "--summary", str(tmp_path / "w.json")])
        assert "you are spectator" in watch.stdout.readline()
        join = _start(
            [
                "join",
                *common,
                "--seed",
                "6",
                "--summary",
                str(tmp_path / "j.json"),
                "--data-dir",
                str(tmp_path / "guest"),
            ]
        )
        _finish(join)
        _finish(watch)
        _finish(host)
    finally:
        server.terminate()
        server.wait(10)
    h, j, w = _game(tmp_path, "h"), _game(tmp_path, "j"), _game(tmp_path, "w")
    _agree(h, j)
    assert h["mode"] == "9-ball" and h["network"]["role"] == "host" and j["network"]["role"] == "join"
    assert h["network"]["resyncs"] == j["network"]["resyncs"] == 0
    assert h["race"] == j["race"] == w["race"] == 2 and h["match_over"]
    assert max(h["racks_won"]) == 2 and len(h["racks"]) == sum(h["racks_won"]) >= 2
    assert h["racks"] == j["racks"] == w["racks"]  # winner, strokes, scores and end state of each rack
    assert h["shots"] == sum(r["shots"] for r in h["racks"]) == w["network"]["shots_received"]
    assert w["strikes"] == h["strikes"] and w["balls"] == h["balls"] and w["winner"] == h["winner"]
    assert (tmp_path / "srv" / "rooms" / "club.json").is_file()
    assert not list((tmp_path / "guest").rglob("*.json"))  # the seat's token is gone with the match


def _free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_direct_host_killed_mid_match_comes_back_with_resume_and_no_stroke_is_lost(tmp_path, capsys):
    """kill -9 the host (its own server): the joiner pauses with the countdown and reconnects
    once the host runs again with --resume on the same port, from the match kept on disk."""
    import time

    port = _free_port()
    kept = tmp_path / "host" / "online" / f"host-{port}"
    host_args = [
        "host",
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--no-announce",
        "--headless",
        "--players",
        "computer:1",
        "--mode",
        "9-ball",
        "--seed",
        "7",  # a match of more than six strokes (seed 5 with the sixth session's 9-ball break book: about six, a race)
        "--until-over",
        "--reconnect-s",
        "30",
        "--data-dir",
        str(tmp_path / "host"),
    ]
    host = _start([*host_args, "--summary", str(tmp_path / "dead.json")])
    _port(host, "hosting")
    join = _start(
        [
            "join",
            f"127.0.0.1:{port}",
            "--headless",
            "--players",
            "computer:1",
            "--seed",
            "6",
            "--until-over",
            "--summary",
            str(tmp_path / "j.json"),
            "--data-dir",
            str(tmp_path / "guest"),
        ]
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # a few strokes kept on disk, then the host dies
        files = list(kept.glob("*.json"))
        if files and files[0].read_text().count('"seq":') >= 6:
            break
        time.sleep(0.05)
    host.kill()
    host.wait(10)
    again = _start([*host_args, "--resume", "--summary", str(tmp_path / "h.json")])
    assert "resuming the match kept on port" in again.stdout.readline()
    out = _finish(join)
    _finish(again)
    assert "waiting for Host to come back (3:00 left)" in out and "reconnected" in out
    h, j = _game(tmp_path, "h"), _game(tmp_path, "j")
    _agree(h, j)  # every stroke once on both sides: none lost, none played twice
    assert j["network"]["reconnects"] >= 1 and h["shots"] == j["shots"] == len(h["strikes"])
    assert not (tmp_path / "dead.json").exists()
    assert not list((tmp_path / "host" / "online").glob("*.json"))  # the host's seat is forgotten at the end
    # nothing left to resume: one line, exit 2 (the command's own entry point, in this process:
    # the exit code and stderr of a real process are those of tests/commands/test_cli.py)
    from billiard.cli import main

    assert main([*host_args, "--resume"]) == 2
    err = capsys.readouterr().err
    assert "no match to resume" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "args, words",
    [
        (["join", "no such host::7", "--headless", "--players", "computer:1"], "an address is HOST"),
        (["join", "127.0.0.1:9", "--headless", "--players", "computer:1", "--reconnect-s", "1"], "cannot reach"),
        (["host", "--port", "0", "--summary", "x.json"], "for headless play"),
        (["join", "127.0.0.1:9", "--players", "computer:2"], "plays headless"),
        (["host", "--headless", "--players", "human"], "computer player"),
        (["serve", "--cert", "nothing.pem"], "both --cert and --key"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words, capsys):
    from billiard.cli import main

    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
