"""Online play (issue 26): messages and their limits, the lobby and relay server, the
reconnecting client, the match kept in step on both sides, LAN discovery, and the headless
network player. Only actions cross the wire: the engine's replays are bit-exact."""
