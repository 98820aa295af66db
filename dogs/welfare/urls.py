from django.urls import path

from dogs.welfare import views

# Vacated property inspected for abandoned animals (Code ch. 60, Welfare G).
urlpatterns = [
    path("vacated-properties/", views.report_list, name="vacated_properties"),
    path("vacated-properties/new/", views.report_new, name="vacated_property_new"),
    path("vacated-properties/<int:pk>/", views.report_detail, name="vacated_property"),
]
