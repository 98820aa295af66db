from django.contrib import admin
from django.urls import include, path, re_path

from permits_site.enforcement.urls import resident_urlpatterns as citation_urlpatterns
from permits_site.homes import views as homes
from permits_site.licensing.page_registry import registered_urls
from permits_site.licensing.views.public import home, verify
from permits_site.notifications.urls import letter_urlpatterns

urlpatterns = [
    # First: the public rule check is the busiest call, and nothing else starts api/v1/.
    path("api/v1/", include("permits_site.api.urls")),
    path("", home, name="home"),
    path("verify/<str:token>/", verify, name="verify"),
    path("verify/<str:token>", verify, name="verify_without_slash"),
    # Whatever else follows /verify/ is a code that matches no license: the same page says so.
    re_path(r"^verify/(?P<token>.*)$", verify, name="verify_unmatched"),
    path("", include("permits_site.accounts.urls")),
    path("staff/", homes.home, name="staff_home"),
    path("", include("permits_site.licensing.urls")),
    path("", include("permits_site.parties.urls")),
    # Each bylaw app's pages, registered from its AppConfig.ready().
    *(path(f"{url.prefix}/", include(url.module)) for url in registered_urls()),
    path("enforcement/", include("permits_site.enforcement.urls")),
    path("citations/", include(citation_urlpatterns)),
    path("messages/", include("permits_site.notifications.urls")),
    path("staff/letters/", include(letter_urlpatterns)),
    path("towns/", include("permits_site.licensing.law_urls")),
    path("payments/", include("permits_site.online_payments.urls")),
    path("reports/", include("permits_site.reports.urls")),
    path("staff/search/", include("permits_site.search.urls")),
    path("django-admin/", admin.site.urls),
]

#: An address under /api/ that names no operation is answered in the API's JSON.
handler404 = "permits_site.api.errors.not_found"
