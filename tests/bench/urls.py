"""The project's URLs plus a bare JSON view, for the bench only (``ROOT_URLCONF`` override).

The bare view parses a JSON body and answers JSON behind the same middleware as the
site, without DRF, a rule set or the database: the ceiling the public rule check is
compared with.
"""

import json

from django.http import JsonResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt
def bare_json(request):
    body = json.loads(request.body or b"{}")
    return JsonResponse({"received": sorted(body)})


urlpatterns = [
    path("bench/bare-json/", bare_json),
    path("", include("permits_site.urls")),
]
