"""The horse burial notice pages (§6.6)."""

from django.urls import path

from stables.burials import views

urlpatterns = [
    path("burials/new/", views.burial_new, name="burial_new"),
    path("burials/<int:pk>/", views.burial_detail, name="burial"),
]
