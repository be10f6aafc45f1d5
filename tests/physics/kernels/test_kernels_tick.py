"""The compiled tick (billiard.physics.kernels.advance) against its numpy reference
(motion.advance + quaternion.turn): the same state after an advance in every motion state,
the same events on seeded breaks, and each engine bit-identical across runs and frame rates."""

import dataclasses
from functools import partial

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics import kernels
from billiard.physics.motion import accelerations, advance
from billiard.physics.params import POOL
from billiard.physics.pockets import Holes
from billiard.physics.state import Balls, Motion
from billiard.physics.world import World
from billiard.physics.world_advance import advance_compiled
from billiard.shot.simulate import simulate
from billiard.table import get_table
from billiard.validation.speed_targets import break_shot_dict

pytestmark = pytest.mark.skipif(kernels.numba is None, reason="the compiled engine needs numba")

R = POOL.ball_radius


def _random_balls(rng: np.random.Generator, n: int = 36) -> Balls:
    """``n`` balls, a sixth in each motion state, with random speeds and spins (including
    z-spins that stop inside a tick)."""
    states = [Motion.SLIDING, Motion.ROLLING, Motion.SPINNING, Motion.AIRBORNE, Motion.POCKETED, Motion.REST]
    pos = np.column_stack([rng.uniform(-1, 1, n), rng.uniform(-0.5, 0.5, n), np.full(n, R)])
    balls = Balls.create([str(k) for k in range(n)], pos, POOL.ball_mass, R)
    q = rng.normal(size=(n, 4))
    balls.quat[:] = q / np.linalg.norm(q, axis=1)[:, None]
    for k in range(n):
        state = states[k % len(states)]
        v = np.append(rng.normal(scale=2.0, size=2), 0.0)
        wz = rng.normal(scale=20.0) if k % 4 else rng.normal(scale=0.02)  # some stop within the tick
        if state == Motion.SLIDING:
            w = np.append(rng.normal(scale=100.0, size=2), wz)
        elif state == Motion.ROLLING:
            w = np.array([-v[1] / R, v[0] / R, wz])
        elif state == Motion.SPINNING:
            v, w = np.zeros(3), np.array([0.0, 0.0, wz])
        elif state == Motion.AIRBORNE:
            v[2] = rng.normal(scale=1.0)
            pos[k, 2] = R + rng.uniform(0.0, 0.05)
            w = rng.normal(scale=50.0, size=3)
        else:
            v, w = np.zeros(3), np.zeros(3)
        balls.pos[k], balls.vel[k], balls.omega[k] = pos[k], v, w
        balls.motion[k] = state
    return balls


def _both(balls: Balls, params, h: float) -> tuple[Balls, Balls]:
    """The numpy reference and the compiled kernel, each on its own copy of ``balls``."""
    ref, fast = balls.copy(), balls.copy()
    kin = accelerations(ref, params)
    advance(ref, h, kin)
    world = World.__new__(World)  # only the kernel call of a World: no table needed
    world.balls, world._kin, world._advance_args = fast, kin, (None,)
    advance_compiled(world, h)
    return ref, fast


PARAMS = {
    "force rolling": POOL,
    "torque rolling": dataclasses.replace(POOL, rolling_model="torque"),
    "no spin friction": dataclasses.replace(POOL, mu_spin=0.0),
}


@pytest.mark.parametrize("name", sorted(PARAMS))
@pytest.mark.parametrize("seed", range(4))
def test_compiled_advance_equals_the_numpy_advance_in_every_motion_state(name, seed):
    rng = np.random.default_rng(seed)
    balls = _random_balls(rng)
    for h in (1 / 120, float(rng.uniform(1e-6, 0.05)), 1e-9):
        ref, fast = _both(balls, PARAMS[name], h)
        for field in ("pos", "vel", "omega"):
            np.testing.assert_allclose(
                getattr(fast, field), getattr(ref, field), rtol=1e-12, atol=1e-300, err_msg=f"{field}, h = {h}"
            )
        np.testing.assert_allclose(fast.quat, ref.quat, rtol=0, atol=1e-12, err_msg=f"quat, h = {h}")
        np.testing.assert_allclose(np.linalg.norm(fast.quat, axis=1), 1.0, atol=1e-14)
        still = np.isin(balls.motion, (Motion.POCKETED, Motion.REST))
        for field in ("pos", "vel", "omega", "quat"):  # balls that do not move stay untouched
            np.testing.assert_array_equal(getattr(fast, field)[still], getattr(balls, field)[still])
        assert not np.array_equal(fast.pos[~still], balls.pos[~still])


def test_compiled_advance_of_a_table_where_every_ball_moves():
    """The plan's whole-table form (Kinematics.idx a slice) takes the same path."""
    rng = np.random.default_rng(7)
    balls = _random_balls(rng, 12)
    balls.motion[np.isin(balls.motion, (Motion.POCKETED, Motion.REST))] = Motion.SLIDING
    assert isinstance(accelerations(balls, POOL).idx, slice)
    ref, fast = _both(balls, POOL, 1 / 120)
    for field in ("pos", "vel", "omega", "quat"):
        np.testing.assert_allclose(getattr(fast, field), getattr(ref, field), rtol=1e-12, atol=1e-12)


def test_a_flying_ball_falls_and_a_spinning_one_stops_exactly():
    """Closed forms through the kernel: z(t) = z0 + vz t - g t^2 / 2, and |omega_z| falls at
    5 mu_spin g / (2R) to exactly zero (never reverses)."""
    balls = Balls.create(
        ["air", "spin"],
        [[0.0, 0.0, 0.1], [0.5, 0.0, R]],
        POOL.ball_mass,
        R,
        vel=[[1.0, 0.0, 2.0], [0.0, 0.0, 0.0]],
        omega=[[0.0, 0.0, 0.0], [0.0, 0.0, 0.05]],
    )
    balls.motion[:] = (Motion.AIRBORNE, Motion.SPINNING)
    ref, fast = _both(balls, POOL, 0.1)
    assert fast.pos[0, 2] == pytest.approx(0.1 + 2.0 * 0.1 - 0.5 * POOL.g * 0.01, rel=1e-14)
    assert fast.vel[0, 2] == pytest.approx(2.0 - POOL.g * 0.1, rel=1e-14)
    assert fast.omega[1, 2] == 0.0 and ref.omega[1, 2] == 0.0


def test_the_engine_is_chosen_per_world_and_checked():
    from billiard.table import get_table

    balls = Balls.create(["cue"], [[0.0, 0.0, R]], POOL.ball_mass, R)
    assert World(balls.copy(), get_table("pool-9ft"), POOL, engine="numpy").engine == "numpy"
    assert World(balls.copy(), get_table("pool-9ft"), POOL, engine="compiled").engine == "compiled"
    with pytest.raises(BilliardError, match="engine must be one of"):
        World(balls.copy(), get_table("pool-9ft"), POOL, engine="fortran")


def _events(replay, n):
    return [(e.type, e.balls, e.t) for e in replay.events[:n]]


@pytest.mark.parametrize("rack,seed", [("9-ball", 0), ("9-ball", 3), ("10-ball", 1), ("8-ball", 2)])
def test_breaks_first_20_events_match_between_engines(rack, seed):
    shot = break_shot_dict(rack, seed)
    fast = simulate(shot, world_factory=partial(World, engine="compiled"))
    ref = simulate(shot, world_factory=partial(World, engine="numpy"))
    assert len(fast.events) >= 20
    for (ft, fb, f_t), (rt, rb, r_t) in zip(_events(fast, 20), _events(ref, 20)):
        assert (ft, fb) == (rt, rb)
        assert abs(f_t - r_t) < 1e-9


@pytest.mark.parametrize("engine", kernels.ENGINES)
def test_each_engine_is_bit_identical_across_runs_and_frame_rates(engine):
    factory = partial(World, engine=engine)
    shot = break_shot_dict("9-ball", 2)
    a = simulate(shot, fps=60, world_factory=factory)
    b = simulate(shot, fps=60, world_factory=factory)
    c = simulate(shot, fps=90, world_factory=factory)  # samples between ticks
    assert (
        [(e.t, e.type, e.balls) for e in a.events]
        == [(e.t, e.type, e.balls) for e in b.events]
        == [(e.t, e.type, e.balls) for e in c.events]
    )
    for ball in a.final:
        assert a.final[ball] == b.final[ball] == c.final[ball]
        np.testing.assert_array_equal(a.pos[ball], b.pos[ball])
        np.testing.assert_array_equal(a.quat[ball], b.quat[ball])
    # the 90 fps replay holds the 60 fps samples at the times both share (every 1/30 s)
    for ball in a.final:
        np.testing.assert_array_equal(
            a.pos[ball][::2][: len(c.pos[ball][::3])], c.pos[ball][::3][: len(a.pos[ball][::2])]
        )


@pytest.mark.parametrize("seed", range(3))
def test_compiled_classify_and_stop_still_equal_the_references(seed):
    """kernels.states against motion.classify, motion.end_transition (snap to the end state,
    then classify) and rest.stop_still: the same states, the same
    snapped velocities and spins, the same (ball, old, new) changes, on states near every
    threshold (slip, speed, spin just above and below their epsilons)."""
    from billiard.physics.motion import classify, end_transition
    from billiard.physics.rest import stop_still

    rng = np.random.default_rng(seed)
    balls = _random_balls(rng, 48)
    scale = rng.choice([1.0, 1e-6, 1e-9, 1e-10, 0.0], size=(48, 1))  # around SLIP_EPS, SPEED_EPS, STILL_SPEED
    balls.vel *= scale
    balls.omega *= scale * rng.choice([1.0, 0.0], size=(48, 1))
    rolling = rng.random(48) < 0.3  # exactly on the rolling constraint
    balls.omega[rolling, 0], balls.omega[rolling, 1] = -balls.vel[rolling, 1] / R, balls.vel[rolling, 0] / R
    pick = rng.random(48) < 0.2  # speeds around ROLL_STOP_SPEED
    speed = np.maximum(np.linalg.norm(balls.vel[pick, :2], axis=1), 1e-300)
    balls.vel[pick, :2] *= (0.01 * rng.uniform(0.5, 1.5, pick.sum()) / speed)[:, None]
    from billiard.physics.state_changes import classify_rows_of, end_transition_of, stop_still_of

    cases = [(classify_rows_of, classify, (rng.permutation(48)[:30],)), (stop_still_of, stop_still, ())]
    cases += [(end_transition_of, end_transition, (int(i),)) for i in range(48)]
    for stage, reference, args in cases:
        ref, fast = balls.copy(), balls.copy()
        expected = stage("numpy", ref, *args)
        got = stage("compiled", fast, *args)
        assert got == expected and all(type(v) is int for c in got for v in c)
        assert expected == reference(balls.copy(), *args)
        for field in ("vel", "omega", "motion"):
            np.testing.assert_array_equal(getattr(fast, field), getattr(ref, field))
        if stage is not end_transition_of:
            assert len(expected) > 3


@pytest.mark.parametrize("seed", range(3))
def test_compiled_lone_contacts_equal_the_reference_impulses(seed):
    """kernels.resolve against collide_balls / collide_obstacle (seed 004 §4.2): random closing
    pairs in both friction regimes (sticking, sliding), with and without the speed-dependent
    friction fit, and balls hitting a cushion (nose above the centre)."""
    from billiard.physics.group.engine import resolve_grouped
    from billiard.physics.detect import BALL, OBSTACLE, Contact
    from billiard.physics.obstacle_distance import closest_point
    from billiard.table import get_table

    rng = np.random.default_rng(seed)
    table = get_table("pool-9ft")
    regimes = 0
    for trial in range(40):
        params = dataclasses.replace(POOL, mu_ball_fit=float(trial % 2))
        n = rng.normal(size=3) * [1, 1, 0.05]
        n /= np.linalg.norm(n)
        pos = [[0.0, 0.0, R], list(np.array([0.0, 0.0, R]) - 2 * R * n)]
        vel = [rng.normal(scale=2.0, size=3) * [1, 1, 0.1], rng.normal(scale=0.5, size=3) * [1, 1, 0.1]]
        omega = rng.normal(scale=rng.choice([1.0, 200.0]), size=(2, 3))
        balls = Balls.create(["a", "b"], pos, POOL.ball_mass, R, vel=vel, omega=omega)
        balls.motion[:] = Motion.SLIDING
        contact = [Contact(0.0, BALL, 0, 1)]
        out = []
        for compiled in (False, True):
            b = balls.copy()
            events, moved = resolve_grouped(b, contact, table, params, 0.0, compiled=compiled)
            out.append((b, [(e.type, e.balls, e.info) for e in events], moved))
        (ref, ref_events, ref_moved), (fast, fast_events, fast_moved) = out
        assert fast_moved == ref_moved and [e[:2] for e in fast_events] == [e[:2] for e in ref_events]
        if ref_events:
            regimes += 1
            assert fast_events[0][2]["speed"] == pytest.approx(ref_events[0][2]["speed"], rel=1e-12)
        for field in ("vel", "omega"):
            np.testing.assert_allclose(getattr(fast, field), getattr(ref, field), rtol=1e-12, atol=1e-12)
    assert regimes > 10
    # a ball against the rail brick, at the cushion's nose height (the impulse pushes it into the bed)
    hits = 0
    for _trial in range(20):
        y = table.width / 2 - R
        balls = Balls.create(
            ["a"],
            [[rng.uniform(-0.8, 0.8), y, R]],
            POOL.ball_mass,
            R,
            vel=[[rng.normal(), rng.uniform(-0.5, 3.0), 0.0]],
            omega=[rng.normal(scale=50.0, size=3)],
        )
        balls.motion[:] = Motion.SLIDING
        ob = min(
            range(len(table.obstacles)),
            key=lambda k: np.linalg.norm(balls.pos[0] - closest_point(table.obstacles[k], balls.pos[0])),
        )
        contact = [Contact(0.0, OBSTACLE, 0, ob)]
        ref, fast = balls.copy(), balls.copy()
        ref_events, ref_moved = resolve_grouped(ref, contact, table, POOL, 0.0)
        fast_events, fast_moved = resolve_grouped(fast, contact, table, POOL, 0.0, compiled=True)
        assert [(e.type, e.balls, e.info.get("cushion")) for e in fast_events] == [
            (e.type, e.balls, e.info.get("cushion")) for e in ref_events
        ]
        assert fast_moved == ref_moved
        hits += bool(ref_events)
        for field in ("vel", "omega"):
            np.testing.assert_allclose(getattr(fast, field), getattr(ref, field), rtol=1e-12, atol=1e-12)
    assert hits > 5


def test_compiled_touching_search_finds_the_references_group():
    """The frozen rack: a contact on the apex ball grows, in both forms, to the same set of
    touching pairs and ball-cushion contacts (a rack pushed against a rail)."""
    from billiard.physics.detect import BALL, Contact
    from billiard.physics.group.engine import _touching, _touching_compiled
    from billiard.physics.obstacle_distance import closest_point
    from billiard.table import get_table

    table = get_table("pool-9ft")
    pos = [[0.0, 0.0, R]]  # the apex; rows of a touching triangle behind it
    for row in range(1, 5):
        for k in range(row + 1):
            pos.append([row * np.sqrt(3.0) * R, (2 * k - row) * R, R])
    pos.append([-2 * R, 0.0, R])  # the cue ball, touching the apex
    balls = Balls.create([str(k) for k in range(len(pos))], pos, POOL.ball_mass, R)
    contact = [Contact(0.0, BALL, len(pos) - 1, 0)]
    ref = _touching(balls, contact, table)
    assert len(ref) > 20
    assert _touching_compiled(balls, contact, table) == ref
    balls.pos[:, 0] += table.length / 2 - 0.3 - balls.pos[:, 0].max()
    far = int(np.argmax(balls.pos[:, 0]))  # push the rack against the foot rail
    for _ in range(60):  # the nose is above the centre: close in by steps
        gap = min(np.linalg.norm(balls.pos[far] - closest_point(ob, balls.pos[far])) for ob in table.obstacles) - R
        balls.pos[:, 0] += 0.5 * gap
    assert 0 < gap < 1e-8
    ref = _touching(balls, contact, table)
    assert any(k != BALL for k, _, _ in ref)
    assert _touching_compiled(balls, contact, table) == ref


@pytest.mark.parametrize("seed", range(3))
def test_compiled_settle_equals_flight_settle(seed):
    """The bed's reaction after a contact (flight.settle, impact=False, balls over a hole left
    out as Holes.off_holes leaves them) in both forms: balls
    pressed into the bed (absorbed, with the cloth's friction), flying balls coming down
    (bounce with e_table), balls lifted faster than LIFT_SPEED (they fly), balls above the
    bed and pocketed ones (left alone): the same events, states and velocities."""
    rng = np.random.default_rng(seed)
    balls = _random_balls(rng, 48)
    balls.pos[:, 2] = np.where(rng.random(48) < 0.8, R, R + 0.01)
    balls.vel[:, 2] = rng.choice([-1.0, -0.01, 0.0, 0.05, 0.5], size=48) * rng.random(48)
    rows = [int(i) for i in rng.permutation(48)[:40]]
    holes = Holes.from_table(get_table("pool-9ft"))
    for k in range(12):  # over a hole, and on a hole's edge going in or out
        h = k % len(holes.names)
        out_of_centre = rng.normal(size=2)
        out_of_centre /= np.linalg.norm(out_of_centre)
        balls.pos[k, :2] = holes.center[h] + out_of_centre * holes.radius[h] * (0.5 if k < 4 else 1.0)
        balls.vel[k, :2] = out_of_centre * (1.0 if k % 2 else -1.0)
    from billiard.physics.state_changes import settle_after_contact

    out = []
    for engine in ("numpy", "compiled"):
        moved = balls.copy()
        events = settle_after_contact(engine, moved, rows, holes, POOL, 1.5)
        out.append((moved, [(e.t, e.type, e.balls, e.info) for e in events]))
    (ref, ref_events), (fast, fast_events) = out
    assert [e[:3] for e in fast_events] == [e[:3] for e in ref_events]
    assert {e[1] for e in ref_events} == {"ball-bed", "state"}
    for (_, kind, _, info), (_, _, _, ref_info) in zip(fast_events, ref_events):
        if kind == "ball-bed":
            assert type(info["speed"]) is float and info["speed"] == pytest.approx(ref_info["speed"], rel=1e-12)
        else:
            assert info == ref_info
    np.testing.assert_array_equal(fast.motion, ref.motion)
    for field in ("pos", "vel", "omega"):
        np.testing.assert_allclose(getattr(fast, field), getattr(ref, field), rtol=1e-12, atol=1e-15)
