"""Public pages about each town's law: its checks, permit types and key dates."""

from django.urls import path

from permits_site.licensing.views import law, which_permit

app_name = "law"
urlpatterns = [
    path("<slug:town>/", law.town, name="town"),
    path("<slug:town>/check/<str:code>/", law.check, name="check"),
    path("<slug:town>/permits/<str:code>/", law.permit_type, name="permit_type"),
    path("<slug:town>/key-dates/", law.key_dates, name="key_dates"),
    path("<slug:town>/variances/", law.variances, name="variances"),
    path("<slug:town>/which-permit/", which_permit.which_permit, name="which_permit"),
]
