from django.urls import path

from tisbury_regs.inspection_triggers import views

urlpatterns = [
    path("septic/properties/<int:pk>/inspections/", views.inspections_due,
         name="inspections_due"),
    path("septic/properties/<int:pk>/inspections/record/", views.record_trigger,
         name="record_inspection_trigger"),
    path("septic/properties/<int:pk>/inspections/letter/", views.owner_letter,
         name="inspection_owner_letter"),
]
