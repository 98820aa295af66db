from permits_site.accounts.models import Role
from permits_site.accounts.permissions import role_pairs


def roles(request):
    """Which staff screens to offer in the navigation: roles held, and (lazily) in which towns."""
    pairs = role_pairs(request.user)

    def town_codes() -> set[str]:
        from permits_site.towns.models import Municipality

        ids = {municipality_id for municipality_id, _role in pairs}
        return set(Municipality.objects.filter(pk__in=ids).values_list("code", flat=True))

    def registered_links() -> list:
        from permits_site.licensing.page_registry import nav_links

        return nav_links(request.user)

    return {
        "nav_roles": {role for _municipality, role in pairs},
        # The staff pages of properties and businesses are the clerk's
        # (permits_site.parties.views.clerk_required): a link to one is offered only to a clerk.
        "may_open_properties": any(role == Role.CLERK for _municipality, role in pairs),
        "nav_towns": town_codes if pairs else set,
        "nav_links": registered_links if pairs else list,
    }
