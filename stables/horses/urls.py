"""The horse pages: registering a horse, filing its certificate, the registry (B, §3.2)."""

from django.urls import path

from stables.horses import views

urlpatterns = [
    path("horses/new/", views.horse_new, name="horse_new"),
    path("horses/<int:pk>/certificate/", views.horse_certificate, name="horse_certificate"),
    path("horses/<int:pk>/departure/", views.horse_departure, name="horse_departure"),
    path("horses/registry/", views.horse_registry, name="horse_registry"),
]
