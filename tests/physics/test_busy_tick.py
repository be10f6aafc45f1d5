"""Issue 29, the busiest tick: a break on the practice table (fuzz seed 4242, shot 614, the
linear group model) leaves ten balls at rest touching, pushed on by a ball's spin; contacts
closing at 0.2 um/s to 1 mm/s made 1,151 events in one tick. Contacts closing slower than
V_REST (1 mm/s) are now muted for the tick (found again MUTE_DEPTH deeper): fewer events,
and still no ball inside another."""

from billiard.validation.fuzz.runner import run_shot, shot_for


def test_a_cluster_at_rest_after_a_break_keeps_its_ticks_short_and_its_balls_apart():
    data = shot_for(4242, 614)
    assert data["table"] == "practice" and data["params"]["group_model"] == "linear"
    r = run_shot(data, 614)  # every fuzz invariant after every event: overlap, cushions, energy
    assert r.kind == "ok", r.message
    assert r.busiest_tick < 300  # 458 of these (contact-resolution) steps with V_REST at 0.1 mm/s
