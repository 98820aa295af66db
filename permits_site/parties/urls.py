"""The pages of businesses and properties: the member's and resident's, and the clerk's."""

from django.urls import path

from permits_site.page_actions import with_actions
from permits_site.parties import owner_views, views

app_name = "parties"
urlpatterns = [
    path("businesses/", views.my_businesses, name="businesses"),
    path("businesses/new/", views.business_new, name="business_new"),
    path("businesses/<int:pk>/", views.business_detail, name="business"),
    path("properties/", views.my_properties, name="properties"),
    path("properties/new/", views.property_new, name="property_new"),
    path("staff/businesses/", views.staff_businesses, name="staff_businesses"),
    path("staff/businesses/<int:pk>/", views.staff_business, name="staff_business"),
    path("staff/properties/", views.staff_properties, name="staff_properties"),
    # The property's page and its forms: a correction, a merge and an owner of record
    # (Tisbury BOH Reg 09.0.8(5); Northborough §8.1), each posted to the page.
    path("staff/properties/<int:pk>/", with_actions({
        "correct": views.correct_property, "merge": views.merge_property,
        "owner": owner_views.record_owner,
    })(views.staff_property), name="staff_property"),
    path("staff/properties/<int:pk>/owners/<int:owner_pk>/end/", owner_views.end_ownership,
         name="staff_property_owner_end"),
]
