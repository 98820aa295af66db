from django.urls import path

from tisbury_regs.health_orders import views

urlpatterns = [
    path("health/", views.health_list, name="health_orders"),
    path("health/new/<slug:kind>/", views.health_report, name="health_report"),
    path("health/<int:pk>/", views.health_case, name="health_case"),
]
