"""North Andover's pages under ``/dogs/`` (Code ch. 60): each feature's ``urlpatterns``."""

from dogs.bites import urls as bites
from dogs.calls import urls as calls
from dogs.cases import urls as cases
from dogs.impoundment import urls as impoundment
from dogs.kennels import urls as kennels
from dogs.licenses import urls as licenses
from dogs.limits import urls as limits
from dogs.records import urls as records
from dogs.welfare import urls as welfare

app_name = "dogs"
urlpatterns = [
    *licenses.urlpatterns,
    *impoundment.urlpatterns,
    *cases.urlpatterns,
    *limits.urlpatterns,
    *kennels.urlpatterns,
    *calls.urlpatterns,
    *bites.urlpatterns,
    *welfare.urlpatterns,
    *records.urlpatterns,
]
