from django.urls import path

from permits_site.search import views

app_name = "search"
urlpatterns = [
    path("", views.results, name="results"),
]
