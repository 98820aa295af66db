"""Northborough's pages, feature by feature, under ``/stables/``."""

from stables.burials.urls import urlpatterns as burials
from stables.horses.urls import urlpatterns as horses
from stables.permits.urls import urlpatterns as permits

app_name = "stables"
urlpatterns = permits + horses + burials
