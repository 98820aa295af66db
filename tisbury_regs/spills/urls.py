from django.urls import path

from tisbury_regs.spills import views

urlpatterns = [
    path("spills/", views.spill_reports, name="spill_reports"),
]
