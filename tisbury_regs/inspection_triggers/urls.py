from django.urls import path

from tisbury_regs.inspection_triggers import views

urlpatterns = [
    path("septic/inspections-required/", views.inspections_board, name="inspections_board"),
    path("septic/properties/<int:pk>/inspections/", views.inspections_due,
         name="inspections_due"),
    path("septic/properties/<int:pk>/inspections/letter/", views.owner_letter,
         name="inspection_owner_letter"),
    path("properties/<int:pk>/leak-tests/", views.leak_tests_page, name="leak_tests"),
]
