from django.urls import path

from dogs.limits import feeding_views, views

# Residence limits and noise complaints (Code ch. 60, Limits; Restraint C).
urlpatterns = [
    path("limits/new/", views.limits_new, name="limits_new"),
    path("limits/<int:pk>/", views.limits_case, name="limits_case"),
    path("feeding/", feeding_views.feeding_cases, name="feeding_cases"),
    path("feeding/<int:pk>/", feeding_views.feeding_case, name="feeding_case"),
    path("noise/<int:pk>/", views.noise_case, name="noise_case"),
]
