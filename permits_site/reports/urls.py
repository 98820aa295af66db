from django.urls import path

from permits_site.reports import views

app_name = "reports"

urlpatterns = [
    path("", views.reports, name="reports"),
    path("<slug:section>.csv", views.export, name="export"),
]
