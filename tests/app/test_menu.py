from billiard.app.menu import ITEMS, Menu


def menu():
    return Menu(("practice", "8-ball", "snooker"), ("pool-9ft", "snooker"), "practice", "pool-9ft")


def test_keys_select_cycle_and_choose():
    m = menu()
    assert m.key("ENTER").name == "menu"  # resume closes the menu
    m.key("DOWN"), m.key("DOWN")
    m.key("RIGHT"), m.key("RIGHT")
    assert m.mode == "snooker" and "snooker" in m.labels()[2]
    m.key("DOWN")
    m.key("LEFT")
    assert m.table == "snooker"
    m.key("UP"), m.key("UP")
    a = m.key("SPACE")
    assert a.name == "new-game" and a.value == ("snooker", "snooker")
    m.key("UP"), m.key("UP")
    assert m.key("ENTER").name == "quit"


def test_choosing_a_setting_cycles_it():
    m = menu()
    assert m.choose(2) is None and m.mode == "8-ball"


def test_replays_entry_opens_the_browser():
    m = menu()
    r = ITEMS.index("replays")
    assert m.labels()[r] == "Replays" and m.choose(r).name == "replays"
    m.selected = 0
    m.key("UP"), m.key("UP")  # wraps round: quit, then replays
    assert m.key("ENTER").name == "replays"


def test_volume_and_mute_items_change_the_sound_settings():
    m = menu()
    v = ITEMS.index("volume")
    assert m.labels()[v] == "Volume: < 80% >"
    m.selected = v
    a = m.key("RIGHT")
    assert a.name == "sound" and a.value == (0.9, False) and m.labels()[v] == "Volume: < 90% >"
    m.key("RIGHT"), m.key("RIGHT")
    assert m.volume == 1.0  # RIGHT stops at 100%
    assert m.choose(v).value == (0.0, False)  # choosing wraps round to 0
    assert m.key("LEFT").value == (0.0, False)  # LEFT stops at 0
    s = ITEMS.index("sound")
    assert m.labels()[s] == "Sound: on"
    assert m.choose(s).value == (0.0, True) and m.labels()[s] == "Sound: off (muted)"
    assert m.choose(s).value == (0.0, False)


def test_quality_cycles_through_auto_low_medium_high_and_asks_the_app_to_apply_it():
    m = menu()
    q = ITEMS.index("quality")
    assert m.quality == "auto" and "Quality: < auto >" in m.labels()
    a = m.choose(q)
    assert a.name == "quality" and a.value == "low" and m.quality == "low"
    m.key("RIGHT")
    assert m.key("RIGHT").value == "high"
    assert m.key("RIGHT").value == "auto" and m.key("LEFT").value == "high"


def test_auto_quality_says_what_it_stands_for_here():
    m = Menu(("practice",), ("pool-9ft",), "practice", "pool-9ft", auto_quality="low")
    assert "Quality: < auto (low) >" in m.labels()
    m.choose(ITEMS.index("quality"))
    assert "Quality: < low >" in m.labels()


def test_players_cycle_through_human_and_the_computer_levels():
    m = menu()
    p2 = ITEMS.index("player 2")
    assert m.labels()[p2] == "Player 2: < Human >"
    assert m.choose(p2) is None and m.players == ("human", "computer:1")
    assert m.labels()[p2] == "Player 2: < Computer (level 1) >"
    m.selected = p2
    m.key("LEFT"), m.key("LEFT")
    assert m.players == ("human", "computer:5")
    m.selected = ITEMS.index("player 1")
    m.key("RIGHT")
    assert m.players == ("computer:1", "computer:5")


def test_the_play_online_line_cycles_its_choices_and_gives_the_online_action():
    from billiard.app.controls import Action
    from billiard.app.menu import ONLINE_CHOICES

    m = Menu(("9-ball",), ("pool-9ft",), "9-ball", "pool-9ft")
    m.selected = ITEMS.index("play online")
    assert "Play online: < host a game here >" in m.labels()
    m.key("RIGHT")
    m.key("RIGHT")
    assert m.choose(ITEMS.index("play online")) == Action("online", ONLINE_CHOICES[2])
