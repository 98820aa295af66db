"""Site administration: people and the staff roles they hold in each town."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from permits_site.accounts.models import Membership, User


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1


@admin.register(User)
class PersonAdmin(UserAdmin):
    inlines = [MembershipInline]
    list_display = ("username", "first_name", "last_name", "email", "is_active")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Contact", {"fields": ("phone", "street_address", "city", "postal_code")}),
    )
