from django.urls import path

from tisbury_regs.permits import views

urlpatterns = [
    path("applications/<int:pk>/public-water/", views.record_public_water,
         name="record_public_water"),
    path("applications/<int:pk>/perc-review/", views.review_perc_test, name="perc_review"),
]
