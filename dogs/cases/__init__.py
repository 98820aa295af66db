"""North Andover's dog cases (Code ch. 60), one module per workflow:

- :mod:`dogs.cases.determinations`: a dangerous or potentially dangerous dog determined by
  the hearing authority after the Animal Control Officer's proposal (Dangerous A–C;
  Potentially dangerous A, B);
- :mod:`dogs.cases.restraint`: a nuisance dog found by the Animal Control Officer and its
  temporary restraint orders (Restraint E; Temporary restraint A);
- :mod:`dogs.cases.appeals`: appeals to the Town Clerk, the public hearing, the written
  ruling and the further appeal (Hearing authority B–E);
- :mod:`dogs.cases.duties`: a determined dog's owner's duties, the security window, the
  compliance check and the release (Dangerous D, E(1); Potentially dangerous C);
- :mod:`dogs.cases.dangerous`: a dangerous dog's fines, the Chief's hearing and relocation
  notices (Dangerous F; Potentially dangerous G, H).

The dog case page (:mod:`dogs.cases.views`, its forms in :mod:`dogs.cases.forms`) and
``/api/v1/dog-cases/`` (:mod:`dogs.cases.api`) run these services, which are importable from
``dogs.cases`` as well.
"""

from dogs.cases.appeals import *  # noqa: F403
from dogs.cases.common import *  # noqa: F403
from dogs.cases.dangerous import *  # noqa: F403
from dogs.cases.determinations import *  # noqa: F403
from dogs.cases.duties import *  # noqa: F403
from dogs.cases.restraint import *  # noqa: F403
