from django.urls import path

from dogs.impoundment import found_views, owner, treasurer, views

# Impoundment (with the owner's page of an impounded animal), finders' reports, the adoption
# money report and the public "found an animal?" page (Code ch. 60, Impoundment).
urlpatterns = [
    path("impoundments/", views.impound_list, name="impoundments"),
    path("impoundments/new/", views.impound_new, name="impoundment_new"),
    path("impoundments/adoption-money/", treasurer.adoption_money, name="adoption_money"),
    path("impoundments/<int:pk>/", views.impound_detail, name="impoundment"),
    path("impoundments/<int:pk>/owner/", owner.impoundment_owner, name="impoundment_owner"),
    path("found-reports/", found_views.found_reports, name="found_reports"),
    path("found-reports/<int:pk>/", found_views.found_report, name="found_report"),
    path("found/", views.found_dog, name="found_dog"),
]
