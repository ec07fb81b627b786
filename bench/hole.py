"""The sunk-disc scenario: targeted shots into a crowd around the 20 hole.

Counts the shots in which a disc slid through one lying in the hole (must be 0):
``python bench/hole.py [shots] [seed]`` (defaults 4000 and 15).
"""

import sys

from flickboard.bench.hole import slide_throughs, targeted_shots
from flickboard.geometry import CrokinoleBoard

if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    counts = slide_throughs(targeted_shots(CrokinoleBoard.standard(), count, seed))
    print(
        f"{counts.shots} targeted shots: {counts.dropped} sank a disc, {counts.struck} then "
        f"had a disc strike it in the hole, {counts.through} had a disc slide through it"
    )
