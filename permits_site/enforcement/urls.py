from django.urls import path

from permits_site.enforcement import views

app_name = "enforcement"
urlpatterns = [
    path("inspections/", views.inspections, name="inspections"),
    path("inspections/schedule/", views.inspection_schedule, name="inspection_schedule"),
    path("inspections/<int:pk>/", views.inspection, name="inspection"),
    path("inspections/<int:pk>/photos/", views.inspection_photo_upload, name="photo_upload"),
    path("inspections/<int:pk>/case/", views.inspection_case, name="inspection_case"),
    path("photos/<int:pk>/", views.inspection_photo, name="photo"),
    path("cases/", views.cases, name="cases"),
    path("cases/open/", views.case_open, name="case_open"),
    path("cases/<int:pk>/", views.case, name="case"),
    path("cases/<int:pk>/<slug:action>/", views.case_action, name="case_action"),
    path("deadlines/", views.deadlines, name="deadlines"),
]
