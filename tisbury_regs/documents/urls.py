from django.urls import path

from tisbury_regs.documents import views

urlpatterns = [
    path("documents/charge/", views.charge_for_documents, name="charge_for_documents"),
]
