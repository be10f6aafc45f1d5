from billiard.app.menu import ITEMS, Menu


def menu():
    return Menu(("practice", "8-ball", "snooker"), ("pool-9ft", "snooker"), "practice", "pool-9ft")


def test_keys_select_cycle_and_choose():
    m = menu()
    assert m.key("ENTER").name == "menu"                  # resume closes the menu
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
    i = ITEMS.index("replays")
    assert m.labels()[i] == "Replays" and m.choose(i).name == "replays"
    m.selected = 0
    m.key("UP"), m.key("UP")                  # wraps round: quit, then replays
    assert m.key("ENTER").name == "replays"
