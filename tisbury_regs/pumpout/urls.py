from django.urls import path

from tisbury_regs.pumpout import views

urlpatterns = [
    path("pumpout/", views.board_returns, name="pumpout_returns_board"),
    path("pumpout/returns/", views.my_returns, name="my_pumpout_returns"),
    path("pumpout/returns/new/", views.file_return, name="file_pumpout_return"),
    path("pumpout/returns/<int:pk>/", views.return_detail, name="pumpout_return"),
]
