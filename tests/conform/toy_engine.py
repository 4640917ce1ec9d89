"""A toy engine of The Wolves: the seeded setup and the snake draft, nothing
more.  It knows nothing of wolves(1) or its protocol: it has its own API
(cells as (column, row) tuples, players by seat number, its own names for
what it refuses), as a third-party engine would.  toy_adapter.py makes it
speak the engine protocol (wolves-engine(5)) so that `wolves conform` can
check it.

Everything here follows wolves-engine(5), SEEDED SETUP (the generator, the
draws, the layout) and the rulebook's "Place Wolves Using a Snake Draft"
and its 2 Player Variant; nothing is read from wolves."""

MASK = (1 << 64) - 1

COLOURS = ["forest", "grass", "desert", "tundra", "rocky"]  # also the terrains
PREY = ["moose", "deer", "raccoon", "boar", "rabbit"]
PHASES = ["crescent", "quarter", "full"]
# Piece types, lowest tier first (Den < Pack Wolf < Alpha < Lair).
TYPES = ["den", "pack", "alpha", "lair"]


class Generator:
    """splitmix64, with the two draws the setup makes of it."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        threshold = ((1 << 64) - n) % n
        while True:
            x = self.next()
            if x >= threshold:
                return x % n

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


# A board's 16 hexes: offset from its centre, terrain group on a Region Board
# ("W" the Water Source), terrain on the Start Board ("#" the chasm), icon.
BOARD = [
    ((-3, -2), 0, "T", None), ((-2, -2), 0, "R", None), ((-1, -2), 0, "D", "lone"), ((-3, -1), 1, "#", None),
    ((-2, -1), 2, "#", "prey"), ((-1, -1), 2, "#", None), ((0, -1), 3, "G", None), ((1, -1), 3, "F", None),
    ((-3, 0), 1, "D", None), ((-2, 0), 1, "G", None), ((-1, 0), 2, "#", None), ((0, 0), "W", "#", None),
    ((1, 0), 3, "#", None), ((-1, 1), 4, "F", "lone"), ((0, 1), 4, "T", None), ((1, 1), 4, "R", None),
]
PALETTES = ["GFTRD", "RFGTD", "FGDRT", "GDTFR", "DTRGF", "DRGTF", "TRFDG", "FTDGR", "RGFDT", "TDRFG"]
LETTER_TERRAIN = {"F": "forest", "G": "grass", "D": "desert", "T": "tundra", "R": "rocky"}
# The Start Board's place (None for 2 players), then the Region Boards'.
PLACES = {
    2: (None, [(8, 9, 0), (6, 5, 0), (3, 7, 0), (10, 13, 0), (13, 11, 0)]),
    3: ((8, 9, 0), [(11, 7, 0), (4, 4, 1), (1, 6, 1), (5, 11, 0), (8, 12, 1), (13, 11, 0)]),
    4: ((10, 10, 0), [(13, 8, 0), (6, 5, 1), (3, 4, 0), (3, 7, 1), (7, 12, 0), (10, 13, 1), (17, 16, 0),
                      (15, 12, 0)]),
    5: ((10, 13, 0), [(13, 11, 0), (9, 6, 1), (6, 8, 1), (3, 7, 0), (3, 10, 1), (7, 15, 0), (9, 19, 0),
                      (10, 16, 1), (17, 19, 0), (15, 15, 0)]),
}
PREY_POOL = {
    2: ["moose", "deer", "raccoon", "boar", "rabbit"],
    3: ["moose", "deer", "raccoon", "boar", "rabbit", "rabbit"],
    4: ["moose", "deer", "raccoon", "boar", "rabbit", "rabbit", "raccoon", "boar"],
    5: PREY * 2,
}
# Region Scoring Token stacks, bottom first.
TOKEN_POOL = {
    2: [["crescent"], ["full"], ["full"], ["quarter", "crescent"], ["full", "quarter"]],
    3: [["crescent"]] * 2 + [["quarter"]] * 2 + [["full"]] * 2,
    4: [["crescent"]] * 2 + [["quarter"]] * 3 + [["full"]] * 3,
    5: [["crescent"]] * 3 + [["quarter"]] * 4 + [["full"]] * 3,
}


class Refused(Exception):
    """An action the rules forbid; `rule` says which, in this engine's words."""

    def __init__(self, rule):
        super().__init__(rule)
        self.rule = rule


class Hex:
    def __init__(self, kind, terrain, region):
        self.kind = kind  # "land", "water", "chasm"
        self.terrain = terrain  # a colour name for land
        self.region = region  # region number, None on the Start Board
        self.lone_wolf = False
        self.prey = None  # (type, count)
        self.pieces = []  # (colour, type)
        self.ring = False  # Start Board land beside the Central Chasm


def neighbours(cell):
    """The six neighbours of (column, row) on the pointy-topped odd-r map."""
    col, row = cell
    q = col - (row - (row & 1)) // 2
    out = []
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        r = row + dr
        out.append((q + dq + (r - (r & 1)) // 2, r))
    return out


class ToyWolves:
    """A standard game for 2 to 5 colours in seating order, set up from a
    seed, in its draft.  Players are seat numbers 0..n-1."""

    def __init__(self, colours, seed, ai=None):
        n = len(colours)
        if not 2 <= n <= 5 or len(set(colours)) != n or any(c not in COLOURS for c in colours):
            raise ValueError("2 to 5 distinct colours")
        if n == 2 and ai is None:
            ai = next(c for c in COLOURS if c not in colours)
        if (n == 2) != (ai is not None) or ai in colours:
            raise ValueError("an AI pack only for 2 players, of another colour")
        self.colours = list(colours)
        self.ai = ai
        rng = Generator(seed)
        ids = list(range(1, 11))
        rng.shuffle(ids)
        self._lay_out(n, ids)
        prey = list(PREY_POOL[n])
        rng.shuffle(prey)
        icons = [c for c in self.cells if self._icon.get(c) == "prey"]
        for cell, kind in zip(icons, prey):
            self.hexes[cell].prey = (kind, 1 if n == 2 else 2)
        for cell in self.cells:
            if self._icon.get(cell) == "lone":
                self.hexes[cell].lone_wolf = True
        pool = TOKEN_POOL[n]
        perm = list(range(len(pool)))
        rng.shuffle(perm)
        self.tokens = [list(pool[perm[r]]) for r in range(len(self.water))]
        if n == 2:
            self._place_ai()
        self.first = rng.below(n)
        self.placed = 0  # draft placements made
        self.phase = "draft"
        self.turn = 1

    def _lay_out(self, n, ids):
        start, places = PLACES[n]
        found = []  # (x, y, kind, terrain, board index or None, icon)
        boards = ([(start, None)] if start else []) + [(p, i) for i, p in enumerate(places)]
        for (px, py, turned), index in boards:
            for (dx, dy), group, start_terrain, icon in BOARD:
                if turned:
                    dx, dy = -dx, -dy
                if index is None:
                    kind = "chasm" if start_terrain == "#" else "land"
                    terrain = LETTER_TERRAIN.get(start_terrain)
                    icon = None
                elif group == "W":
                    kind, terrain = "water", None
                else:
                    kind, terrain = "land", LETTER_TERRAIN[PALETTES[ids[index] - 1][group]]
                found.append((px + dx, py + dy, kind, terrain, index, icon))
        # digital (x, y) -> axial (q, r) = (x, y - x) -> odd-r (col, row)
        rmin = min(y - x for x, y, *_ in found)
        cols = [(x + ((y - x - rmin) - ((y - x - rmin) & 1)) // 2) for x, y, *_ in found]
        cmin = min(cols)
        self.hexes, self._icon = {}, {}
        for (x, y, kind, terrain, index, icon), col in zip(found, cols):
            cell = (col - cmin, y - x - rmin)
            self.hexes[cell] = Hex(kind, terrain, index)
            if icon:
                self._icon[cell] = icon
        self.cells = sorted(self.hexes, key=lambda c: (c[1], c[0]))  # reading order
        # regions numbered in reading order of their Water Sources
        self.water = [c for c in self.cells if self.hexes[c].kind == "water"]
        number = {self.hexes[c].region: r for r, c in enumerate(self.water)}
        for h in self.hexes.values():
            if h.region is not None:
                h.region = number[h.region]
        for cell in self.cells:
            h = self.hexes[cell]
            if h.kind == "land" and h.region is None:
                h.ring = any(self.hexes.get(m) and self.hexes[m].kind == "chasm" for m in neighbours(cell))

    def _place_ai(self):
        for r, w in enumerate(self.water):
            upper_right, right = neighbours(w)[1], neighbours(w)[0]
            stack = self.tokens[r]
            bottom, top = stack[0], stack[1] if len(stack) > 1 else None
            if top is None and bottom == "crescent":
                put = [(upper_right, "pack"), (upper_right, "pack")]
            elif top == "crescent":
                put = [(upper_right, "lair")]
            elif top is None and bottom == "full":
                put = [(upper_right, "lair"), (upper_right, "alpha")]
            else:  # Quarter on Full
                put = [(upper_right, "lair"), (right, "alpha"), (right, "alpha")]
            for cell, kind in put:
                if cell in self.hexes and self.hexes[cell].kind == "land":
                    self.hexes[cell].pieces.append((self.ai, kind))

    # ---- the draft ----

    def drafter(self):
        """The seat to place next, or None once the draft is over (snake
        order: clockwise from the first player, then back)."""
        n, k = len(self.colours), self.placed
        if k >= 2 * n:
            return None
        return (self.first + (k if k < n else 2 * n - 1 - k)) % n

    def _empty(self, cell):
        h = self.hexes[cell]
        return not h.pieces and not h.lone_wolf and not h.prey

    def _side(self, cell):
        """The ring hexes connected to cell: its side of the chasm."""
        side, todo = {cell}, [cell]
        while todo:
            for m in neighbours(todo.pop()):
                if m not in side and m in self.hexes and self.hexes[m].ring:
                    side.add(m)
                    todo.append(m)
        return side

    def place(self, seat, cell):
        """Drafts seat's Alpha and Pack Wolf onto cell, or raises Refused."""
        if self.phase != "draft":
            raise Refused("draft_over")
        if seat != self.drafter():
            raise Refused("not_your_turn")
        h = self.hexes[cell]
        colour = self.colours[seat]
        if len(self.colours) == 2:
            stack = self.tokens[h.region] if h.region is not None else None
            if h.kind != "land" or stack is None or stack[-1] == "crescent":
                raise Refused("crescent_or_not_land")
        elif not h.ring:
            raise Refused("off_the_ring")
        if not self._empty(cell):
            raise Refused("occupied")
        if len(self.colours) > 2:
            mine = [c for c in self.cells if any(p[0] == colour for p in self.hexes[c].pieces)]
            if mine:
                side = self._side(mine[0])
                others = [c for c in self.cells if self.hexes[c].ring and c not in side and self._empty(c)]
                if cell in side and others:
                    raise Refused("same_side")
        h.pieces += [(colour, "alpha"), (colour, "pack")]
        self.placed += 1
        if self.drafter() is None:
            self.phase = "play"

    def other_action(self):
        """Any action but a draft placement: refused while drafting; the
        toy plays no further than the draft."""
        if self.phase == "draft":
            raise Refused("draft_not_over")
        raise NotImplementedError("the toy engine stops at the end of the draft")

    def current(self):
        d = self.drafter()
        return self.first if d is None else d
