"""The pages of businesses and properties: the member's and resident's, and the clerk's."""

from django.urls import path

from permits_site.parties import owner_views, views

app_name = "parties"
urlpatterns = [
    path("businesses/", views.my_businesses, name="businesses"),
    path("businesses/new/", views.business_new, name="business_new"),
    path("businesses/<int:pk>/", views.business_detail, name="business"),
    path("businesses/<int:pk>/members/", views.business_add_member, name="business_add_member"),
    path("properties/", views.my_properties, name="properties"),
    path("properties/new/", views.property_new, name="property_new"),
    path("staff/businesses/", views.staff_businesses, name="staff_businesses"),
    path("staff/businesses/<int:pk>/", views.staff_business, name="staff_business"),
    path("staff/properties/", views.staff_properties, name="staff_properties"),
    path("staff/properties/<int:pk>/", views.staff_property, name="staff_property"),
    path("staff/properties/<int:pk>/correct/", views.staff_property_correct,
         name="staff_property_correct"),
    path("staff/properties/<int:pk>/merge/", views.staff_property_merge,
         name="staff_property_merge"),
]

# A property's owners of record (Tisbury BOH Reg 09.0.8(5); Northborough §8.1).
urlpatterns += [
    path("staff/properties/<int:pk>/owners/", owner_views.record_owner,
         name="staff_property_owner"),
    path("staff/properties/<int:pk>/owners/<int:owner_pk>/end/", owner_views.end_ownership,
         name="staff_property_owner_end"),
]
