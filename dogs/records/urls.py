from django.urls import path

from dogs.records import views

# Records kept past their two years (Code ch. 60, ACO B(2)).
urlpatterns = [
    path("records/past-keeping/", views.retention_list, name="retention"),
]
