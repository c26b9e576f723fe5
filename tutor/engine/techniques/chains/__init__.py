"""Chains and loops: alternating chains of strong and weak links.

links.py: the link graph over candidates (and group nodes);
search.py: the shortest-chain search over it; text.py: steps and Eureka text;
checks.py: the pattern checks of a named chain;
remote_pair.py, x_cycle.py, xy_chain.py, aic.py: the techniques.
"""
from ...registry import Notation, family

# a chain's kind of loop after its name ('AIC (discontinuous loop)') describes
# it; it does not name the X-Cycle ('loop') as well
NOTATION = Notation(words=("continuous", "discontinuous", "weak", "strong", "rule", "link", "links"),
                    drop=(r"\((?:[a-z ,]*\bloop\b[a-z ,]*)\)",))

family("chains", "Chains and loops", "chain", notation=NOTATION)
