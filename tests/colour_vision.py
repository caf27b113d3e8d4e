"""Colour-vision checks shared by the board tests and the browser tests: the Machado, Oliveira &
Fernandes (2009) dichromacy simulations (severity 1.0) and greyscale, sRGB -> linear RGB -> CIE Lab,
the CIE76 and CIEDE2000 colour differences and the WCAG contrast ratio."""

from __future__ import annotations

import math

PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
TRITANOPIA = ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900))
SIMULATIONS = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}
CONDITIONS = ("deuteranopia", "protanopia", "tritanopia", "greyscale")


def linear(srgb):
    """sRGB components (0..1) as linear RGB."""
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in srgb]


def simulate(rgb, matrix):
    """``rgb`` as a dichromat sees it (the matrix applied, clamped to 0..1)."""
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix]


def lab(linear_rgb):
    """CIE Lab (D65) of linear RGB."""
    r, g, b = linear_rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e76(lab1, lab2):
    return sum((p - q) ** 2 for p, q in zip(lab1, lab2, strict=True)) ** 0.5


def ciede2000(lab1, lab2):
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_lp, d_cp = l2 - l1, c2p - c1p
    d_hp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((d_lp / s_l) ** 2 + (d_cp / s_c) ** 2 + (d_hp / s_h) ** 2 + r_t * (d_cp / s_c) * (d_hp / s_h))


def seen_as(rgb255, condition: str):
    """A CSS colour (0..255 components) as linear RGB, as someone with ``condition`` sees it (the
    Machado matrices applied to linear RGB; greyscale keeps the relative luminance)."""
    rgb = linear([c / 255 for c in rgb255[:3]])
    if condition == "greyscale":
        y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
        return [y, y, y]
    matrix = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA, "tritanopia": TRITANOPIA}[condition]
    return simulate(rgb, matrix)


def contrast(linear_a, linear_b) -> float:
    """The WCAG contrast ratio of two linear RGB colours."""
    la, lb = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] for c in (linear_a, linear_b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
