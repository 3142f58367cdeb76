"""TM § Exchanging Tokens: paying follower tokens one at a time with the mandatory exchange, the bank,
and the exchange that waits for the bank (``_settle``)."""

from __future__ import annotations

from .tables import PH, PR, D


def _pay(cult: list, bank: list, need) -> bool:
    """Move ``need`` from ``cult`` out (Prophets first), one token at a time, applying the mandatory
    exchange after each token (TM § Exchanging Tokens). Returns False (lists then undefined) if the
    cult runs out of a needed type; callers pass copies when only checking."""
    for t in (PH, PR, D):
        for _ in range(need[t]):
            if cult[t] <= 0:
                return False
            cult[t] -= 1
            _exchange(cult, bank)
    return True


def _needs_exchange(cult: list) -> bool:
    return (cult[PR] == 0 and cult[PH] > 0) or (cult[D] == 0 and cult[PR] > 0)


def _exchange(cult: list, bank: list) -> None:
    """TM § Exchanging Tokens: no Priest but a Prophet -> the Prophet goes to the bank for two Priests;
    no Disciple but a Priest -> the Priest goes to the bank for two Disciples. Mandatory; it waits
    only while the bank cannot pay (designed) and is made as soon as it can (``_settle``)."""
    while True:
        if cult[PR] == 0 and cult[PH] > 0 and bank[PR] >= 2:
            cult[PH] -= 1
            bank[PH] += 1
            cult[PR] += 2
            bank[PR] -= 2
        elif cult[D] == 0 and cult[PR] > 0 and bank[D] >= 2:
            cult[PR] -= 1
            bank[PR] += 1
            cult[D] += 2
            bank[D] -= 2
        else:
            return


class Tokens:
    """Tokens moved between Cults, Stakes and the bank, with the mandatory exchange."""

    def _bank_give(self, cult: list, t: int, k: int) -> int:
        g = min(k, self.bank[t])
        self.bank[t] -= g
        cult[t] += g
        return g

    def _settle(self) -> None:
        """TM § Exchanging Tokens: "If at any moment of the game you no longer have Priest or Disciple
        tokens in your Cult, but you have tokens of higher value ... you MUST exchange them
        immediately". An exchange that waited because the bank could not pay happens as soon as the
        bank can pay; seats waiting together exchange clockwise from the First Player (designed), and
        the round repeats while an exchange gave the bank what another seat waits for."""
        cult, bank, alive = self.cult, self.bank, self.alive
        moved = True
        while moved:
            moved = False
            for i in range(self.n):
                q = (self.first + i) % self.n
                c = cult[q]
                if alive[q] and _needs_exchange(c):
                    before = c[:]
                    _exchange(c, bank)
                    if c != before:
                        moved = True

    def _can_pay(self, p: int, need) -> bool:
        return _pay(self.cult[p][:], self.bank[:], need)

    def _stake_remove(self, p: int, t: int, k: int) -> int:
        """Up to ``k`` (``-1``: all) tokens of type ``t`` leave ``p``'s Stake for the bank; tokens on a
        Last Stand card go first (designed)."""
        have = self.stake[p][t]
        k = have if k < 0 else min(k, have)
        ls_part = min(k, self.lsk[p][t])
        self.lsk[p][t] -= ls_part
        self.stake[p][t] -= k
        self.bank[t] += k
        return k
