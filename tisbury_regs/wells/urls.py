from django.urls import path

from tisbury_regs.wells import views

urlpatterns = [
    path("wells/", views.board_wells, name="board_wells"),
    path("wells/readings/", views.my_wells, name="my_wells"),
]
