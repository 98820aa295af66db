from permits_site.accounts.permissions import role_pairs


def roles(request):
    """Which staff screens to offer in the navigation."""
    pairs = role_pairs(request.user)
    return {
        "nav_roles": {role for _municipality, role in pairs},
    }
