from django.urls import path

from dogs.impoundment import views

# Impoundment and the public "found a dog?" page (Code ch. 60, Impoundment).
urlpatterns = [
    path("impoundments/", views.impound_list, name="impoundments"),
    path("impoundments/new/", views.impound_new, name="impoundment_new"),
    path("impoundments/<int:pk>/", views.impound_detail, name="impoundment"),
    path("impoundments/<int:pk>/<slug:action>/", views.impound_action,
         name="impoundment_action"),
    path("found/", views.found_dog, name="found_dog"),
]
