"""Site administration: people and the staff roles they hold in each town.

Sign-in locks are django-axes' "Access attempts": deleting one unlocks that
username from that address.
"""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from permits_site.accounts.forms import LockoutAdminAuthenticationForm
from permits_site.accounts.models import Membership, User

#: The admin's sign-in page says "locked" when django-axes has locked the pair.
admin.site.login_form = LockoutAdminAuthenticationForm


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1


@admin.register(User)
class PersonAdmin(UserAdmin):
    inlines = [MembershipInline]
    list_display = ("username", "first_name", "last_name", "email", "is_active")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Contact", {"fields": ("phone", "street_address", "city", "state", "postal_code")}),
    )
