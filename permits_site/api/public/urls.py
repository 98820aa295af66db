"""Public, unauthenticated endpoints: the law as data (municipalities, checks, quotes)."""

from django.urls import path

from permits_site.api.public import views

urlpatterns = [
    path("municipalities/", views.MunicipalityList.as_view(), name="municipality-list"),
    path("municipalities/<str:code>/", views.MunicipalityDetail.as_view(),
         name="municipality-detail"),
    path(
        "municipalities/<str:code>/key-dates/",
        views.KeyDates.as_view(),
        name="municipality-key-dates",
    ),
    path(
        "municipalities/<str:code>/deadlines/<str:period>/",
        views.Deadline.as_view(),
        name="municipality-deadline",
    ),
    path("permit-types/", views.PermitTypeList.as_view(), name="permit-type-list"),
    path("permit-types/<str:code>/", views.PermitTypeDetail.as_view(),
         name="permit-type-detail"),
    path("checks/", views.CheckList.as_view(), name="check-list"),
    path("checks/<str:code>/", views.Check.as_view(), name="check"),
    path("fee-quotes/", views.FeeQuote.as_view(), name="fee-quote"),
    path("fine-quotes/", views.FineQuote.as_view(), name="fine-quote"),
]
