"""Public, unauthenticated endpoints: the law as data (municipalities, checks, quotes)."""

urlpatterns: list = []
