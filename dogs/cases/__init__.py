"""North Andover's dog cases (Code ch. 60), one module per workflow:

- :mod:`dogs.cases.determinations`: a dangerous dog declared by the hearing authority on its
  grounds, a potentially dangerous dog determined by the Animal Control Officer or the
  hearing authority (Dangerous A–C; Potentially dangerous A, B; Hearing authority A);
- :mod:`dogs.cases.restraint`: a nuisance dog found by the Animal Control Officer and the
  temporary restraint orders of any dog case, their sheltering, rescission and the keeper's
  petition (Restraint E; Temporary restraint A–C);
- :mod:`dogs.cases.appeals`: appeals to the Town Clerk, the public hearing, the written
  ruling and the further appeal (Hearing authority B–E);
- :mod:`dogs.cases.duties`: a determined dog's owner's duties, the security window, the
  compliance check and the release (Dangerous D, E(1); Potentially dangerous C);
- :mod:`dogs.cases.dangerous`: a dangerous dog's Chief's hearing and relocation notices
  (Dangerous F; Potentially dangerous G, H);
- :mod:`dogs.cases.potentially_dangerous`: who may be responsible for a potentially dangerous
  dog, its signs and when its owner may be fined (Potentially dangerous D–F);
- :mod:`dogs.cases.offenses`: the owner's citations and what each needs first (Dangerous F;
  Potentially dangerous F–H; Temporary restraint C);
- :mod:`dogs.cases.dog`: the dog a dangerous or potentially dangerous dog case is about,
  named when it is opened and on the notice of determination (Dangerous B; Potentially
  dangerous B).

The dog case page (:mod:`dogs.cases.views`, its forms in :mod:`dogs.cases.forms`) and
``/api/v1/dog-cases/`` (:mod:`dogs.cases.api`) run these services, which are importable from
``dogs.cases`` as well.
"""

from dogs.cases.appeals import *  # noqa: F403
from dogs.cases.common import *  # noqa: F403
from dogs.cases.dangerous import *  # noqa: F403
from dogs.cases.determinations import *  # noqa: F403
from dogs.cases.dog import *  # noqa: F403
from dogs.cases.duties import *  # noqa: F403
from dogs.cases.offenses import *  # noqa: F403
from dogs.cases.potentially_dangerous import *  # noqa: F403
from dogs.cases.restraint import *  # noqa: F403
