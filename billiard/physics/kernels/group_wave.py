"""Compiled group solver "wave" (issue 28): :func:`billiard.physics.group.wave.solve_wave`, its
non-negative least squares (:mod:`billiard.physics.group.nnls`) and its Coulomb friction along
the impulse (:mod:`billiard.physics.group.friction`), the numpy references, in one call.

Same rounds, same tolerances, same sweeps and impulse parts as the references, written as
loops over small dense arrays (numba's matrix products and ``np.linalg`` would need SciPy's
BLAS and LAPACK at run time, which the game does not install). The least-squares steps of the
NNLS are solved by Householder QR with column pivoting instead of numpy's SVD: the same
solution where the passive columns are independent (Lawson and Hanson's active set keeps them
so), dropping a column whose pivot is below numpy's ``rcond`` cut otherwise. Results agree
with the references to round-off (tests/physics/kernels/test_kernels_group.py), not bit for bit.
"""

from __future__ import annotations

import math

import numpy as np

from billiard.physics.kernels import njit

MAX_SWEEPS = 400  # billiard.physics.group.friction.MAX_SWEEPS
IMPULSE_PARTS = 64  # friction.IMPULSE_PARTS
SLIP_COUPLING = 1e-9  # friction.SLIP_COUPLING
_EPS = 2.220446049250313e-16


@njit
def _jac_rows(
    pos: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    point: np.ndarray,
    dirs: np.ndarray,
    sel: np.ndarray,
    out: np.ndarray,
    first: int,
) -> None:
    """Rows ``first`` ... of ``out``: u . dirs[k] for the contacts ``sel`` (:func:`group.jacobian.rows`)."""
    nb = pos.shape[0]
    for k in range(sel.shape[0]):
        for c in range(out.shape[1]):
            out[first + k, c] = 0.0
    for row in range(sel.shape[0]):
        k = sel[row]
        r = first + row
        ia = a[k]
        dx, dy, dz = dirs[k, 0], dirs[k, 1], dirs[k, 2]
        ax, ay, az = point[k, 0] - pos[ia, 0], point[k, 1] - pos[ia, 1], point[k, 2] - pos[ia, 2]
        out[r, 3 * ia] = dx
        out[r, 3 * ia + 1] = dy
        out[r, 3 * ia + 2] = dz
        out[r, 3 * nb + 3 * ia] = ay * dz - az * dy
        out[r, 3 * nb + 3 * ia + 1] = az * dx - ax * dz
        out[r, 3 * nb + 3 * ia + 2] = ax * dy - ay * dx
        ib = b[k]
        if ib >= 0:
            bx, by, bz = point[k, 0] - pos[ib, 0], point[k, 1] - pos[ib, 1], point[k, 2] - pos[ib, 2]
            out[r, 3 * ib] = -dx
            out[r, 3 * ib + 1] = -dy
            out[r, 3 * ib + 2] = -dz
            out[r, 3 * nb + 3 * ib] = -(by * dz - bz * dy)
            out[r, 3 * nb + 3 * ib + 1] = -(bz * dx - bx * dz)
            out[r, 3 * nb + 3 * ib + 2] = -(bx * dy - by * dx)


@njit
def _zeros(n: int) -> np.ndarray:
    out = np.empty(n)
    for k in range(n):
        out[k] = 0.0
    return out


@njit
def _flags(n: int) -> np.ndarray:
    out = np.empty(n, np.bool_)
    for k in range(n):
        out[k] = False
    return out


@njit
def _copy(v: np.ndarray) -> np.ndarray:
    out = np.empty(v.shape[0])
    for k in range(v.shape[0]):
        out[k] = v[k]
    return out


@njit
def _tangents(normal: np.ndarray, t1: np.ndarray, t2: np.ndarray) -> None:
    """:func:`group.jacobian.tangents`: t1 = n x (the axis least aligned with n), normalised; t2 = n x t1."""
    for k in range(normal.shape[0]):
        nx, ny, nz = normal[k, 0], normal[k, 1], normal[k, 2]
        axis = 0
        if math.fabs(ny) < math.fabs(nx):
            axis = 1
        if math.fabs(nz) < math.fabs(normal[k, axis]):
            axis = 2
        hx, hy, hz = (1.0 if axis == 0 else 0.0), (1.0 if axis == 1 else 0.0), (1.0 if axis == 2 else 0.0)
        cx, cy, cz = ny * hz - nz * hy, nz * hx - nx * hz, nx * hy - ny * hx
        norm = math.sqrt(cx * cx + cy * cy + cz * cz)
        cx, cy, cz = cx / norm, cy / norm, cz / norm
        t1[k, 0], t1[k, 1], t1[k, 2] = cx, cy, cz
        t2[k, 0], t2[k, 1], t2[k, 2] = ny * cz - nz * cy, nz * cx - nx * cz, nx * cy - ny * cx


@njit
def _matvec(mat: np.ndarray, vec: np.ndarray, out: np.ndarray) -> None:
    for r in range(mat.shape[0]):
        s = 0.0
        for c in range(mat.shape[1]):
            s += mat[r, c] * vec[c]
        out[r] = s


@njit
def _add_rows_t(q: np.ndarray, inv_mass: np.ndarray, rows: np.ndarray, lam: np.ndarray, factor: float) -> None:
    """q += factor * inv_mass * (rows.T @ lam), in place."""
    for c in range(q.shape[0]):
        s = 0.0
        for r in range(rows.shape[0]):
            s += rows[r, c] * lam[r]
        q[c] += factor * inv_mass[c] * s


@njit
def _energy(q: np.ndarray, inv_mass: np.ndarray) -> float:
    s = 0.0
    for c in range(q.shape[0]):
        s += q[c] * q[c] / inv_mass[c]
    return 0.5 * s


@njit
def _lstsq(c: np.ndarray, d: np.ndarray, cols: np.ndarray, ncols: int, z: np.ndarray) -> None:
    """z[cols[:ncols]] = argmin ||c[:, cols] x - d|| (Householder QR, column pivoting, numpy's
    rcond cut: a column whose pivot falls below it gets 0); other entries of z untouched."""
    m = c.shape[0]
    w = np.empty((m, ncols))
    for k in range(ncols):
        for r in range(m):
            w[r, k] = c[r, cols[k]]
    rhs = np.empty(m)
    for r in range(m):
        rhs[r] = d[r]
    perm = np.empty(ncols, np.int64)
    for k in range(ncols):
        perm[k] = k
    norms = np.empty(ncols)
    for k in range(ncols):
        s = 0.0
        for r in range(m):
            s += w[r, k] * w[r, k]
        norms[k] = s
    steps = min(m, ncols)
    rank = 0
    cut = 0.0
    for k in range(steps):
        best = k
        for j in range(k + 1, ncols):
            if norms[j] > norms[best]:
                best = j
        if best != k:
            for r in range(m):
                w[r, k], w[r, best] = w[r, best], w[r, k]
            perm[k], perm[best] = perm[best], perm[k]
            norms[k], norms[best] = norms[best], norms[k]
        alpha = 0.0
        for r in range(k, m):
            alpha += w[r, k] * w[r, k]
        alpha = math.sqrt(alpha)
        if k == 0:
            cut = _EPS * max(m, ncols) * alpha
        if alpha <= cut or alpha == 0.0:
            break
        if w[k, k] > 0.0:
            alpha = -alpha
        # Householder vector v = x - alpha e1 in w[k:, k]; R[k, k] = alpha
        w[k, k] -= alpha
        vnorm2 = 0.0
        for r in range(k, m):
            vnorm2 += w[r, k] * w[r, k]
        if vnorm2 > 0.0:
            for j in range(k + 1, ncols):
                s = 0.0
                for r in range(k, m):
                    s += w[r, k] * w[r, j]
                s = 2.0 * s / vnorm2
                for r in range(k, m):
                    w[r, j] -= s * w[r, k]
            s = 0.0
            for r in range(k, m):
                s += w[r, k] * rhs[r]
            s = 2.0 * s / vnorm2
            for r in range(k, m):
                rhs[r] -= s * w[r, k]
        w[k, k] = alpha
        for j in range(k + 1, ncols):
            norms[j] -= w[k, j] * w[k, j]
            if norms[j] < 0.0:
                norms[j] = 0.0
        rank = k + 1
    x = _zeros(ncols)
    for k in range(rank - 1, -1, -1):
        s = rhs[k]
        for j in range(k + 1, rank):
            s -= w[k, j] * x[j]
        x[k] = s / w[k, k]
    for k in range(ncols):
        z[cols[perm[k]]] = x[k]


@njit
def nnls(c: np.ndarray, d: np.ndarray) -> np.ndarray:
    """:func:`billiard.physics.group.nnls.nnls`: p >= 0 minimising ||c @ p - d|| (Lawson & Hanson)."""
    m, n = c.shape
    p = _zeros(n)
    passive = _flags(n)
    cmax = 0.0
    for r in range(m):
        for k in range(n):
            cmax = max(cmax, math.fabs(c[r, k]))
    dmax = 0.0
    for r in range(m):
        dmax = max(dmax, math.fabs(d[r]))
    scale = cmax * dmax
    if scale == 0.0:
        return p
    tol = 1e-13 * scale * max(m, n)
    resid = np.empty(m)
    z = _zeros(n)
    cols = np.empty(n, np.int64)
    for _ in range(3 * n + 10):
        for r in range(m):
            s = d[r]
            for k in range(n):
                s -= c[r, k] * p[k]
            resid[r] = s
        j = -1
        wbest = -np.inf
        for k in range(n):
            if passive[k]:
                continue
            s = 0.0
            for r in range(m):
                s += c[r, k] * resid[r]
            if s > wbest:
                wbest, j = s, k
        if j < 0 or wbest <= tol:
            break
        passive[j] = True
        done = False
        for _inner in range(n + 1):
            ncols = 0
            for k in range(n):
                z[k] = 0.0
                if passive[k]:
                    cols[ncols] = k
                    ncols += 1
            _lstsq(c, d, cols, ncols, z)
            any_bad = False
            p_bad = False
            for k in range(n):
                if passive[k] and z[k] <= 0.0:
                    any_bad = True
                    if p[k] != 0.0:
                        p_bad = True
            if not any_bad:
                for k in range(n):
                    p[k] = z[k]
                done = True
                break
            if not p_bad:  # a variable that cannot grow: drop it and stop the inner loop
                for k in range(n):
                    if passive[k] and z[k] <= 0.0 and p[k] == 0.0:
                        passive[k] = False
                continue
            alpha = np.inf
            for k in range(n):
                if passive[k] and z[k] <= 0.0:
                    alpha = min(alpha, p[k] / (p[k] - z[k]))
            bad_cut = _flags(n)
            for k in range(n):
                bad_cut[k] = passive[k] and z[k] <= 0.0 and p[k] / (p[k] - z[k]) <= alpha
            for k in range(n):
                p[k] = p[k] + alpha * (z[k] - p[k])
            for k in range(n):
                passive[k] = passive[k] and p[k] > 0.0 and not bad_cut[k]
                if not passive[k]:
                    p[k] = 0.0
        if not done:
            break
        if not passive[j]:
            break
    return p


@njit
def _compress(jac: np.ndarray, act: np.ndarray, q: np.ndarray, inv_mass: np.ndarray) -> np.ndarray:
    """wave._compress on the rows ``act`` of ``jac``: C = (J_s M^-1/2)^T, d = -M^1/2 q, NNLS."""
    ndof = q.shape[0]
    s = act.shape[0]
    c = np.empty((ndof, s))
    d = np.empty(ndof)
    for col in range(ndof):
        root = math.sqrt(inv_mass[col])
        d[col] = -q[col] / root
        for k in range(s):
            c[col, k] = jac[act[k], col] * root
    return nnls(c, d)


@njit
def _operator(jac: np.ndarray, inv_mass: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """friction._operator: K = J M^-1 J^T and the Jacobi steps 1/(rho D)."""
    rows, ndof = jac.shape
    k_mat = np.empty((rows, rows))
    for r in range(rows):
        for c in range(rows):
            s = 0.0
            for x in range(ndof):
                s += jac[r, x] * inv_mass[x] * jac[c, x]
            k_mat[r, c] = s
    rho = -np.inf
    for r in range(rows):
        s = 0.0
        for c in range(rows):
            s += math.fabs(k_mat[r, c])
        rho = max(rho, s / k_mat[r, r])
    step = np.empty(rows)
    for r in range(rows):
        step[r] = 1.0 / (rho * k_mat[r, r])
    return k_mat, step


@njit
def _coulomb(u0: np.ndarray, k_mat: np.ndarray, step: np.ndarray, limit: np.ndarray, lam: np.ndarray) -> None:
    """friction._coulomb from the first guess ``lam`` (2s,), in place."""
    s = limit.shape[0]
    lmax = 0.0
    for k in range(s):
        lmax = max(lmax, limit[k])
    trial = np.empty(2 * s)
    for _ in range(MAX_SWEEPS):
        for r in range(2 * s):
            acc = u0[r]
            for c in range(2 * s):
                acc += k_mat[r, c] * lam[c]
            trial[r] = lam[r] - step[r] * acc
        change = 0.0
        for k in range(s):
            norm = math.hypot(trial[k], trial[s + k])
            shrink = min(1.0, limit[k] / max(norm, 1e-300))
            new = trial[k] * shrink
            change = max(change, math.fabs(new - lam[k]))
            lam[k] = new
            new = trial[s + k] * shrink
            change = max(change, math.fabs(new - lam[s + k]))
            lam[s + k] = new
        if change <= 1e-15 * lmax:
            break


@njit
def _friction_vectors(t1: np.ndarray, t2: np.ndarray, sel: np.ndarray, lam: np.ndarray, out: np.ndarray) -> None:
    """friction._as_vectors added to ``out`` (nc, 3)."""
    s = sel.shape[0]
    for r in range(s):
        k = sel[r]
        for x in range(3):
            out[k, x] += lam[r] * t1[k, x] + lam[s + r] * t2[k, x]


@njit
def _tangent_jac(
    pos: np.ndarray, a: np.ndarray, b: np.ndarray, point: np.ndarray, t1: np.ndarray, t2: np.ndarray, sel: np.ndarray
) -> np.ndarray:
    """friction._tangent_rows: the t1 rows of ``sel`` then their t2 rows (2s, 6nb)."""
    s = sel.shape[0]
    jac = np.empty((2 * s, 6 * pos.shape[0]))
    _jac_rows(pos, a, b, point, t1, sel, jac, 0)
    _jac_rows(pos, a, b, point, t2, sel, jac, s)
    return jac


@njit
def _friction_once(
    pos, a, b, point, t1, t2, sel, q: np.ndarray, inv_mass: np.ndarray, limit: np.ndarray, friction: np.ndarray
) -> None:
    """friction.apply_friction on ``q`` (in place) for the contacts ``sel`` with their limits."""
    jac = _tangent_jac(pos, a, b, point, t1, t2, sel)
    k_mat, step = _operator(jac, inv_mass)
    u0 = np.empty(jac.shape[0])
    _matvec(jac, q, u0)
    lam = _zeros(jac.shape[0])
    _coulomb(u0, k_mat, step, limit, lam)
    _add_rows_t(q, inv_mass, jac, lam, 1.0)
    _friction_vectors(t1, t2, sel, lam, friction)


@njit
def _friction_during(
    pos, a, b, point, mu, t1, t2, q: np.ndarray, inv_mass: np.ndarray, jac_n: np.ndarray, normal: np.ndarray, friction
) -> None:
    """friction.apply_friction_during: the normal impulses ``normal`` (nc,) on the rows ``jac_n``
    applied to ``q`` in place, with Coulomb friction along the impulse; the friction impulse
    vectors of this round added to ``friction`` (nc, 3)."""
    ndof = q.shape[0]
    nc = normal.shape[0]
    normal_dq = _zeros(ndof)
    _add_rows_t(normal_dq, inv_mass, jac_n, normal, 1.0)
    count = 0
    for k in range(nc):
        if mu[k] * normal[k] > 0.0:
            count += 1
    if count == 0:
        for x in range(ndof):
            q[x] += normal_dq[x]
        return
    sel = np.empty(count, np.int64)
    limit = np.empty(count)
    count = 0
    for k in range(nc):
        if mu[k] * normal[k] > 0.0:
            sel[count] = k
            limit[count] = mu[k] * normal[k]
            count += 1
    jac = _tangent_jac(pos, a, b, point, t1, t2, sel)
    rows = jac.shape[0]
    tmp = np.empty(rows)
    _matvec(jac, normal_dq, tmp)
    slip_change = 0.0
    for r in range(rows):
        slip_change = max(slip_change, math.fabs(tmp[r]))
    _matvec(jac, q, tmp)
    scale_q = 0.0
    for r in range(rows):
        scale_q = max(scale_q, math.fabs(tmp[r]))
    tmp_n = np.empty(nc)
    _matvec(jac_n, normal_dq, tmp_n)
    scale_n = 0.0
    for r in range(nc):
        scale_n = max(scale_n, math.fabs(tmp_n[r]))
    scale = max(scale_q, scale_n, 1e-300)
    k_mat, step = _operator(jac, inv_mass)
    if slip_change <= SLIP_COUPLING * scale:
        for x in range(ndof):
            q[x] += normal_dq[x]
        _matvec(jac, q, tmp)
        once = _zeros(rows)
        _coulomb(tmp, k_mat, step, limit, once)
        _add_rows_t(q, inv_mass, jac, once, 1.0)
        _friction_vectors(t1, t2, sel, once, friction)
        return
    start = _copy(q)
    total = _zeros(rows)
    part_limit = np.empty(count)
    for k in range(count):
        part_limit[k] = limit[k] / IMPULSE_PARTS
    lam = _zeros(rows)
    for _ in range(IMPULSE_PARTS):
        for x in range(ndof):
            q[x] += normal_dq[x] / IMPULSE_PARTS
        _matvec(jac, q, tmp)
        _coulomb(tmp, k_mat, step, part_limit, lam)  # the previous part's impulses as the first guess
        _add_rows_t(q, inv_mass, jac, lam, 1.0)
        for r in range(rows):
            total[r] += lam[r]
    if _energy(q, inv_mass) > _energy(start, inv_mass):
        # the energy rose: friction after the whole impulse instead (dissipative by construction)
        for x in range(ndof):
            q[x] = start[x] + normal_dq[x]
        _friction_once(pos, a, b, point, t1, t2, sel, q, inv_mass, limit, friction)
        return
    _friction_vectors(t1, t2, sel, total, friction)


@njit
def _approaching(jac: np.ndarray, q: np.ndarray, tol: float, un: np.ndarray) -> np.ndarray:
    """The contacts whose normal velocity ``jac @ q`` (into ``un``) approaches faster than ``tol``."""
    _matvec(jac, q, un)
    count = 0
    for k in range(un.shape[0]):
        if un[k] < -tol:
            count += 1
    act = np.empty(count, np.int64)
    count = 0
    for k in range(un.shape[0]):
        if un[k] < -tol:
            act[count] = k
            count += 1
    return act


@njit
def solve_wave(
    pos: np.ndarray,
    vel: np.ndarray,
    omega: np.ndarray,
    mass: np.ndarray,
    radius: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    normal: np.ndarray,
    point: np.ndarray,
    e: np.ndarray,
    mu: np.ndarray,
    out_vel: np.ndarray,
    out_omega: np.ndarray,
    out_normal: np.ndarray,
    out_friction: np.ndarray,
) -> None:
    """:func:`billiard.physics.group.wave.solve_wave` of the group given as its arrays
    (:class:`billiard.physics.group.contacts.ContactGroup`): the velocities after the collision
    into ``out_vel``, ``out_omega`` (nb, 3), the total normal impulses into ``out_normal`` (nc,)
    and the friction impulses given to body a into ``out_friction`` (nc, 3)."""
    nb = pos.shape[0]
    nc = a.shape[0]
    ndof = 6 * nb
    inv_mass = np.empty(ndof)
    q = np.empty(ndof)
    vmax = 0.0
    wmax = 0.0
    for i in range(nb):
        inertia = 0.4 * mass[i] * radius[i] ** 2
        for x in range(3):
            inv_mass[3 * i + x] = 1.0 / mass[i]
            inv_mass[3 * nb + 3 * i + x] = 1.0 / inertia
            q[3 * i + x] = vel[i, x]
            q[3 * nb + 3 * i + x] = omega[i, x]
            vmax = max(vmax, math.fabs(vel[i, x]))
            wmax = max(wmax, math.fabs(omega[i, x] * radius[i]))
    every = np.empty(nc, np.int64)
    for k in range(nc):
        every[k] = k
    jac = np.empty((nc, ndof))
    _jac_rows(pos, a, b, point, normal, every, jac, 0)
    t1 = np.empty((nc, 3))
    t2 = np.empty((nc, 3))
    _tangents(normal, t1, t2)
    tol = 1e-10 * max(vmax, wmax, 1e-12)
    for k in range(nc):
        out_normal[k] = 0.0
        for x in range(3):
            out_friction[k, x] = 0.0
    un = np.empty(nc)
    impulse = np.empty(nc)
    finished = False
    for _ in range(64 + 8 * nc):
        act = _approaching(jac, q, tol, un)
        count = act.shape[0]
        if count == 0:
            finished = True
            break
        p_c = _compress(jac, act, q, inv_mass)
        e_lo, e_hi = np.inf, -np.inf
        for k in range(count):
            e_lo = min(e_lo, e[act[k]])
            e_hi = max(e_hi, e[act[k]])
        use_lo = False
        if e_hi > e_lo:  # mixed restitution: check that the energy does not rise
            q_r = _copy(q)
            for k in range(nc):
                impulse[k] = 0.0
            for k in range(count):
                impulse[act[k]] = (1.0 + e[act[k]]) * p_c[k]
            _add_rows_t(q_r, inv_mass, jac, impulse, 1.0)
            use_lo = _energy(q_r, inv_mass) > _energy(q, inv_mass)
        for k in range(nc):
            impulse[k] = 0.0
        for k in range(count):
            impulse[act[k]] = (1.0 + (e_lo if use_lo else e[act[k]])) * p_c[k]
        _friction_during(pos, a, b, point, mu, t1, t2, q, inv_mass, jac, impulse, out_friction)
        for k in range(nc):
            out_normal[k] += impulse[k]
    if not finished:
        act = _approaching(jac, q, tol, un)
        count = act.shape[0]
        if count > 0:  # safety net: end every remaining approach inelastically
            p_c = _compress(jac, act, q, inv_mass)
            for k in range(nc):
                impulse[k] = 0.0
            for k in range(count):
                impulse[act[k]] = p_c[k]
                out_normal[act[k]] += p_c[k]
            _add_rows_t(q, inv_mass, jac, impulse, 1.0)
    for i in range(nb):
        for x in range(3):
            out_vel[i, x] = q[3 * i + x]
            out_omega[i, x] = q[3 * nb + 3 * i + x]
