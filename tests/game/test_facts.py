from events import Shot

from billiard.game.facts import shot_facts


def test_first_contact_rails_and_pockets_in_order():
    s = Shot().rail("cue").hit("cue", "3").hit("3", "5").rail("5").pot("5").pot("cue")
    f = shot_facts(s.events, "cue")
    assert f.first_contact == "3"
    assert f.contacts == ("3",)
    assert f.rail_after_contact
    assert f.rail_balls == {"5"}
    assert f.pocketed == ("5", "cue") and f.scratch and f.pocketed_objects == ("5",)


def test_rail_before_contact_does_not_count_after():
    f = shot_facts(Shot().rail("cue").hit("cue", "1").events, "cue")
    assert not f.rail_after_contact


def test_cushions_counted_before_each_object_ball():
    s = Shot("white").hit("white", "red").rail("white").rail("white").hit("white", "red").rail("white")
    s.hit("white", "yellow")
    f = shot_facts(s.events, "white")
    assert f.contacts == ("red", "yellow")
    assert f.cue_cushions_before == {"red": 0, "yellow": 3}


def test_events_out_of_order_are_sorted_by_time():
    s = Shot().hit("cue", "2").hit("cue", "1")
    f = shot_facts(list(reversed(s.events)), "cue")
    assert f.first_contact == "2"


def test_grazing_cushion_contacts_are_not_rails():
    s = Shot().hit("cue", "1")
    s._add("ball-cushion", ("1",), cushion="liner-1", kind="pocket-wall", speed=1e-8)
    f = shot_facts(s.events, "cue")
    assert not f.rail_after_contact and not f.rail_balls
