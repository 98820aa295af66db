"""Businesses and properties in the site administration: to look up, not to edit.

Every change to a business or a place goes through
:mod:`permits_site.parties.services`, which writes the audit entry the
spec requires (a clerk's correction or merge, a member added); an edit
here would leave none. The pages under ``/staff/`` are where a clerk
corrects and merges.
"""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from permits_site.parties.models import Business, BusinessMember, Property


class ReadOnlyAdmin(SimpleHistoryAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class MemberInline(admin.TabularInline):
    model = BusinessMember
    fk_name = "business"
    fields = ("user", "added_by", "added_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Business)
class BusinessAdmin(ReadOnlyAdmin):
    list_display = ("legal_name", "dba", "kind", "mailing_address", "created_at")
    list_filter = ("kind",)
    search_fields = ("legal_name", "dba", "email", "memberships__user__username")
    inlines = [MemberInline]


@admin.register(Property)
class PropertyAdmin(ReadOnlyAdmin):
    list_display = ("address", "municipality", "parcel", "merged_into", "created_at")
    list_filter = ("municipality",)
    list_select_related = ("municipality", "merged_into__municipality")
    search_fields = ("address", "normalised_address", "parcel")
    raw_id_fields = ("people", "businesses", "merged_into")
