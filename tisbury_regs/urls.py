from django.urls import path

from tisbury_regs import views

app_name = "tisbury_regs"
urlpatterns = [
    path("applications/<int:pk>/public-water/", views.record_public_water,
         name="record_public_water"),
]
