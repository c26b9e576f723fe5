"""Quizzes: find them all, find the elimination, name the technique.

Pure models (no UI): the app's quiz screen, the `quiz` command and the
classroom drive them, through one protocol (protocol.py: make, submit,
give up, reveal, what the screen shows, state to resume, results for the
learner model and the class) and one registry of kinds (kinds.py).  A kind
is one module here registering its class with `@quiz_kind`:

* FindAllQuiz (find_all.py): every instance of a technique or family in a
  position; entries are typed or picked on the grid (entries.py), matched
  to steps by the parts each room names (matching.py), and a wrong one is
  told which condition of the pattern fails (why_not.py, from the rooms'
  pattern checks, the same ones the judge uses).
* EliminateQuiz (eliminate.py): the technique is the simplest step here;
  the learner claims an elimination and the judge grades it.
* NameQuiz (name.py): one step is shown; the learner picks its technique
  from four.

Wrong entries that mix up two techniques a learner often confuses are
recorded as confusions (confusions.py) and named back with a one-line
reminder of the difference.  The entry line's example (examples.py) is in
the format of the technique asked, on a pattern not in the position.  No
technique id is written here: everything about a technique comes from its
room in the registry.
"""
from .common import (  # noqa: F401
    REFERENCE_PUZZLE, NoQuiz, Verdict, after_singles, highlight_of, pending_singles,
    reference_position, singles_note, target_ids, target_name, target_noun,
)
from .confusions import Confusion, closest, confusion, partners  # noqa: F401
from .eliminate import EliminateQuiz  # noqa: F401
from .entries import Entry, EntryError, parse_entry, selection_entry  # noqa: F401
from .find_all import FindAllQuiz, Score  # noqa: F401
from .kinds import (  # noqa: F401
    QUIZ_KINDS, check_target, get_kind, kind_ids, kinds, make_quiz, quiz_kind, quiz_title,
)
from .matching import best_match, match_score  # noqa: F401
from .name import NameQuiz, name_options  # noqa: F401
from .protocol import Quiz  # noqa: F401
from .why_not import confusion_for_wrong, why_not  # noqa: F401
