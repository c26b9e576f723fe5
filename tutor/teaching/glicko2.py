"""Glicko-2 ratings, written from Mark Glickman's paper "Example of the
Glicko-2 system" (2013), the system Lichess rates its players and puzzles
with.

A rating is (r, RD, sigma) on the Glicko scale (1500 = an average player):
`RD` says how sure the rating is (350 = nothing known; a rating is, with
95% confidence, within 2 RD of the true strength), `sigma` how erratic the
player is.  `update(player, games)` plays one rating period: `games` is a
list of (opponent, score) with a score from 0 (lost) to 1 (won); partial
scores (a half-found quiz) are allowed, as in the paper's formulas.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178          # Glicko-2 works on (r - 1500) / SCALE
TAU = 0.5                 # how fast volatility may change (the paper's example value)
EPSILON = 0.000001
DEFAULT_RD = 350.0
DEFAULT_SIGMA = 0.06


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = DEFAULT_RD
    sigma: float = DEFAULT_SIGMA


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (0..1)."""
    mu, mu_j = (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(opponent.rd / SCALE) * (mu - mu_j)))


def update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period holding `games`."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.rd / SCALE, player.sigma
    if not games:             # step 6 only: the deviation grows with the time away
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(DEFAULT_RD, phi_star * SCALE), sigma)
    v_inv, delta_sum = 0.0, 0.0
    for opp, score in games:                         # steps 3 and 4
        mu_j, phi_j = (opp.rating - 1500) / SCALE, opp.rd / SCALE
        g = _g(phi_j)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)     # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)    # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)   # step 7
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(SCALE * mu_new + 1500, SCALE * phi_new, sigma_new)


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    return math.exp(big_a / 2.0)
