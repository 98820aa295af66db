"""The stable permit pages: which permit (§1.1), the old addresses of applying, renewing and
transferring (§2, §7), now the generated form's,
the office's sign-offs (§2.3, §4.1, §2.5) and the stable's record (§2.1, §6)."""

from django.urls import path

from stables.permits import views

urlpatterns = [
    path("which-permit/", views.which_permit, name="which_permit"),
    path("apply/<slug:kind>/", views.apply, name="apply"),
    path("applications/<int:pk>/edit/", views.edit_application, name="edit_application"),
    path("applications/<int:pk>/zoning/", views.record_sign_off, {"kind": "zoning"},
         name="record_zoning"),
    path("applications/<int:pk>/conservation/", views.record_sign_off,
         {"kind": "conservation"}, name="record_conservation"),
    path(
        "applications/<int:pk>/grandfathered/",
        views.confirm_grandfathered,
        name="confirm_grandfathered",
    ),
    path("permits/<int:pk>/renew/", views.renew, name="renew"),
    path("transfer/", views.transfer, name="transfer"),
    path("<int:pk>/", views.stable_detail, name="stable"),
]
