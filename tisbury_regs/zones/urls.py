from django.urls import path

from tisbury_regs.zones import views

urlpatterns = [
    path("properties/<int:pk>/zone/", views.property_zone, name="property_zone"),
    path("coastal-district/", views.coastal_district, name="coastal_district"),
]
