from django.urls import path

from dogs.calls import views

# The Animal Control Officer's log of calls (Code ch. 60, ACO B(2)).
urlpatterns = [
    path("calls/", views.call_list, name="calls"),
    path("calls/new/", views.call_new, name="call_new"),
    path("calls/report/", views.monthly_report_page, name="calls_report"),
    path("calls/report.csv", views.monthly_report_csv, name="calls_report_csv"),
    path("calls/<int:pk>/", views.call_detail, name="call"),
]
