from django.urls import path

from dogs.bites import views

# Bite records and quarantine orders (Code ch. 60, ACO B(2); Welfare C).
urlpatterns = [
    path("bites/", views.bite_list, name="bites"),
    path("bites/new/", views.bite_new, name="bite_new"),
    path("calls/<int:call_pk>/bite/", views.bite_new, name="bite_from_call"),
    path("bites/<int:pk>/", views.bite_detail, name="bite"),
]
