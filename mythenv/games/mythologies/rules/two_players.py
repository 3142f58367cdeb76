"""MY § Additional Rule for 2 Players: on each Destiny card, the two boards nobody uses exile the
Creature of the slot numbered like the Destiny cards revealed so far, or their Deity when that
Creature was selected."""

from __future__ import annotations


class TwoPlayerRule:
    """The two-player exile."""

    def _two_player_exile(self, k: int) -> None:
        """MY § Additional Rule for 2 Players."""
        if k > 3:
            return
        used = {self.dest_board[0], self.dest_board[1]}
        taken = {(pb, pos) for q in range(self.n) for pb, pos in self.pawns[q]}
        for b in range(4):
            if b in used:
                continue
            for pos in (k - 1, 3):
                c = self.sanct[4 * b + pos]
                if c >= 0 and (b, pos) not in taken:
                    self.sanct[4 * b + pos] = -1
                    self.faceup[4 * b + pos] = 1
                    self.exile.append(c)
                    self.known[c] = self.all
                    break
